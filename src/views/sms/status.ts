import type { BadgeTone } from '../ui/Badge';
import type { TranslationKey } from '../../i18n/keys';
import { SMS_EXPORT_STATUS } from '../../gateway/contract/sms-constants';

// How each SMS status looks: a label key in the sms namespace and a badge tone. Which actions a
// status allows is the lifecycle machines' business, never decided here. Task, template and message
// statuses are shared with MMS (common/channel-status).
export { messageResultView, TASK_STATUS_VALUES, taskStatusView, templateStatusView } from '../common/channel-status';

const EXPORT: Record<number, { key: string; tone: BadgeTone }> = {
  [SMS_EXPORT_STATUS.Submitted]: { key: 'submitted', tone: 'info' },
  [SMS_EXPORT_STATUS.Processing]: { key: 'processing', tone: 'progress' },
  [SMS_EXPORT_STATUS.Failed]: { key: 'failed', tone: 'danger' },
  [SMS_EXPORT_STATUS.Completed]: { key: 'completed', tone: 'success' },
};

export function exportStatusView(status: number) {
  const view = EXPORT[status] ?? { key: 'submitted', tone: 'neutral' as BadgeTone };
  return { label: `sms:exportStatus.${view.key}` as TranslationKey, tone: view.tone };
}

export const isExportPending = (status: number) =>
  status === SMS_EXPORT_STATUS.Submitted || status === SMS_EXPORT_STATUS.Processing;
