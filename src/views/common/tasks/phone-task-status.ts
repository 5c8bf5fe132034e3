import { SMS_TASK_STATUS } from '../../../gateway/contract/sms-constants';
import { smsTaskLifecycle } from '../../../machines/lifecycles/sms-task.machine';

// What the phone channels' task views ask the task lifecycle (SMS and MMS tasks share it); whether a
// task may be cancelled is the cancel machine's guard. Deleted tasks are never listed.
const S = SMS_TASK_STATUS;

/** The task list's status filter, in groups a sender thinks in (MMS). */
export const PHONE_TASK_GROUPS: Record<string, readonly number[]> = {
  review: [S.Parsing, S.Pending, S.InReview, S.PendingManualReview],
  scheduled: [S.Waiting],
  sending: [S.Processing],
  complete: [S.Complete],
  stopped: [S.Failed, S.Rejected, S.Cancelled],
};

/** Still moving: not yet in a status from which the task may be deleted (only finished tasks can). */
export const isPhoneTaskLive = (status: number) =>
  status !== S.Deleted && !smsTaskLifecycle.statusesAllowing('task.delete').includes(status as never);
