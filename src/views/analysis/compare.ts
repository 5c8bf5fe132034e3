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

/** Change in percent against the earlier figure, one decimal; null when the earlier figure is 0. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * How a key figure moved against the comparison window (issue 18 §1). A change from zero has no
 * percentage: something from nothing is "new", nothing from nothing "none". A rate moves in percentage
 * points, and a window that sent nothing has no rate to compare with ("none").
 */
export type KpiChange = { kind: 'new' } | { kind: 'none' } | { kind: 'percent' | 'points'; value: number };

export function kpiChange(now: number, before: number | null, unit: 'percent' | 'points' = 'percent'): KpiChange {
  if (before === null) return { kind: 'none' };
  if (unit === 'points') return { kind: 'points', value: Math.round((now - before) * 100) / 100 || 0 };
  const value = percentChange(now, before);
  if (value === null) return now === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'percent', value: value || 0 };
}
