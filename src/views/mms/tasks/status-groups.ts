import { SMS_TASK_STATUS } from '../../../gateway/contract/sms-constants';
import { smsTaskLifecycle } from '../../../machines/lifecycles/sms-task.machine';

// The task list's status filter, in groups a sender thinks in. MMS tasks have the SMS task lifecycle.
const S = SMS_TASK_STATUS;
export const TASK_STATUS_GROUPS = {
  review: [S.Parsing, S.Pending, S.InReview, S.PendingManualReview],
  scheduled: [S.Waiting],
  sending: [S.Processing],
  complete: [S.Complete],
  stopped: [S.Failed, S.Rejected, S.Cancelled],
} as const;
export type TaskStatusGroup = keyof typeof TASK_STATUS_GROUPS;

/** Still moving: not yet in a status from which the task may be deleted (only finished tasks can). */
export const isTaskLive = (status: number) =>
  status !== S.Deleted && !smsTaskLifecycle.statusesAllowing('task.delete').includes(status as never);
