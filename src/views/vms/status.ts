import type { BadgeTone } from '../ui/Badge';
import type { TranslationKey } from '../../i18n/keys';
import { VOICE_AUDIO_STATUS } from '../../gateway/contract/statuses';

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
