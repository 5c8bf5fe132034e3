import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { customRange, previousWindow, quickRange } from './date-ranges';

const now = dayjs('2026-11-22T15:30:00');

describe('quick date ranges', () => {
  it('today and yesterday are whole days', () => {
    expect(dayjs.unix(quickRange('today', now).start).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 00:00:00');
    expect(dayjs.unix(quickRange('today', now).end).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-22 23:59:59');
    expect(dayjs.unix(quickRange('yesterday', now).start).format('YYYY-MM-DD')).toBe('2026-11-21');
  });
  it('last 24 hours rolls with the clock', () => {
    const range = quickRange('last24h', now);
    expect(range.end - range.start).toBe(24 * 3600);
  });
  it('last N days includes today', () => {
    for (const [key, days] of [
      ['last7d', 7],
      ['last15d', 15],
      ['last30d', 30],
    ] as const) {
      const range = quickRange(key, now);
      expect(dayjs.unix(range.start).format('YYYY-MM-DD')).toBe(now.subtract(days - 1, 'day').format('YYYY-MM-DD'));
      expect(range.preset).toBe(key);
    }
  });
  it('custom ranges accept either order and refuse bad days', () => {
    const range = customRange('2026-11-10', '2026-11-01')!;
    expect(dayjs.unix(range.start).format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(customRange('nope', '2026-11-01')).toBeNull();
  });
  it('the comparison window is the same length just before', () => {
    expect(previousWindow({ start: 100, end: 199 })).toEqual({ start: 0, end: 99 });
  });
});
