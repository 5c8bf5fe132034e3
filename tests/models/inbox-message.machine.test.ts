import { describe, expect, it } from 'vitest';
import { inboxMessageLifecycle, inboxMessageMachine } from '../../src/machines/lifecycles/inbox-message.machine';
import { INBOX_STATUS as S } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('inbox-message.machine', { machine: inboxMessageMachine });

describe('inbox message lifecycle rules', () => {
  it('opens an unread message and marks it unread again', () => {
    expect(inboxMessageLifecycle.next(S.Unread, 'message.review')?.status).toBe(S.Reviewed);
    expect(inboxMessageLifecycle.next(S.Reviewed, 'message.markUnread')?.status).toBe(S.Unread);
    expect(inboxMessageLifecycle.can(S.Replied, 'message.markUnread')).toBe(false);
  });

  it('answers from anywhere but the archive, and restores the archive as reviewed', () => {
    expect(inboxMessageLifecycle.statusesAllowing('message.reply')).toEqual([S.Unread, S.Reviewed, S.Replied]);
    expect(inboxMessageLifecycle.can(S.Archived, 'message.reply')).toBe(false);
    expect(inboxMessageLifecycle.next(S.Archived, 'message.restore')?.status).toBe(S.Reviewed);
    expect(inboxMessageLifecycle.next(S.Archived, 'message.restoreAnswered')?.status).toBe(S.Replied);
    expect(inboxMessageLifecycle.statusesAllowing('message.archive')).toEqual([S.Unread, S.Reviewed, S.Replied]);
  });
});
