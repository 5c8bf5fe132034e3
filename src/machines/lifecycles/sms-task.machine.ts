import { setup, transition, type SnapshotFrom, type StateValue } from 'xstate';
import { SMS_TASK_RESULT_STATE, SMS_TASK_STATUS } from '../../gateway/contract/statuses';

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
    parsing: { on: { 'parse.done': 'pending', 'parse.fail': 'failed' } },
    /** 0: stored, waiting for content review. */
    pending: { on: { 'review.start': 'inReview', 'task.cancel': 'cancelled' } },
    /** 9: content review running. */
    inReview: { on: { 'review.pass': 'waiting', 'review.flag': 'pendingManualReview', 'review.reject': 'rejected' } },
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

function stateValueOf(status: number, resultState: number = SMS_TASK_RESULT_STATE.None): StateValue | null {
  const name = (Object.keys(SMS_TASK_STATE_STATUS) as SmsTaskStateName[]).find(
    (key) => SMS_TASK_STATE_STATUS[key] === status,
  );
  if (!name) return null;
  if (name === 'processing')
    return { processing: resultState === SMS_TASK_RESULT_STATE.SubmitSuccess ? 'submitted' : 'submitting' };
  return name;
}

/** The snapshot of a stored task (status and result state). */
export function smsTaskSnapshotOf(
  status: number,
  resultState: number = SMS_TASK_RESULT_STATE.None,
): SmsTaskSnapshot | null {
  const value = stateValueOf(status, resultState);
  return value === null ? null : smsTaskMachine.resolveState({ value, context: {} });
}

export function statusOfSmsTaskSnapshot(snapshot: SmsTaskSnapshot): { status: number; resultState: number } {
  const top = (
    typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]
  ) as SmsTaskStateName;
  const key = (
    snapshot.matches({ processing: 'submitted' })
      ? 'processing.submitted'
      : snapshot.matches('processing')
        ? 'processing.submitting'
        : top
  ) as keyof typeof SMS_TASK_RESULT_OF_STATE;
  return {
    status: SMS_TASK_STATE_STATUS[top],
    resultState: SMS_TASK_RESULT_OF_STATE[key] ?? SMS_TASK_RESULT_STATE.None,
  };
}

export function canSmsTask(status: number, resultState: number, event: SmsTaskEvent): boolean {
  return smsTaskSnapshotOf(status, resultState)?.can(event) ?? false;
}

/** The status after an event, or null when the lifecycle does not allow it. */
export function nextSmsTaskStatus(
  status: number,
  resultState: number,
  event: SmsTaskEvent,
): { status: number; resultState: number } | null {
  const snapshot = smsTaskSnapshotOf(status, resultState);
  if (!snapshot || !snapshot.can(event)) return null;
  const [next] = transition(smsTaskMachine, snapshot, event);
  return statusOfSmsTaskSnapshot(next);
}

/** Every status from which an event is allowed (the server puts these in its WHERE clauses). */
export function smsTaskStatusesAllowing(event: SmsTaskEvent): number[] {
  const all = Object.values(SMS_TASK_STATE_STATUS);
  return all.filter(
    (status) =>
      canSmsTask(status, SMS_TASK_RESULT_STATE.None, event) ||
      canSmsTask(status, SMS_TASK_RESULT_STATE.SubmitSuccess, event),
  );
}
