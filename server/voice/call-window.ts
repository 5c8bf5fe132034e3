import type { CallPeriod } from '../../src/gateway/contract/vms-task';
import { zonedTimeToDate, zoneOffsetMinutes } from '../sms/time-zones';

// The call period of a voice task (spec 001: all day, or 08:00-20:00), read in the task's time zone.
// A call outside the window waits as a delayed job until the window opens (docs/decisions.md
// "Voice task lifecycle").

export type { CallPeriod };

const OPENS_MINUTE = 8 * 60;
const CLOSES_MINUTE = 20 * 60;

/** The earliest instant at or after `at` when a call may be placed (20:00 itself is outside the window). */
export function nextCallTime(at: Date, zone: string, period: CallPeriod): Date {
  if (period === 'allDay') return at;
  const local = new Date(at.getTime() + zoneOffsetMinutes(zone, at) * 60_000);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  if (minute >= OPENS_MINUTE && minute < CLOSES_MINUTE) return at;
  const dayAhead = minute >= CLOSES_MINUTE ? 1 : 0;
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + dayAhead));
  return zonedTimeToDate(`${day.toISOString().slice(0, 10)} 08:00`, zone) ?? at;
}

/** How long a call due at `at` waits for its window: the delayed job's start-after, 0 inside the window. */
export const callWaitMs = (at: Date, zone: string, period: CallPeriod): number =>
  nextCallTime(at, zone, period).getTime() - at.getTime();
