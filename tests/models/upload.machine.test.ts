import { expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { uploadMachine, type UploadFile } from '../../src/machines/upload.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const file = (name: string, type: string, size: number) => ({ name, type, size }) as unknown as UploadFile;
const picture = file('shot.png', 'image/png', 2048);
// A real PNG's first bytes, and a text file's (named .png): issue 18 §8.
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const TEXT_HEAD = new TextEncoder().encode('hello, world');
const grant = {
  Authorization: 'HERALD-UPLOAD 1:x',
  Address: '/files/upload/f1',
  FileId: 'f1',
  MediaURL: '/files/f1?e=1',
};

// Every failure point (hashing, authorisation, sending) and a cancel at every step are edges of the
// model, so each gets its own generated path.
testModel('upload.machine', {
  machine: uploadMachine,
  input: () => ({ accept: ['image/png', 'image/jpeg'] }),
  events: {
    'file.select': [
      { file: picture },
      { file: file('list.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 100) },
      { file: file('huge.png', 'image/png', 10_485_761) },
    ],
    'xstate.done.actor.readHead': [{ output: PNG_HEAD }, { output: TEXT_HEAD }],
    'hash.progress': [{ loaded: 1024, total: 2048 }],
    'hash.done': [{ md5: '0123456789abcdef0123456789abcdef' }],
    'hash.failed': [{ reason: 'read error' }],
    'xstate.done.actor.authorize': [{ output: grant }],
    'xstate.error.actor.authorize': [
      {
        error: new GatewayError(
          'GetUploadAuthorization',
          RetCode.UploadTypeNotAllowed,
          'This file type cannot be uploaded here.',
        ),
      },
    ],
    'send.progress': [{ loaded: 1024, total: 2048 }],
    'send.done': [{ fileId: 'f1', mediaUrl: '/files/f1?e=1' }],
    'send.failed': [{ reason: 'The file arrived damaged' }],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.file?.name ?? null]),
  states: {
    rejected: (s) => {
      expect(s.context.rejection).toMatch(/^(type|size|content)$/);
      // a file that can never pass offers no retry
      expect(s.can({ type: 'upload.retry' })).toBe(false);
    },
    checkingContent: (s) => expect(s.context.file?.name).toBe('shot.png'),
    hashing: (s) => expect(s.context.file?.name).toBe('shot.png'),
    authorizing: (s) => expect(s.context.md5).toMatch(/^[0-9a-f]{32}$/),
    sending: (s) => expect(s.context.grant?.Address).toBe('/files/upload/f1'),
    done: (s) => expect(s.context.result).toEqual({ fileId: 'f1', mediaUrl: '/files/f1?e=1' }),
    failed: (s) => expect(s.context.failure).not.toBeNull(),
    cancelled: (s) => expect(s.context.result).toBeNull(),
  },
});

it('refuses a text file named .png from its first bytes, before hashing, with no retry (issue 18 §8)', async () => {
  const actor = createActor(uploadMachine, { input: { accept: ['image/png', 'image/jpeg'] } }).start();
  const renamed = Object.assign(new Blob(['just some notes\n'], { type: 'image/png' }), { name: 'notes.png' });
  actor.send({ type: 'file.select', file: renamed });
  const rejected = await waitFor(actor, (s) => s.matches('rejected'));
  expect(rejected.context.rejection).toBe('content');
  expect(rejected.context.md5).toBeNull();
  expect(rejected.can({ type: 'upload.retry' })).toBe(false);
  actor.stop();
});
