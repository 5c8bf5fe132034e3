import { smsTaskLifecycle } from '../../../machines/lifecycles/sms-task.machine';
import { SMS_TASK_STATUS } from '../../../gateway/contract/sms-constants';

// What the views ask the task lifecycle (whether a task may be cancelled is smsTaskCancelMachine's guard). A task is still moving while it cannot yet be deleted
// (only finished tasks can); deleted tasks are never listed.

export const isTaskLive = (status: number) =>
  status !== SMS_TASK_STATUS.Deleted && !smsTaskLifecycle.statusesAllowing('task.delete').includes(status as never);
