import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { SEGMENT_SOURCE } from '../../src/gateway/contract/audience/segments';

// The one place the audience reads a channel's records (spec 001 §3 data sources USMS 4 and EMAIL 5): the
// channel kernel's tables (channel_tasks + channel_recipients) of that channel, matched on the contact's
// own address for it (docs/decisions.md, "Audience"). WhatsApp joins with its channel id when it sends.

export type ChannelEvent = 'received' | 'failed';

/** A source's channel, the contact column its records are addressed to, and which message states count. */
interface ChannelSource {
  channel: 'sms' | 'email';
  column: 'phone' | 'email';
  /** SMS: submitted 2, success 3, unknown 5. E-mail: submitted 2, delivered 3, unknown 6. */
  received: number[];
  /** SMS: fail 4, submitFail 6. E-mail: invalid 4, soft bounce 5 (final), submitFail 7. */
  failed: number[];
}

export const CHANNEL_SOURCES: Record<number, ChannelSource> = {
  [SEGMENT_SOURCE.USMS]: { channel: 'sms', column: 'phone', received: [2, 3, 5], failed: [4, 6] },
  [SEGMENT_SOURCE.EMAIL]: { channel: 'email', column: 'email', received: [2, 3, 6], failed: [4, 5, 7] },
};

/**
 * An SQL condition, true when the contact aliased `c` had a message of this kind on the source's channel
 * since `from`: the segment compiler puts it in its WHERE clause (EXISTS, so it never loads records into memory).
 */
export function channelEventSince(source: number, event: ChannelEvent, from: string): SQL {
  const { channel, column, received, failed } = CHANNEL_SOURCES[source]!;
  // e-mail addresses are stored lower-cased on both sides; lower() keeps an older mixed-case contact matching
  const address = column === 'phone' ? sql`c.phone` : sql`lower(c.email)`;
  return sql`EXISTS (SELECT 1 FROM channel_recipients r JOIN channel_tasks t ON t.id = r.task_id
    WHERE r.address = ${address} AND t.channel = ${channel} AND t.user_id = c.user_id AND r.submit_at >= ${from}::timestamptz
    AND r.state = ANY(${sql.param(event === 'failed' ? failed : received)}::smallint[]))`;
}

export interface ChannelMessage {
  Channel: string;
  TaskId: string;
  Content: string;
  State: number;
  SendTime: number;
}

/**
 * The newest messages an account sent to a contact on every channel (the contact page): SMS, MMS and voice
 * to its phone, e-mail to its address. Content is what identifies the message to a person: the SMS text,
 * the MMS subject (its text without one), the e-mail subject, the voice template's name.
 */
export async function messagesTo(
  db: Db,
  userId: number,
  contact: { phone: string | null; email: string | null },
  limit = 50,
): Promise<ChannelMessage[]> {
  if (!contact.phone && !contact.email) return [];
  const rows = await rowsOf<{ channel: string; task_id: string; content: string; state: number; at: Date | string }>(
    db,
    sql`SELECT t.channel, t.task_id, r.state, coalesce(r.submit_at, t.send_at) AS at,
        CASE t.channel
          WHEN 'sms' THEN t.content
          WHEN 'email' THEN t.content::jsonb ->> 'subject'
          WHEN 'mms' THEN coalesce(nullif(t.content::jsonb ->> 'Subject', ''), t.content::jsonb ->> 'Text')
          ELSE t.template_name
        END AS content
      FROM channel_recipients r JOIN channel_tasks t ON t.id = r.task_id
      WHERE t.user_id = ${userId}
        AND ((t.channel IN ('sms', 'mms', 'voice') AND r.address = ${contact.phone ?? ''})
          OR (t.channel = 'email' AND r.address = ${(contact.email ?? '').toLowerCase()}))
      ORDER BY at DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    Channel: row.channel,
    TaskId: row.task_id,
    Content: row.content ?? '',
    State: Number(row.state),
    SendTime: Math.floor(new Date(row.at).getTime() / 1000),
  }));
}
