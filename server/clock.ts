/**
 * The server's one source of time. Tests (and the e2e server, with HERALD_TEST_CLOCK=1) move it so
 * that time-dependent rules — refresh window, code and key expiry, plan days left — can be checked.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
