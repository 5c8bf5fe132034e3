import dayjs, { type Dayjs } from 'dayjs';

/** Spec 000 §9 date ranges; the console's analytics and records offer the first six by default. */
export const QUICK_RANGES = ['today', 'yesterday', 'last24h', 'last7d', 'last15d', 'last30d'] as const;
export const MORE_RANGES = ['last3d', 'halfYear', 'oneYear', 'next30d'] as const;
export type QuickRangeKey = (typeof QUICK_RANGES)[number] | (typeof MORE_RANGES)[number];

/** Unix seconds, both ends inclusive (end is the last second of the range). */
export interface DateRange {
  start: number;
  end: number;
  preset: QuickRangeKey | 'custom';
}

const lastDays = (now: Dayjs, days: number) => ({
  start: now.startOf('day').subtract(days - 1, 'day'),
  end: now.endOf('day'),
});

/** "Last 7 days" is today and the 6 days before it, whole days; "last 24 hours" is the rolling window. */
export function quickRange(key: QuickRangeKey, now: Dayjs = dayjs()): DateRange {
  const span = (() => {
    switch (key) {
      case 'today':
        return { start: now.startOf('day'), end: now.endOf('day') };
      case 'yesterday': {
        const day = now.subtract(1, 'day');
        return { start: day.startOf('day'), end: day.endOf('day') };
      }
      case 'last24h':
        return { start: now.subtract(24, 'hour'), end: now };
      case 'last3d':
        return lastDays(now, 3);
      case 'last7d':
        return lastDays(now, 7);
      case 'last15d':
        return lastDays(now, 15);
      case 'last30d':
        return lastDays(now, 30);
      case 'halfYear':
        return { start: now.subtract(6, 'month').startOf('day'), end: now.endOf('day') };
      case 'oneYear':
        return { start: now.subtract(1, 'year').startOf('day'), end: now.endOf('day') };
      case 'next30d':
        return { start: now.startOf('day'), end: now.add(29, 'day').endOf('day') };
    }
  })();
  return { start: span.start.unix(), end: span.end.unix(), preset: key };
}

/** A custom range from two YYYY-MM-DD days (order-insensitive), whole days. */
export function customRange(fromDay: string, toDay: string): DateRange | null {
  const a = dayjs(fromDay, 'YYYY-MM-DD');
  const b = dayjs(toDay, 'YYYY-MM-DD');
  if (!a.isValid() || !b.isValid()) return null;
  const [start, end] = a.isAfter(b) ? [b, a] : [a, b];
  return { start: start.startOf('day').unix(), end: end.endOf('day').unix(), preset: 'custom' };
}

/** The window of the same length just before a range (analytics comparison). */
export function previousWindow(range: Pick<DateRange, 'start' | 'end'>): { start: number; end: number } {
  const length = range.end - range.start + 1;
  return { start: range.start - length, end: range.start - 1 };
}
