import { SMS_TASK_STATUS } from '../../gateway/contract/sms-constants';
import { waTaskStatusOf, WA_TASK_STATUSES, type WaTaskStatus } from '../../gateway/contract/wa-send';
import type { TranslationKey } from '../../i18n/keys';
import type { BadgeTone } from '../ui/Badge';

// WhatsApp tasks run on the kernel's SMS task lifecycle; pages show spec 001 §4's five WhatsApp words.

const TONE: Record<WaTaskStatus, BadgeTone> = {
  waiting: 'warning',
  sending: 'progress',
  success: 'success',
  failed: 'danger',
  cancelled: 'muted',
};

export function waTaskStatusView(status: number) {
  const word = waTaskStatusOf(status);
  return { label: `whatsapp:taskStatus.${word}` as TranslationKey, tone: TONE[word] };
}

/** The task list's status filter: each WhatsApp word with the stored statuses it shows. */
export const WA_TASK_GROUPS: Record<string, readonly number[]> = Object.fromEntries(
  WA_TASK_STATUSES.map((word) => [
    word,
    Object.values(SMS_TASK_STATUS).filter((s) => s !== SMS_TASK_STATUS.Deleted && waTaskStatusOf(s) === word),
  ]),
);
