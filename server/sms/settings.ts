/** Knobs of the SMS jobs, from the environment; tests and the bench pass their own. */
export interface SmsJobSettings {
  /** Recipients per send group; groups go out at `groupIntervalMs` (spec 001 §9: one-second intervals). */
  groupSize: number;
  groupIntervalMs: number;
  /** The sandbox carrier's delay before delivery reports (0 in tests and the bench). */
  carrierLatencyMs: number;
  /** The sandbox template reviewer's delay. */
  reviewDelayMs: number;
  /** How often workers look for jobs. */
  pollingIntervalSeconds: number;
  /** Lets callbacks reach loopback and private addresses: tests and e2e only (HERALD_ALLOW_PRIVATE_CALLBACKS=1). */
  allowPrivateCallbacks: boolean;
  /** How often the sweep re-queues overdue work (start of scheduled tasks, callbacks). */
  sweepIntervalMs: number;
  /** E-mail: the wait before a soft bounce's first retry (EMAIL_RETRY's minute; tests and e2e shorten it). */
  emailRetryFirstDelayMs: number;
  /** Every channel: a submitted message's report not in after this long is recorded as Unknown (72 h). */
  lateReportMs: number;
}

export function smsJobSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SmsJobSettings {
  const num = (name: string, fallback: number) =>
    env[name] !== undefined && env[name] !== '' && Number.isFinite(Number(env[name])) ? Number(env[name]) : fallback;
  return {
    groupSize: Math.max(1, num('SMS_SEND_GROUP_SIZE', 1000)),
    groupIntervalMs: Math.max(0, num('SMS_SEND_GROUP_INTERVAL_MS', 1000)),
    carrierLatencyMs: Math.max(0, num('SMS_CARRIER_LATENCY_MS', 3000)),
    reviewDelayMs: Math.max(0, num('SMS_TEMPLATE_REVIEW_DELAY_MS', 5000)),
    pollingIntervalSeconds: Math.max(0.5, num('SMS_JOB_POLL_SECONDS', 1)),
    allowPrivateCallbacks: env.HERALD_ALLOW_PRIVATE_CALLBACKS === '1',
    sweepIntervalMs: Math.max(1000, num('SMS_SWEEP_INTERVAL_MS', 15_000)),
    emailRetryFirstDelayMs: Math.max(0, num('EMAIL_RETRY_FIRST_DELAY_MS', 60_000)),
    lateReportMs: Math.max(60_000, num('CHANNEL_LATE_REPORT_MS', 72 * 3_600_000)),
  };
}
