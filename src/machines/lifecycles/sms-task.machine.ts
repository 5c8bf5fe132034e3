import { setup, type SnapshotFrom } from 'xstate';
import { SMS_TASK_RESULT_STATE, SMS_TASK_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The SMS task lifecycle (spec 001 §4: statuses 0-10 and the task result states). Pure: the console
// asks it which row actions to show, the server asks it whether a status change is legal. Transitions
// the spec does not show are decided in docs/decisions.md ("SMS").

/** Status code of each state: the contract's SMS_TASK_STATUS (src/gateway/contract/statuses.ts). */
export const SMS_TASK_STATE_STATUS = {
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
} as const;
export type SmsTaskStateName = keyof typeof SMS_TASK_STATE_STATUS;

/** Result state inside processing (SubmitSuccess 1, Process 2); complete is Success 4, failed Fail 3. */
export const SMS_TASK_RESULT_OF_STATE = {
  'processing.submitting': SMS_TASK_RESULT_STATE.Process,
  'processing.submitted': SMS_TASK_RESULT_STATE.SubmitSuccess,
  complete: SMS_TASK_RESULT_STATE.Success,
  failed: SMS_TASK_RESULT_STATE.Fail,
} as const;

export type SmsTaskEvent =
  | { type: 'parse.done' }
  | { type: 'parse.fail' }
  | { type: 'review.start' }
  | { type: 'review.pass' }
  | { type: 'review.flag' }
  | { type: 'review.reject' }
  | { type: 'task.cancel' }
  | { type: 'send.start' }
  | { type: 'send.allSubmitted' }
  | { type: 'send.complete' }
  | { type: 'send.fail' }
  | { type: 'task.delete' };

export const smsTaskMachine = setup({
  types: { events: {} as SmsTaskEvent },
}).createMachine({
  id: 'smsTask',
  initial: 'parsing',
  states: {
    /** 10: recipients being read and stored. */
    parsing: { on: { 'parse.done': 'pending', 'parse.fail': 'failed', 'task.cancel': 'cancelled' } },
    /** 0: stored, waiting for content review. */
    pending: { on: { 'review.start': 'inReview', 'task.cancel': 'cancelled' } },
    /** 9: content review running. */
    inReview: {
      on: {
        'review.pass': 'waiting',
        'review.flag': 'pendingManualReview',
        'review.reject': 'rejected',
        'task.cancel': 'cancelled',
      },
    },
    /** 7: flagged for a person to look at. */
    pendingManualReview: { on: { 'review.pass': 'waiting', 'review.reject': 'rejected', 'task.cancel': 'cancelled' } },
    /** 1: approved, queued or scheduled. */
    waiting: { on: { 'send.start': 'processing', 'task.cancel': 'cancelled' } },
    /** 2: sending; result state Process until every message is submitted, then SubmitSuccess. */
    processing: {
      initial: 'submitting',
      states: {
        submitting: { on: { 'send.allSubmitted': 'submitted' } },
        submitted: { on: { 'send.complete': '#smsTask.complete' } },
      },
      on: { 'send.fail': 'failed' },
    },
    complete: { on: { 'task.delete': 'deleted' } },
    failed: { on: { 'task.delete': 'deleted' } },
    rejected: { on: { 'task.delete': 'deleted' } },
    cancelled: { on: { 'task.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type SmsTaskSnapshot = SnapshotFrom<typeof smsTaskMachine>;

/** Status, result state, can/next/statusesAllowing of a stored task (the lifecycle kit). */
export const smsTaskLifecycle = defineLifecycle(smsTaskMachine, SMS_TASK_STATE_STATUS, {
  subStatuses: SMS_TASK_RESULT_OF_STATE,
  noSub: SMS_TASK_RESULT_STATE.None,
});
