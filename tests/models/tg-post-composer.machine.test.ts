import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { composerFieldErrors, tgPostComposerMachine } from '../../src/machines/tg-post-composer.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { TgPost } from '../../src/gateway/contract/actions/telegram';
import { testModel } from './harness';

const post: TgPost = {
  PostId: 'TG00000001',
  Text: 'Hello groups',
  ImageFileId: 'F1',
  ImageName: 'a.png',
  ImageUrl: '/files/F1',
  Status: 0,
  SendTime: 0,
  Groups: [{ ChatId: '-1001000000001', Title: 'A', Result: 'pending', MessageId: null, Error: '' }],
  CreateTime: 1,
  UpdateTime: 1,
};
const refused = new GatewayError('CreateTGTask', RetCode.TelegramImageRefused, 'Refused', {
  Fields: [{ Field: 'ImageFileId', Key: 'validation:tgImageTooWide' }],
});

const events = {
  'text.change': [{ value: 'Launch day' }, { value: '' }],
  'image.check': [
    { size: 1000, width: 800, height: 600 },
    { size: 1000, width: 12_000, height: 100 },
  ],
  'image.set': [{ image: { fileId: 'F2', name: 'b.png', url: '/files/F2' } }],
  'image.clear': [{}],
  'group.toggle': [{ chatId: '-1001000000001' }],
  'schedule.set': [{ sendTime: null }],
  'xstate.done.actor.saveDraft': [{ output: { PostId: 'TG00000002', Status: 0 } }],
  'xstate.done.actor.submitPost': [{ output: { PostId: 'TG00000002', Status: 1 } }],
  'xstate.error.actor.submitPost': [{ error: refused }],
  'xstate.error.actor.saveDraft': [{ error: refused }],
};
const config = {
  machine: tgPostComposerMachine,
  serializeState: (s: SnapshotFrom<typeof tgPostComposerMachine>) =>
    JSON.stringify([
      s.value,
      s.context.text.length > 0,
      s.context.chatIds.length,
      s.context.image !== null,
      s.context.imageIssue,
    ]),
  states: {
    submitting: (s: SnapshotFrom<typeof tgPostComposerMachine>) => expect(s.context.chatIds.length).toBeGreaterThan(0),
    saved: (s: SnapshotFrom<typeof tgPostComposerMachine>) => expect(s.context.savedPostId).toBe('TG00000002'),
  },
};

testModel('tg-post-composer.machine, new post', { ...config, input: () => ({}), events }, { requireAllStates: false });
testModel('tg-post-composer.machine, edit a draft', {
  ...config,
  input: () => ({ postId: 'TG00000001' }),
  events: {
    ...events,
    'xstate.done.actor.loadPost': [{ output: post }],
    'xstate.error.actor.loadPost': [{ error: new GatewayError('GetTGTask', RetCode.NotFound, 'Not found') }],
    'load.retry': [{}],
  },
});

describe('Telegram post composer', () => {
  it('refuses an image 12000 px wide or 6 MB before any upload', () => {
    const actor = createActor(tgPostComposerMachine, { input: {} }).start();
    actor.send({ type: 'image.check', size: 1000, width: 12_000, height: 100 });
    expect(actor.getSnapshot().context.imageIssue).toBe('sides');
    actor.send({ type: 'image.check', size: 6 * 1024 * 1024, width: 800, height: 600 });
    expect(actor.getSnapshot().context.imageIssue).toBe('size');
    actor.send({ type: 'image.check', size: 1000, width: 2100, height: 100 });
    expect(actor.getSnapshot().context.imageIssue).toBe('ratio');
    actor.send({ type: 'image.check', size: 1000, width: 800, height: 600 });
    expect(actor.getSnapshot().context.imageIssue).toBeNull();
  });

  it('loads a copied post as a new one and names refused fields', async () => {
    const machine = tgPostComposerMachine.provide({
      actors: { loadPost: fromPromise(async () => ({ ...post, SendTime: 2_000_000_000 })) },
    });
    const actor = createActor(machine, { input: { copyId: 'TG00000001' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context).toMatchObject({ postId: null, text: 'Hello groups', chatIds: ['-1001000000001'], sendTime: null });
    expect(composerFieldErrors(refused)).toEqual({ ImageFileId: 'validation:tgImageTooWide' });
  });
});
