import type { BadgeTone } from '../../ui/Badge';
import type { TranslationKey } from '../../../i18n/keys';
import { SMS_EXPORT_STATUS } from '../../../gateway/contract/sms-constants';

// How an export's status looks, for every channel's exports (SMS_EXPORT_STATUS is theirs all).

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
