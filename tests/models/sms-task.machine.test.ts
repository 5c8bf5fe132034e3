import { describe, expect, it } from 'vitest';
import {
  canSmsTask,
  nextSmsTaskStatus,
  smsTaskMachine,
  smsTaskStatusesAllowing,
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
    expect(smsTaskStatusesAllowing({ type: 'task.cancel' }).sort()).toEqual(
      [SMS_TASK_STATUS.Pending, SMS_TASK_STATUS.Waiting, SMS_TASK_STATUS.PendingManualReview].sort(),
    );
    expect(canSmsTask(SMS_TASK_STATUS.Complete, 0, { type: 'task.cancel' })).toBe(false);
    expect(nextSmsTaskStatus(SMS_TASK_STATUS.Waiting, 0, { type: 'task.cancel' })).toEqual({
      status: SMS_TASK_STATUS.Cancelled,
      resultState: 0,
    });
  });

  it('tracks the result state through processing', () => {
    const started = nextSmsTaskStatus(SMS_TASK_STATUS.Waiting, 0, { type: 'send.start' });
    expect(started).toEqual({ status: SMS_TASK_STATUS.Processing, resultState: SMS_TASK_RESULT_STATE.Process });
    const submitted = nextSmsTaskStatus(started!.status, started!.resultState, { type: 'send.allSubmitted' });
    expect(submitted).toEqual({ status: SMS_TASK_STATUS.Processing, resultState: SMS_TASK_RESULT_STATE.SubmitSuccess });
    expect(nextSmsTaskStatus(submitted!.status, submitted!.resultState, { type: 'send.complete' })).toEqual({
      status: SMS_TASK_STATUS.Complete,
      resultState: SMS_TASK_RESULT_STATE.Success,
    });
    expect(nextSmsTaskStatus(SMS_TASK_STATUS.Processing, 2, { type: 'send.complete' })).toBeNull();
    expect(nextSmsTaskStatus(SMS_TASK_STATUS.Processing, 2, { type: 'send.fail' })).toEqual({
      status: SMS_TASK_STATUS.Failed,
      resultState: SMS_TASK_RESULT_STATE.Fail,
    });
  });

  it('deletes only finished tasks, and nothing leaves deleted', () => {
    expect(smsTaskStatusesAllowing({ type: 'task.delete' }).sort()).toEqual([3, 4, 6, 8]);
    expect(nextSmsTaskStatus(SMS_TASK_STATUS.Deleted, 0, { type: 'review.pass' })).toBeNull();
    expect(nextSmsTaskStatus(99, 0, { type: 'task.cancel' })).toBeNull();
  });
});
