import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { EMAIL_DOMAIN_STATUS } from '../../src/gateway/contract/statuses';
import {
  channelRecipients,
  channelTasks,
  emailDomains,
  emailTrackEvents,
  type EmailDomainRow,
  type EmailTrackKind,
} from '../db/schema';
import { EMAIL_CHANNEL_ID } from './channel-id';
import { parseEmailContent } from './send-content';
import { flushTrackEvents, writeTrackEvents, type TrackEvent } from './track-recorder';
import { trackingValues } from './track-links';
import { parseTrackToken, signTrackToken, trackSecret, trackTokenValid, type TrackTokenKind } from './track-token';

// Opens, clicks and unsubscribes of e-mail tasks (issue 13 item 6; docs/decisions.md "E-mail tracking").

/** The public paths of the tracking gateway: the open pixel and the click redirect. */
export const TRACK_OPEN_PATH = '/t/o';
export const TRACK_CLICK_PATH = '/t/c';

/**
 * The origin of a sender domain's tracking links (docs/decisions.md "Per-domain tracking host"): the
 * domain's own https://<prefix>.<domain> once it passed and its tracking CNAME was found pointing at
 * Herald, else the gateway's public URL. The gateway answers the tracking paths on any Host.
 */
export function trackingOrigin(
  domain: Pick<EmailDomainRow, 'domain' | 'trackingPrefix' | 'status' | 'checks'> | undefined,
  publicUrl: string,
): string {
  const cname = domain?.checks.find((check) => check.kind === 'TRACKING');
  if (domain?.status === EMAIL_DOMAIN_STATUS.Passed && cname?.status === EMAIL_DOMAIN_STATUS.Passed)
    return `https://${domain.trackingPrefix}.${domain.domain}`;
  return publicUrl.replace(/\/+$/, '');
}

/** trackingOrigin of the account's live domain of that name. */
export async function trackingOriginFor(db: Db, publicUrl: string, userId: number, domain: string): Promise<string> {
  const [row] = await db
    .select()
    .from(emailDomains)
    .where(
      and(
        eq(emailDomains.userId, userId),
        eq(emailDomains.domain, domain.toLowerCase()),
        eq(emailDomains.status, EMAIL_DOMAIN_STATUS.Passed),
      ),
    );
  return trackingOrigin(row, publicUrl);
}

/** The tracking tags' values for one recipient of a task whose content has `linkCount` tracked links. */
export async function trackingFor(
  db: Db,
  publicUrl: string,
  mail: { userId: number; taskId: number; seq: number; linkCount: number },
): Promise<Record<string, string>> {
  const secret = await trackSecret(db);
  const base = publicUrl.replace(/\/+$/, '');
  const subject = (index: number) => ({ taskId: mail.taskId, seq: mail.seq, index });
  const open = `${base}${TRACK_OPEN_PATH}/${signTrackToken(secret, 'o', mail.userId, subject(0))}.gif`;
  const links = Array.from(
    { length: mail.linkCount },
    (_, i) => `${base}${TRACK_CLICK_PATH}/${signTrackToken(secret, 'c', mail.userId, subject(i))}`,
  );
  return trackingValues(open, links);
}

export interface TrackHit {
  userId: number;
  taskId: number;
  seq: number;
  /** For a click: where it goes (the task's own link). */
  url: string;
}

/** What a genuine token names, or null (malformed, forged, another kind, no such recipient or link). */
export async function resolveTrackToken(db: Db, kind: TrackTokenKind, token: string): Promise<TrackHit | null> {
  const parsed = parseTrackToken(token);
  if (!parsed) return null;
  // One look-up: the task (its content only for a click's link) and that the recipient is one of it.
  const [task] = await db
    .select({
      userId: channelTasks.userId,
      content: kind === 'c' ? channelTasks.content : sql<string>`''`,
    })
    .from(channelTasks)
    .innerJoin(
      channelRecipients,
      and(eq(channelRecipients.taskId, channelTasks.id), eq(channelRecipients.seq, parsed.seq)),
    )
    .where(and(eq(channelTasks.id, parsed.taskId), eq(channelTasks.channel, EMAIL_CHANNEL_ID)));
  if (!task || !trackTokenValid(await trackSecret(db), kind, task.userId, parsed)) return null;
  const url = kind === 'c' ? parseEmailContent(task.content).links?.[parsed.index] : '';
  if (url === undefined || (kind === 'o' && parsed.index !== 0)) return null;
  return { userId: task.userId, taskId: parsed.taskId, seq: parsed.seq, url };
}

/** Counts one event of a recipient now (an unsubscribe); opens and clicks go through track-recorder.ts. */
export async function recordTrackEvent(db: Db, event: TrackEvent): Promise<void> {
  await writeTrackEvents(db, [event]);
}

/** Counts an unsubscribe from a task's mail to the recipient of that address (none when unknown). */
export async function recordUnsubscribe(
  db: Db,
  unsubscribe: { userId: number; taskId: number; address: string; at: Date },
): Promise<void> {
  if (!unsubscribe.taskId) return;
  const [recipient] = await db
    .select({ seq: channelRecipients.seq })
    .from(channelRecipients)
    .innerJoin(channelTasks, eq(channelTasks.id, channelRecipients.taskId))
    .where(
      and(
        eq(channelRecipients.taskId, unsubscribe.taskId),
        eq(channelTasks.userId, unsubscribe.userId),
        sql`lower(${channelRecipients.address}) = ${unsubscribe.address.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!recipient) return;
  // counted once per recipient (Unsubscribes reads the unique count); a second visit only moves lastAt
  const { userId, taskId, at } = unsubscribe;
  await recordTrackEvent(db, { userId, taskId, seq: recipient.seq, kind: 'unsubscribe', at });
}

/** Spec 001 §3 reading conversion: unique opens per delivered mail, percent, two decimals, at most 100. */
export const readingConversion = (uniqueOpens: number, delivered: number): number =>
  delivered > 0 ? Math.min(100, Math.round((uniqueOpens / delivered) * 10_000) / 100) : 0;

export interface TraceStatistics {
  Opens: number;
  UniqueOpens: number;
  Clicks: number;
  UniqueClicks: number;
  Unsubscribes: number;
}

/** A task's trace statistics (the task's internal id; the caller has checked it is the account's). */
export async function traceStatistics(db: Db, userId: number, taskId: number): Promise<TraceStatistics> {
  await flushTrackEvents(db);
  const rows = await db
    .select({
      kind: emailTrackEvents.kind,
      total: sql<number>`coalesce(sum(${emailTrackEvents.count}), 0)::int`,
      unique: sql<number>`count(*)::int`,
    })
    .from(emailTrackEvents)
    .where(and(eq(emailTrackEvents.taskId, taskId), eq(emailTrackEvents.userId, userId)))
    .groupBy(emailTrackEvents.kind);
  const of = (kind: EmailTrackKind) => rows.find((r) => r.kind === kind) ?? { total: 0, unique: 0 };
  return {
    Opens: of('open').total,
    UniqueOpens: of('open').unique,
    Clicks: of('click').total,
    UniqueClicks: of('click').unique,
    Unsubscribes: of('unsubscribe').unique,
  };
}
