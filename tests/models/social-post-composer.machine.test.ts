import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { serverProblems, socialPostComposerMachine } from '../../src/machines/social-post-composer.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SocialPost } from '../../src/gateway/contract/actions/social';
import { testModel } from './harness';

const profiles = [
  { profileId: 'SPTWITTER01', platform: 4 as const, name: 'Acme X' },
  { profileId: 'SPINSTA0001', platform: 2 as const, name: 'Acme IG' },
];
const post: SocialPost = {
  PostId: 'PS00000001',
  Text: 'Hello',
  Media: [{ FileId: 'F1', Name: 'a.png', ContentType: 'image/png', Size: 100 }],
  YouTubeTitle: '',
  TikTok: {
    Title: '',
    PrivacyLevel: '',
    AllowDuet: false,
    AllowStitch: false,
    AllowComment: true,
    BrandedContent: null,
  },
  Status: 3,
  SendTime: 0,
  Targets: [
    { ProfileId: 'SPTWITTER01', PlatformType: 4, Name: 'Acme X', Result: 'pending', PlatformPostId: '', Reason: '' },
  ],
  CreateTime: 1,
  UpdateTime: 1,
};
const refused = new GatewayError('SaveSocialPost', RetCode.SocialPostRuleBroken, 'Refused', {
  Fields: [{ Field: 'Text', Key: 'validation:socialTextTooLong', ProfileId: 'SPTWITTER01', Limit: 280 }],
});
type Snapshot = SnapshotFrom<typeof socialPostComposerMachine>;

const events = {
  'profiles.available': [{ profiles }],
  'profile.toggle': [{ profileId: 'SPTWITTER01' }],
  'text.change': [{ value: 'Launch day' }, { value: 'x'.repeat(281) }],
  'schedule.set': [{ sendTime: 4_000_000_000 }],
  'media.add': [{ media: { fileId: 'F1', name: 'a.png', kind: 'image', size: 100, url: '' } }],
  'media.remove': [{ fileId: 'F1' }],
  'youTube.title': [{ value: 'Title' }],
  'tikTok.change': [{ patch: { title: 'Clip' } }],
  'xstate.done.actor.saveDraft': [{ output: { PostId: 'PS00000002', Status: 3 } }],
  'xstate.done.actor.schedulePost': [{ output: { PostId: 'PS00000002', Status: 4 } }],
  'xstate.done.actor.publishPost': [{ output: { PostId: 'PS00000002', Status: 6 } }],
  'xstate.error.actor.publishPost': [{ error: refused }],
};
const config = {
  machine: socialPostComposerMachine,
  serializeState: (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.available.length,
      s.context.profileIds.length,
      s.context.problems.length,
      s.context.sendTime !== null,
    ]),
  states: {
    publishing: (s: Snapshot) => expect(s.context.problems).toEqual([]),
    saved: (s: Snapshot) => expect(s.context.savedPostId).toBe('PS00000002'),
  },
};

testModel(
  'social-post-composer.machine, new post',
  { ...config, input: () => ({}), events },
  { requireAllStates: false },
);
testModel(
  'social-post-composer.machine, edit a draft',
  {
    ...config,
    input: () => ({ postId: 'PS00000001' }),
    events: {
      ...events,
      'xstate.done.actor.loadPost': [{ output: post }],
      'xstate.error.actor.loadPost': [{ error: new GatewayError('GetSocialPost', RetCode.NotFound, 'Not found') }],
      'load.retry': [{}],
    },
  },
  { requireAllStates: false },
);

describe('social post composer', () => {
  it("shows each chosen platform's rule next to its profile as the user types", () => {
    const actor = createActor(socialPostComposerMachine, { input: {} }).start();
    actor.send({ type: 'profiles.available', profiles });
    actor.send({ type: 'profile.toggle', profileId: 'SPTWITTER01' });
    actor.send({ type: 'profile.toggle', profileId: 'SPINSTA0001' });
    actor.send({ type: 'text.change', value: 'x'.repeat(281) });
    expect(actor.getSnapshot().context.problems.map((p) => [p.profileId, p.key])).toEqual([
      ['SPTWITTER01', 'validation:socialTextTooLong'],
      ['SPINSTA0001', 'validation:socialMediaRequired'],
    ]);
    expect(actor.getSnapshot().can({ type: 'post.publish' })).toBe(false);
    actor.send({ type: 'media.add', media: { fileId: 'F1', name: 'a.png', kind: 'image', size: 100, url: '' } });
    actor.send({ type: 'text.change', value: 'x'.repeat(280) });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'post.publish' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'post.schedule' })).toBe(false);
  });

  it('lets a failed post be published again, not saved as a draft or scheduled', () => {
    const actor = createActor(
      socialPostComposerMachine.provide({
        actors: { loadPost: fromPromise(async () => ({ ...post, Status: 2 })) },
      }),
      { input: { postId: 'PS00000001' } },
    ).start();
    return new Promise<void>((resolve) => {
      actor.subscribe((snapshot) => {
        if (!snapshot.matches('editing')) return;
        actor.send({ type: 'profiles.available', profiles });
        actor.send({ type: 'schedule.set', sendTime: 4_000_000_000 });
        const s = actor.getSnapshot();
        expect(s.can({ type: 'post.publish' })).toBe(true);
        expect(s.can({ type: 'post.saveDraft' })).toBe(false);
        expect(s.can({ type: 'post.schedule' })).toBe(false);
        actor.stop();
        resolve();
      });
    });
  });

  it("reads the server's refusal with its profile and limit", () => {
    expect(serverProblems(refused)).toMatchObject([{ field: 'Text', profileId: 'SPTWITTER01', limit: 280 }]);
  });
});
