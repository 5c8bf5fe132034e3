import { SMS_COMPARE_DAYS } from '../../gateway/contract/sms-constants';
import type { DateRange } from '../ui/date-ranges';

export type CompareDays = (typeof SMS_COMPARE_DAYS)[number];

const DAY_SECONDS = 86_400;

/** The comparison window GetUSMSSendStatistics uses: the same range shifted back CompareDays whole days. */
export function comparisonWindow(
  range: Pick<DateRange, 'start' | 'end'>,
  days: CompareDays,
): { start: number; end: number } {
  return { start: range.start - days * DAY_SECONDS, end: range.end - days * DAY_SECONDS };
}

/** A quick range of 15 or 30 days compares with the window just before it; anything else a week back. */
export function defaultCompareDays(range: Pick<DateRange, 'preset'>): CompareDays {
  if (range.preset === 'last15d') return 15;
  if (range.preset === 'last30d') return 30;
  return 7;
}

/** Change in percent against the earlier figure; from nothing to something counts as +100%. */
export function percentChange(now: number, before: number): number {
  if (before === 0) return now === 0 ? 0 : 100;
  return Math.round(((now - before) / before) * 1000) / 10;
}
