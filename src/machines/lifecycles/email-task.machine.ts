import { setup, type SnapshotFrom } from 'xstate';
import { EMAIL_TASK_STATUS, SMS_TASK_RESULT_STATE } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The e-mail task lifecycle (spec 001 §4: statuses 0-11). The kernel's task lifecycle (parse, review,
// wait, send in groups, complete) with the SMS task's transitions, plus Draft 11: a task saved without
// being submitted; it is submitted (to parsing) or deleted. docs/decisions.md "E-mail sending".

/** Status code of each state. */
export const EMAIL_TASK_STATE_STATUS = {
  draft: EMAIL_TASK_STATUS.Draft,
  parsing: EMAIL_TASK_STATUS.Parsing,
  pending: EMAIL_TASK_STATUS.PendingReview,
  inReview: EMAIL_TASK_STATUS.InReview,
  pendingManualReview: EMAIL_TASK_STATUS.PendingManualReview,
  waiting: EMAIL_TASK_STATUS.Waiting,
  sending: EMAIL_TASK_STATUS.Sending,
  completed: EMAIL_TASK_STATUS.Completed,
  failed: EMAIL_TASK_STATUS.Failed,
  rejected: EMAIL_TASK_STATUS.Rejected,
  cancelled: EMAIL_TASK_STATUS.Cancelled,
  deleted: EMAIL_TASK_STATUS.Deleted,
} as const;
export type EmailTaskStateName = keyof typeof EMAIL_TASK_STATE_STATUS;

/** The result state inside sending, as the SMS task's (the kernel counts with it). */
const EMAIL_TASK_RESULT_OF_STATE = {
  'sending.submitting': SMS_TASK_RESULT_STATE.Process,
  'sending.submitted': SMS_TASK_RESULT_STATE.SubmitSuccess,
  completed: SMS_TASK_RESULT_STATE.Success,
  failed: SMS_TASK_RESULT_STATE.Fail,
} as const;

export type EmailTaskEvent =
  | { type: 'draft.submit' }
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

export const emailTaskMachine = setup({
  types: { events: {} as EmailTaskEvent },
}).createMachine({
  id: 'emailTask',
  // A task starts as a draft when saved unsubmitted; the send Action stores it at parsing directly.
  initial: 'draft',
  states: {
    /** 11: saved, not submitted. */
    draft: { on: { 'draft.submit': 'parsing', 'task.delete': 'deleted' } },
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
    /** 7: flagged for a person. */
    pendingManualReview: { on: { 'review.pass': 'waiting', 'review.reject': 'rejected', 'task.cancel': 'cancelled' } },
    /** 1: approved, queued or scheduled. */
    waiting: { on: { 'send.start': 'sending', 'task.cancel': 'cancelled' } },
    /** 2: handing mail to SMTP; then waiting for the last retries and results. */
    sending: {
      initial: 'submitting',
      states: {
        submitting: { on: { 'send.allSubmitted': 'submitted' } },
        submitted: { on: { 'send.complete': '#emailTask.completed' } },
      },
      on: { 'send.fail': 'failed' },
    },
    completed: { on: { 'task.delete': 'deleted' } },
    failed: { on: { 'task.delete': 'deleted' } },
    rejected: { on: { 'task.delete': 'deleted' } },
    cancelled: { on: { 'task.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type EmailTaskSnapshot = SnapshotFrom<typeof emailTaskMachine>;

export const emailTaskLifecycle = defineLifecycle(emailTaskMachine, EMAIL_TASK_STATE_STATUS, {
  subStatuses: EMAIL_TASK_RESULT_OF_STATE,
  noSub: SMS_TASK_RESULT_STATE.None,
});
