import { MINUTE_MS, HOUR_MS } from '../../clock';

// Decided in docs/decisions.md ("Accounts").
export const RESEND_COOLDOWN_MS = 60_000; // spec: resend countdown 60 s
export const PHONE_CODE_TTL_MS = 5 * MINUTE_MS;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const ACTIVATION_KEY_TTL_MS = 24 * HOUR_MS;
export const RESET_KEY_TTL_MS = 30 * MINUTE_MS;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;

/** Seconds until a resend is allowed, or 0. */
export function secondsUntilResend(lastSentAt: Date | undefined, now: Date): number {
  if (!lastSentAt) return 0;
  const wait = lastSentAt.getTime() + RESEND_COOLDOWN_MS - now.getTime();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}
