import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { ServerDeps } from '../context';
import { smsCallbackDeliveries, smsCallbacks } from '../db/schema';
import { signWebhook } from '../providers/callbacks/signing';
import { postCallback } from '../providers/callbacks/http';
import { randomToken } from '../auth/secrets';

// Customer callbacks of every channel (docs/decisions.md, "SMS", "Channel kernel" and "Settings per
// channel"): delivery reports POSTed to the address the account set for the task's channel,
// signed the Standard Webhooks way; up to 10 attempts with exponential back-off and jitter; any 2xx
// is success; 410 turns the callback off. A delivery row is written in the same transaction as the
// reports it carries, so a crash loses none; the job only tries it.

export const MAX_CALLBACK_ATTEMPTS = 10;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 6 * 3_600_000;
/** Reports per callback body. */
export const REPORTS_PER_CALLBACK = 500;

/** Delay before attempt `attempt + 1`: 5 s doubling per attempt, at most 6 h, ±20 % jitter. */
export function callbackBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface CallbackReport {
  RecordId: string;
  Phone: string;
  Result: string;
  ErrorCode: string;
  ReportTime: number;
}

/** The account's callback of one channel (kernel channel id). */
const callbackOf = (userId: number, channel: string) =>
  and(eq(smsCallbacks.userId, userId), eq(smsCallbacks.channel, channel));

/**
 * Writes callback deliveries for reports when the account has an enabled callback for the task's
 * channel (SMS when a caller names none); answers their ids.
 */
export async function queueCallbackReports(
  tx: Db,
  userId: number,
  task: { taskId: string; sessionNo: string; channel?: string },
  reports: CallbackReport[],
  now: Date,
): Promise<number[]> {
  if (reports.length === 0) return [];
  const channel = task.channel ?? 'sms';
  const [callback] = await tx.select().from(smsCallbacks).where(callbackOf(userId, channel));
  if (!callback || !callback.enabled || !callback.url) return [];
  const ids: number[] = [];
  for (let i = 0; i < reports.length; i += REPORTS_PER_CALLBACK) {
    const payload = JSON.stringify({
      type: `${channel}.delivery_report`,
      timestamp: now.toISOString(),
      data: { TaskId: task.taskId, SessionNo: task.sessionNo, Reports: reports.slice(i, i + REPORTS_PER_CALLBACK) },
    });
    const [row] = await tx
      .insert(smsCallbackDeliveries)
      .values({ messageId: `msg_${randomToken(18)}`, userId, channel, payload, nextAttemptAt: now, createdAt: now })
      .returning({ id: smsCallbackDeliveries.id });
    ids.push(row.id);
  }
  return ids;
}

export interface AttemptOutcome {
  /** When to try again; null when the delivery is finished (delivered, failed, dropped). */
  retryAt: Date | null;
}

export async function attemptCallback(
  deps: Pick<ServerDeps, 'database' | 'clock'>,
  id: number,
  allowPrivate: boolean,
  random: () => number = Math.random,
): Promise<AttemptOutcome> {
  const db = deps.database.db;
  const [delivery] = await db.select().from(smsCallbackDeliveries).where(eq(smsCallbackDeliveries.id, id));
  if (!delivery || delivery.status !== 'pending') return { retryAt: null };
  const now = deps.clock.now();
  if (delivery.nextAttemptAt > now) return { retryAt: delivery.nextAttemptAt };
  const [callback] = await db.select().from(smsCallbacks).where(callbackOf(delivery.userId, delivery.channel));
  if (!callback || !callback.enabled || !callback.url) {
    await db
      .update(smsCallbackDeliveries)
      .set({ status: 'dropped', finishedAt: now })
      .where(eq(smsCallbackDeliveries.id, id));
    return { retryAt: null };
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(callback.secret, delivery.messageId, timestamp, delivery.payload),
  };
  const result = await postCallback(callback.url, headers, delivery.payload, allowPrivate);
  const attempts = delivery.attempts + 1;
  const after = deps.clock.now();
  await db
    .update(smsCallbacks)
    .set({ lastDeliveryAt: after, lastStatus: result.status })
    .where(callbackOf(delivery.userId, delivery.channel));
  if (result.status >= 200 && result.status < 300) {
    await db
      .update(smsCallbackDeliveries)
      .set({ status: 'delivered', attempts, lastStatus: result.status, lastError: '', finishedAt: after })
      .where(eq(smsCallbackDeliveries.id, id));
    return { retryAt: null };
  }
  if (result.status === 410) {
    // Standard Webhooks: 410 Gone means the receiver wants no more; stop the callback and its queue.
    await db.transaction(async (tx) => {
      await tx
        .update(smsCallbacks)
        .set({ enabled: false, disabledReason: 'gone', updatedAt: after })
        .where(callbackOf(delivery.userId, delivery.channel));
      await tx
        .update(smsCallbackDeliveries)
        .set({
          status: 'dropped',
          finishedAt: after,
          attempts: sql`CASE WHEN ${smsCallbackDeliveries.id} = ${id} THEN ${attempts} ELSE ${smsCallbackDeliveries.attempts} END`,
          lastStatus: sql`CASE WHEN ${smsCallbackDeliveries.id} = ${id} THEN 410 ELSE ${smsCallbackDeliveries.lastStatus} END`,
        })
        .where(
          and(
            eq(smsCallbackDeliveries.userId, delivery.userId),
            eq(smsCallbackDeliveries.channel, delivery.channel),
            eq(smsCallbackDeliveries.status, 'pending'),
          ),
        );
    });
    return { retryAt: null };
  }
  if (attempts >= MAX_CALLBACK_ATTEMPTS) {
    await db
      .update(smsCallbackDeliveries)
      .set({ status: 'failed', attempts, lastStatus: result.status, lastError: result.error, finishedAt: after })
      .where(eq(smsCallbackDeliveries.id, id));
    return { retryAt: null };
  }
  const retryAt = new Date(after.getTime() + callbackBackoffMs(attempts, random));
  await db
    .update(smsCallbackDeliveries)
    .set({ attempts, nextAttemptAt: retryAt, lastStatus: result.status, lastError: result.error })
    .where(eq(smsCallbackDeliveries.id, id));
  return { retryAt };
}

/** Deliveries due by the server clock (the sweep, and tests with a moved clock). */
export async function dueCallbackIds(deps: Pick<ServerDeps, 'database' | 'clock'>, limit = 200): Promise<number[]> {
  const rows = await deps.database.db
    .select({ id: smsCallbackDeliveries.id })
    .from(smsCallbackDeliveries)
    .where(and(eq(smsCallbackDeliveries.status, 'pending'), lte(smsCallbackDeliveries.nextAttemptAt, deps.clock.now())))
    .orderBy(asc(smsCallbackDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
