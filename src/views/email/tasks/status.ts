import type { BadgeTone } from '../../ui/Badge';
import type { TranslationKey } from '../../../i18n/keys';
import {
  EMAIL_TASK_FILTER_GROUPS,
  EMAIL_TASK_STATUS as S,
  type EmailMessageResult,
} from '../../../gateway/contract/statuses';
import { emailTaskLifecycle } from '../../../machines/lifecycles/email-task.machine';

// How e-mail task statuses (0-11) and per-recipient results look: a label key of the emailSend
// namespace and a badge tone. What a status allows is the task lifecycle's business.

const TASK: Record<number, { key: string; tone: BadgeTone }> = {
  [S.PendingReview]: { key: 'pendingReview', tone: 'info' },
  [S.Waiting]: { key: 'waiting', tone: 'info' },
  [S.Sending]: { key: 'sending', tone: 'progress' },
  [S.Completed]: { key: 'completed', tone: 'success' },
  [S.Failed]: { key: 'failed', tone: 'danger' },
  [S.Deleted]: { key: 'deleted', tone: 'muted' },
  [S.Rejected]: { key: 'rejected', tone: 'danger' },
  [S.PendingManualReview]: { key: 'pendingManualReview', tone: 'warning' },
  [S.Cancelled]: { key: 'cancelled', tone: 'muted' },
  [S.InReview]: { key: 'inReview', tone: 'progress' },
  [S.Parsing]: { key: 'parsing', tone: 'progress' },
  [S.Draft]: { key: 'draft', tone: 'neutral' },
};

export function emailTaskStatusView(status: number) {
  const view = TASK[status] ?? { key: 'pendingReview', tone: 'neutral' as BadgeTone };
  return { label: `emailSend:taskStatus.${view.key}` as TranslationKey, tone: view.tone };
}

/** The filter groups of spec 001 §4. */
export const EMAIL_TASK_GROUPS: Record<string, readonly number[]> = EMAIL_TASK_FILTER_GROUPS;

/** Still moving: not a status from which the task may only be deleted (a draft is not moving either). */
export const isEmailTaskLive = (status: number) =>
  status !== S.Deleted &&
  status !== S.Draft &&
  !emailTaskLifecycle.statusesAllowing('task.delete').includes(status as never);

const RESULT: Record<EmailMessageResult, BadgeTone> = {
  pending: 'info',
  unknown: 'warning',
  deliver: 'success',
  invalid: 'danger',
  soft_bounce: 'warning',
  submit_fail: 'danger',
};

export function emailResultView(result: EmailMessageResult) {
  return { label: `emailSend:result.${result}` as TranslationKey, tone: RESULT[result] ?? 'neutral' };
}
