import { describe, expect, it } from 'vitest';
import { socialPostLifecycle, socialPostMachine } from '../../src/machines/lifecycles/social-post.machine';
import { SOCIAL_POST_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('social-post.machine', { machine: socialPostMachine });

describe('social post lifecycle rules', () => {
  it('goes Draft, Scheduled, Submitted, then Success or Failed', () => {
    expect(socialPostLifecycle.next(S.Draft, 'post.schedule')?.status).toBe(S.Scheduled);
    expect(socialPostLifecycle.next(S.Scheduled, 'publish.start')?.status).toBe(S.Submitted);
    expect(socialPostLifecycle.next(S.Submitted, 'publish.succeed')?.status).toBe(S.Success);
    expect(socialPostLifecycle.next(S.Submitted, 'publish.fail')?.status).toBe(S.Failed);
  });

  it('cancels only a scheduled post', () => {
    expect(socialPostLifecycle.statusesAllowing('post.cancel')).toEqual([S.Scheduled]);
    expect(socialPostLifecycle.can(S.Success, 'post.cancel')).toBe(false);
    expect(socialPostLifecycle.can(S.Canceled, 'post.publish')).toBe(false);
  });

  it('publishes a failed post again, never a published one', () => {
    expect(socialPostLifecycle.next(S.Failed, 'post.publish')?.status).toBe(S.Submitted);
    expect(socialPostLifecycle.can(S.Success, 'post.publish')).toBe(false);
    expect(socialPostLifecycle.can(S.Submitted, 'post.saveDraft')).toBe(false);
  });
});
