import { setup, type SnapshotFrom } from 'xstate';
import { VOICE_TASK_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The voice task lifecycle (spec 001 §4, statuses 1-12; transitions the spec does not show:
// docs/decisions.md "Voice task lifecycle"). A task's called numbers are parsed (11, or 12 when the list
// is unusable), it waits for review (1), is checked (8: the kernel's reviewer on its name and template)
// and audited (10: the template and its voice file still usable), then waits to be submitted (2) until its
// time and call period; submitting (3) hands every call to the carrier and ends in 4 Submit Success, or
// 5 Failed when none could be placed. 7 Reject ends a review; a task not yet submitted can be cancelled (9);
// a settled task can be deleted (6).

/** Status code of each state: the contract's VOICE_TASK_STATUS. */
export const VOICE_TASK_STATE_STATUS = {
  pendingReview: VOICE_TASK_STATUS.PendingReview,
  waitSubmit: VOICE_TASK_STATUS.WaitSubmit,
  submitting: VOICE_TASK_STATUS.Submitting,
  submitSuccess: VOICE_TASK_STATUS.SubmitSuccess,
  failed: VOICE_TASK_STATUS.Failed,
  deleted: VOICE_TASK_STATUS.Deleted,
  rejected: VOICE_TASK_STATUS.Reject,
  checking: VOICE_TASK_STATUS.Checking,
  cancelled: VOICE_TASK_STATUS.Cancel,
  auditChecking: VOICE_TASK_STATUS.AuditChecking,
  parsing: VOICE_TASK_STATUS.Parsing,
  parseFailure: VOICE_TASK_STATUS.ParseFailure,
} as const;
export type VoiceTaskStateName = keyof typeof VOICE_TASK_STATE_STATUS;

export type VoiceTaskEvent =
  | { type: 'parse.done' }
  | { type: 'parse.fail' }
  | { type: 'review.start' }
  | { type: 'review.pass' }
  | { type: 'review.reject' }
  | { type: 'audit.pass' }
  | { type: 'audit.reject' }
  | { type: 'submit.start' }
  | { type: 'submit.done' }
  | { type: 'submit.fail' }
  | { type: 'task.cancel' }
  | { type: 'task.delete' };

const settled = { on: { 'task.delete': 'deleted' } } as const;

export const voiceTaskMachine = setup({
  types: { events: {} as VoiceTaskEvent },
}).createMachine({
  id: 'voiceTask',
  initial: 'parsing',
  states: {
    parsing: { on: { 'parse.done': 'pendingReview', 'parse.fail': 'parseFailure' } },
    parseFailure: settled,
    pendingReview: { on: { 'review.start': 'checking', 'task.cancel': 'cancelled' } },
    checking: { on: { 'review.pass': 'auditChecking', 'review.reject': 'rejected' } },
    auditChecking: { on: { 'audit.pass': 'waitSubmit', 'audit.reject': 'rejected' } },
    rejected: settled,
    waitSubmit: { on: { 'submit.start': 'submitting', 'task.cancel': 'cancelled' } },
    submitting: { on: { 'submit.done': 'submitSuccess', 'submit.fail': 'failed' } },
    submitSuccess: settled,
    failed: settled,
    cancelled: settled,
    deleted: { type: 'final' },
  },
});

export type VoiceTaskSnapshot = SnapshotFrom<typeof voiceTaskMachine>;

export const voiceTaskLifecycle = defineLifecycle(voiceTaskMachine, VOICE_TASK_STATE_STATUS);

/** 8 and 10 both display as Checking (spec 001 §4). */
export const voiceTaskChecking = (status: number) =>
  status === VOICE_TASK_STATE_STATUS.checking || status === VOICE_TASK_STATE_STATUS.auditChecking;

/** Still moving by itself (parsing, review, waiting for its time, submitting): the list keeps asking. */
export const voiceTaskInProgress = (status: number) =>
  !voiceTaskLifecycle.can(status, 'task.delete') && status !== VOICE_TASK_STATE_STATUS.deleted;
