import type { BadgeTone } from '../ui/Badge';
import type { TranslationKey } from '../../i18n/keys';
import { VOICE_AUDIO_STATUS, VOICE_TASK_STATUS, VOICE_TEMPLATE_STATUS } from '../../gateway/contract/statuses';

// How each voice file status looks. Which actions a status allows is the lifecycle's business.

const AUDIO: Record<number, { key: 'processing' | 'success' | 'failed'; tone: BadgeTone }> = {
  [VOICE_AUDIO_STATUS.Processing]: { key: 'processing', tone: 'progress' },
  [VOICE_AUDIO_STATUS.Success]: { key: 'success', tone: 'success' },
  [VOICE_AUDIO_STATUS.Failed]: { key: 'failed', tone: 'danger' },
};

/** The statuses a user filters by (Deleted is never listed). */
export const LISTED_AUDIO_STATUSES = [
  VOICE_AUDIO_STATUS.Processing,
  VOICE_AUDIO_STATUS.Success,
  VOICE_AUDIO_STATUS.Failed,
] as const;

export function audioStatusView(status: number): { label: TranslationKey; tone: BadgeTone } {
  const view = AUDIO[status] ?? { key: 'processing', tone: 'neutral' };
  return { label: `vms:audio.statuses.${view.key}`, tone: view.tone };
}

const TEMPLATE: Record<
  number,
  { key: 'draft' | 'pending' | 'inReview' | 'reject' | 'approved' | 'disabled'; tone: BadgeTone }
> = {
  [VOICE_TEMPLATE_STATUS.Draft]: { key: 'draft', tone: 'neutral' },
  [VOICE_TEMPLATE_STATUS.WaitCheck]: { key: 'pending', tone: 'progress' },
  [VOICE_TEMPLATE_STATUS.UcProcessing]: { key: 'inReview', tone: 'progress' },
  [VOICE_TEMPLATE_STATUS.UcPass]: { key: 'inReview', tone: 'progress' },
  [VOICE_TEMPLATE_STATUS.AuditProcessing]: { key: 'inReview', tone: 'progress' },
  [VOICE_TEMPLATE_STATUS.UcReject]: { key: 'reject', tone: 'danger' },
  [VOICE_TEMPLATE_STATUS.AuditReject]: { key: 'reject', tone: 'danger' },
  [VOICE_TEMPLATE_STATUS.AuditPass]: { key: 'approved', tone: 'success' },
  [VOICE_TEMPLATE_STATUS.Disabled]: { key: 'disabled', tone: 'neutral' },
};

/** Spec 001 §4: 3, 4 and 6 display as In Review; 5 and 8 as Reject. */
export function templateStatusView(status: number): { label: TranslationKey; tone: BadgeTone } {
  const view = TEMPLATE[status] ?? { key: 'draft', tone: 'neutral' };
  return { label: `vms:templates.statuses.${view.key}`, tone: view.tone };
}

const T = VOICE_TASK_STATUS;
type TaskKey =
  | 'pendingReview'
  | 'waitSubmit'
  | 'submitting'
  | 'submitSuccess'
  | 'failed'
  | 'deleted'
  | 'reject'
  | 'checking'
  | 'cancel'
  | 'parsing'
  | 'parseFailure';
const TASK: Record<number, { key: TaskKey; tone: BadgeTone }> = {
  [T.PendingReview]: { key: 'pendingReview', tone: 'info' },
  [T.WaitSubmit]: { key: 'waitSubmit', tone: 'info' },
  [T.Submitting]: { key: 'submitting', tone: 'progress' },
  [T.SubmitSuccess]: { key: 'submitSuccess', tone: 'success' },
  [T.Failed]: { key: 'failed', tone: 'danger' },
  [T.Deleted]: { key: 'deleted', tone: 'muted' },
  [T.Reject]: { key: 'reject', tone: 'danger' },
  [T.Checking]: { key: 'checking', tone: 'progress' },
  [T.AuditChecking]: { key: 'checking', tone: 'progress' },
  [T.Cancel]: { key: 'cancel', tone: 'muted' },
  [T.Parsing]: { key: 'parsing', tone: 'progress' },
  [T.ParseFailure]: { key: 'parseFailure', tone: 'danger' },
};

/** Spec 001 §4 voice task statuses 1-12; 8 and 10 both display as Checking. */
export function voiceTaskStatusView(status: number): { label: TranslationKey; tone: BadgeTone } {
  const view = TASK[status] ?? { key: 'pendingReview', tone: 'neutral' };
  return { label: `vms:tasks.statuses.${view.key}`, tone: view.tone };
}

/** The task list's status filter, in groups a sender thinks in. */
export const VOICE_TASK_GROUPS: Record<string, readonly number[]> = {
  review: [T.Parsing, T.PendingReview, T.Checking, T.AuditChecking],
  waiting: [T.WaitSubmit],
  calling: [T.Submitting],
  done: [T.SubmitSuccess],
  stopped: [T.Failed, T.Reject, T.Cancel, T.ParseFailure],
};
