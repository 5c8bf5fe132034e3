import { describe, expect, it } from 'vitest';
import {
  smsTaskLifecycle,
  smsTaskMachine,
  SMS_TASK_STATE_STATUS,
} from '../../src/machines/lifecycles/sms-task.machine';
import { SMS_TASK_RESULT_STATE, SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { testModel } from './harness';

testModel('sms-task.machine', { machine: smsTaskMachine });

describe('sms task lifecycle rules', () => {
  it('names the same status numbers as the contract', () => {
    const byName: Record<string, number> = {
      parsing: SMS_TASK_STATUS.Parsing,
      pending: SMS_TASK_STATUS.Pending,
      inReview: SMS_TASK_STATUS.InReview,
      pendingManualReview: SMS_TASK_STATUS.PendingManualReview,
      waiting: SMS_TASK_STATUS.Waiting,
      processing: SMS_TASK_STATUS.Processing,
      complete: SMS_TASK_STATUS.Complete,
      failed: SMS_TASK_STATUS.Failed,
      rejected: SMS_TASK_STATUS.Rejected,
      cancelled: SMS_TASK_STATUS.Cancelled,
      deleted: SMS_TASK_STATUS.Deleted,
    };
    expect(SMS_TASK_STATE_STATUS).toEqual(byName);
  });

  it('cancels only tasks that have not started sending', () => {
    expect(smsTaskLifecycle.statusesAllowing('task.cancel').sort()).toEqual(
      [
        SMS_TASK_STATUS.Parsing,
        SMS_TASK_STATUS.Pending,
        SMS_TASK_STATUS.InReview,
        SMS_TASK_STATUS.Waiting,
        SMS_TASK_STATUS.PendingManualReview,
      ].sort(),
    );
    expect(smsTaskLifecycle.can(SMS_TASK_STATUS.Complete, 'task.cancel')).toBe(false);
    expect(smsTaskLifecycle.next(SMS_TASK_STATUS.Waiting, 'task.cancel', 0)).toEqual({
      status: SMS_TASK_STATUS.Cancelled,
      sub: 0,
    });
  });

  it('tracks the result state through processing', () => {
    const started = smsTaskLifecycle.next(SMS_TASK_STATUS.Waiting, 'send.start', 0);
    expect(started).toEqual({ status: SMS_TASK_STATUS.Processing, sub: SMS_TASK_RESULT_STATE.Process });
    const submitted = smsTaskLifecycle.next(started!.status, 'send.allSubmitted', started!.sub);
    expect(submitted).toEqual({ status: SMS_TASK_STATUS.Processing, sub: SMS_TASK_RESULT_STATE.SubmitSuccess });
    expect(smsTaskLifecycle.next(submitted!.status, 'send.complete', submitted!.sub)).toEqual({
      status: SMS_TASK_STATUS.Complete,
      sub: SMS_TASK_RESULT_STATE.Success,
    });
    expect(smsTaskLifecycle.next(SMS_TASK_STATUS.Processing, 'send.complete', 2)).toBeNull();
    expect(smsTaskLifecycle.next(SMS_TASK_STATUS.Processing, 'send.fail', 2)).toEqual({
      status: SMS_TASK_STATUS.Failed,
      sub: SMS_TASK_RESULT_STATE.Fail,
    });
  });

  it('deletes only finished tasks, and nothing leaves deleted', () => {
    expect(smsTaskLifecycle.statusesAllowing('task.delete').sort()).toEqual([3, 4, 6, 8]);
    expect(smsTaskLifecycle.next(SMS_TASK_STATUS.Deleted, 'review.pass', 0)).toBeNull();
    expect(smsTaskLifecycle.next(99, 'task.cancel', 0)).toBeNull();
  });
});
