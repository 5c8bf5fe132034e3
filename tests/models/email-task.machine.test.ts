import { describe, expect, it } from 'vitest';
import {
  emailTaskLifecycle,
  emailTaskMachine,
  EMAIL_TASK_STATE_STATUS,
} from '../../src/machines/lifecycles/email-task.machine';
import { EMAIL_TASK_FILTER_GROUPS, EMAIL_TASK_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel('email-task.machine', { machine: emailTaskMachine });

describe('email task lifecycle rules', () => {
  it('stores spec 001 §4 statuses 0-11, each state its own code', () => {
    expect(new Set(Object.values(EMAIL_TASK_STATE_STATUS))).toEqual(new Set(Object.values(EMAIL_TASK_STATUS)));
    expect(
      Object.values(EMAIL_TASK_FILTER_GROUPS)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(Object.values(EMAIL_TASK_STATUS).sort((a, b) => a - b));
  });

  it('cancels only tasks that have not started sending; a draft is submitted or deleted', () => {
    const s = EMAIL_TASK_STATUS;
    expect(emailTaskLifecycle.statusesAllowing('task.cancel').sort()).toEqual(
      [s.Parsing, s.PendingReview, s.InReview, s.PendingManualReview, s.Waiting].sort(),
    );
    expect(emailTaskLifecycle.next(s.Draft, 'draft.submit')?.status).toBe(s.Parsing);
    expect(emailTaskLifecycle.can(s.Draft, 'send.start')).toBe(false);
    expect(emailTaskLifecycle.statusesAllowing('parse.done')).toEqual([s.Parsing]);
  });
});
