import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkExpectedSendTime,
  waAgentGroupOf,
  waAgentLabels,
  WA_AGENT_MIN_LEAD_MS,
  WA_AGENT_STATUS as S,
} from './wa-agent';
import { dateToZonedTime, zonedTimeToDate } from './zoned-time';

const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Shanghai', 'Australia/Sydney', 'Asia/Kolkata'];
const HOUR = 3_600_000;

describe('agent campaign 24-hour rule', () => {
  it('accepts 24 h ahead and refuses 23 h ahead in every zone, at any instant (DST included)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (now, zone) => {
          const minuteNow = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
          const at25 = dateToZonedTime(new Date(minuteNow.getTime() + 25 * HOUR), zone);
          const at23 = dateToZonedTime(new Date(minuteNow.getTime() + 23 * HOUR), zone);
          expect(checkExpectedSendTime(at25, zone, minuteNow)).toBeNull();
          expect(checkExpectedSendTime(at23, zone, minuteNow)).toBe('tooSoon');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the same wall time differently in different zones', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    // 2026-06-02 01:00 is 25 h ahead in UTC but 17 h ahead in Shanghai (UTC+8).
    expect(checkExpectedSendTime('2026-06-02 01:00', 'UTC', now)).toBeNull();
    expect(checkExpectedSendTime('2026-06-02 01:00', 'Asia/Shanghai', now)).toBe('tooSoon');
  });

  it('counts real hours across a DST change (New York springs forward 2026-03-08)', () => {
    const now = zonedTimeToDate('2026-03-07 12:00', 'America/New_York')!;
    // Same wall clock next day is only 23 real hours later.
    expect(checkExpectedSendTime('2026-03-08 12:00', 'America/New_York', now)).toBe('tooSoon');
    expect(checkExpectedSendTime('2026-03-08 13:00', 'America/New_York', now)).toBeNull();
    expect(zonedTimeToDate('2026-03-08 13:00', 'America/New_York')!.getTime() - now.getTime()).toBe(
      WA_AGENT_MIN_LEAD_MS,
    );
  });

  it('refuses unreadable times and unknown zones', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(checkExpectedSendTime('2026-13-01 10:00', 'UTC', now)).toBe('invalid');
    expect(checkExpectedSendTime('tomorrow', 'UTC', now)).toBe('invalid');
    expect(checkExpectedSendTime('2026-07-01 10:00', 'Mars/Olympus', now)).toBe('invalid');
  });
});

describe('agent campaign groups and labels', () => {
  it('groups statuses as spec 001 §4 says', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(waAgentGroupOf)).toEqual([
      'submitted',
      'submitted',
      'submitted',
      'submitted',
      'completed',
      'failed',
      'rejected',
    ]);
  });

  it('labels stage and money', () => {
    const base = { cancelledBy: null, charged: 1000, refunded: 0 } as const;
    expect(waAgentLabels({ ...base, status: S.Analyzing })).toEqual(['submitted', 'charged']);
    expect(waAgentLabels({ ...base, status: S.SendOver, refunded: 100 })).toEqual(['completed', 'charged', 'refunded']);
    expect(waAgentLabels({ ...base, status: S.Cancel, cancelledBy: 'agent', refunded: 1000 })).toEqual([
      'rejected',
      'refunded',
    ]);
    expect(waAgentLabels({ ...base, status: S.Cancel, cancelledBy: 'customer', refunded: 1000 })).toEqual([
      'cancelled',
      'refunded',
    ]);
    expect(waAgentLabels({ ...base, status: S.TaskFailed, refunded: 1000 })).toEqual(['refunded']);
  });
});
