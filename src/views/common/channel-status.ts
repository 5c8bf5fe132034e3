import type { BadgeTone } from '../ui/Badge';
import type { TranslationKey } from '../../i18n/keys';
import { SMS_TASK_STATUS, SMS_TEMPLATE_STATUS, type SmsMessageResult } from '../../gateway/contract/sms-constants';

// How the statuses of the phone channels' tasks, templates and messages look (SMS and MMS share
// their lifecycles): a label key in the sms namespace and a badge tone. Which actions a status allows
// is the lifecycle machines' business, never decided here.

const TASK: Record<number, { key: string; tone: BadgeTone }> = {
  [SMS_TASK_STATUS.Pending]: { key: 'pending', tone: 'info' },
  [SMS_TASK_STATUS.Waiting]: { key: 'waiting', tone: 'info' },
  [SMS_TASK_STATUS.Processing]: { key: 'processing', tone: 'progress' },
  [SMS_TASK_STATUS.Complete]: { key: 'complete', tone: 'success' },
  [SMS_TASK_STATUS.Failed]: { key: 'failed', tone: 'danger' },
  [SMS_TASK_STATUS.Deleted]: { key: 'deleted', tone: 'muted' },
  [SMS_TASK_STATUS.Rejected]: { key: 'rejected', tone: 'danger' },
  [SMS_TASK_STATUS.PendingManualReview]: { key: 'pendingManualReview', tone: 'warning' },
  [SMS_TASK_STATUS.Cancelled]: { key: 'cancelled', tone: 'muted' },
  [SMS_TASK_STATUS.InReview]: { key: 'inReview', tone: 'progress' },
  [SMS_TASK_STATUS.Parsing]: { key: 'parsing', tone: 'progress' },
};

export const TASK_STATUS_VALUES = Object.values(SMS_TASK_STATUS).filter((s) => s !== SMS_TASK_STATUS.Deleted);

export function taskStatusView(status: number) {
  const view = TASK[status] ?? { key: 'pending', tone: 'neutral' as BadgeTone };
  return { label: `sms:taskStatus.${view.key}` as TranslationKey, tone: view.tone };
}

const TEMPLATE: Record<number, { key: string; tone: BadgeTone }> = {
  [SMS_TEMPLATE_STATUS.PendingReview]: { key: 'pendingReview', tone: 'warning' },
  [SMS_TEMPLATE_STATUS.InReview]: { key: 'inReview', tone: 'progress' },
  [SMS_TEMPLATE_STATUS.Passed]: { key: 'passed', tone: 'success' },
  [SMS_TEMPLATE_STATUS.Rejected]: { key: 'rejected', tone: 'danger' },
  [SMS_TEMPLATE_STATUS.Deleted]: { key: 'deleted', tone: 'muted' },
};

export function templateStatusView(status: number) {
  const view = TEMPLATE[status] ?? { key: 'pendingReview', tone: 'neutral' as BadgeTone };
  return { label: `sms:templateStatus.${view.key}` as TranslationKey, tone: view.tone };
}

const RESULT: Record<SmsMessageResult, BadgeTone> = {
  Pending: 'info',
  Unknown: 'warning',
  Success: 'success',
  Fail: 'danger',
  SubmitFail: 'danger',
};

export function messageResultView(result: SmsMessageResult) {
  return { label: `sms:messageResult.${result}` as TranslationKey, tone: RESULT[result] ?? 'neutral' };
}
