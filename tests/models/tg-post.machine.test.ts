import { describe, expect, it } from 'vitest';
import { tgPostLifecycle, tgPostMachine } from '../../src/machines/lifecycles/tg-post.machine';
import { TG_POST_STATUS as S } from '../../src/gateway/contract/telegram';
import { testModel } from './harness';

testModel('tg-post.machine', { machine: tgPostMachine });

describe('Telegram post lifecycle rules', () => {
  it('goes Draft, Submitted, Sending, Completed', () => {
    expect(tgPostLifecycle.next(S.Draft, 'post.submit')?.status).toBe(S.Submitted);
    expect(tgPostLifecycle.next(S.Submitted, 'send.start')?.status).toBe(S.Sending);
    expect(tgPostLifecycle.next(S.Sending, 'send.finish')?.status).toBe(S.Completed);
  });

  it('reads status 4 as a draft', () => {
    expect(tgPostLifecycle.next(S.DraftCopy, 'post.submit')?.status).toBe(S.Submitted);
    expect(tgPostLifecycle.statusesAllowing('post.saveDraft')).toEqual([S.Draft, S.DraftCopy]);
  });

  it('deletes anything but a post being sent', () => {
    expect(tgPostLifecycle.can(S.Sending, 'post.delete')).toBe(false);
    expect(tgPostLifecycle.statusesAllowing('post.delete').sort()).toEqual(
      [S.Draft, S.Submitted, S.Completed, S.DraftCopy].sort(),
    );
    expect(tgPostLifecycle.can(S.Completed, 'post.submit')).toBe(false);
  });
});
