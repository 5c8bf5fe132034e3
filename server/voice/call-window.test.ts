import { describe, expect, it } from 'vitest';
import { callWaitMs, nextCallTime } from './call-window';

const utc = (iso: string) => new Date(`${iso}Z`);

describe('voice call window', () => {
  it('places a call at once all day', () => {
    expect(nextCallTime(utc('2026-11-26T03:00:00'), 'UTC', 'allDay')).toEqual(utc('2026-11-26T03:00:00'));
  });

  it('holds a daytime call before 08:00 until 08:00 the same day, and places one inside the window', () => {
    expect(nextCallTime(utc('2026-11-26T07:59:00'), 'UTC', 'daytime')).toEqual(utc('2026-11-26T08:00:00'));
    expect(callWaitMs(utc('2026-11-26T08:00:00'), 'UTC', 'daytime')).toBe(0);
    expect(callWaitMs(utc('2026-11-26T19:59:59'), 'UTC', 'daytime')).toBe(0);
  });

  it('holds a call from 20:00 until 08:00 the next day, across a month end', () => {
    expect(nextCallTime(utc('2026-11-30T20:00:00'), 'UTC', 'daytime')).toEqual(utc('2026-12-01T08:00:00'));
  });

  it("reads the window in the task's time zone", () => {
    // 03:00 UTC is 11:00 in Shanghai (inside); 13:00 UTC is 21:00 there, so 08:00 next day = 00:00 UTC.
    expect(callWaitMs(utc('2026-11-26T03:00:00'), 'Asia/Shanghai', 'daytime')).toBe(0);
    expect(nextCallTime(utc('2026-11-26T13:00:00'), 'Asia/Shanghai', 'daytime')).toEqual(utc('2026-11-27T00:00:00'));
  });

  it('opens at 08:00 local time across a daylight-saving change', () => {
    // 2026-03-07 21:00 EST (02:00 UTC on the 8th); clocks go forward that night, so 08:00 EDT is 12:00 UTC.
    expect(nextCallTime(utc('2026-03-08T02:00:00'), 'America/New_York', 'daytime')).toEqual(utc('2026-03-08T12:00:00'));
  });
});
