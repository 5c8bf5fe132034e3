import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';

// The one place the audience reads a channel's records (spec 001 §3 data source USMS 4): the channel
// kernel's tables (channel_tasks + channel_recipients), SMS rows only; MMS and voice sources will read
// the same tables with their channel id (docs/decisions.md, "Audience").

/** Message states of channel_recipients: submitted 2, success 3 and unknown 5 count as received; fail 4
 * and submitFail 6 failed. */
const SENT_STATES = [2, 3, 5];
const FAILED_STATES = [4, 6];

export type ChannelEvent = 'received' | 'failed';

/**
 * An SQL condition, true when the contact aliased `c` had an SMS of this kind since `from`: the
 * segment compiler puts it in its WHERE clause (EXISTS, so it never loads records into memory).
 */
export function smsEventSince(event: ChannelEvent, from: string): SQL {
  const states = event === 'failed' ? FAILED_STATES : SENT_STATES;
  return sql`EXISTS (SELECT 1 FROM channel_recipients r JOIN channel_tasks t ON t.id = r.task_id
    WHERE r.address = c.phone AND t.channel = 'sms' AND t.user_id = c.user_id AND r.submit_at >= ${from}::timestamptz
    AND r.state = ANY(${sql.param(states)}::smallint[]))`;
}

export interface ChannelMessage {
  Channel: string;
  TaskId: string;
  Content: string;
  State: number;
  SendTime: number;
}

/** The newest SMS messages an account sent to a number (the contact page). */
export async function smsMessagesTo(db: Db, userId: number, phone: string, limit = 50): Promise<ChannelMessage[]> {
  const rows = await rowsOf<{ task_id: string; content: string; state: number; at: Date | string }>(
    db,
    sql`SELECT t.task_id, t.content, r.state, coalesce(r.submit_at, t.send_at) AS at
      FROM channel_recipients r JOIN channel_tasks t ON t.id = r.task_id
      WHERE r.address = ${phone} AND t.channel = 'sms' AND t.user_id = ${userId}
      ORDER BY at DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    Channel: 'sms',
    TaskId: row.task_id,
    Content: row.content,
    State: Number(row.state),
    SendTime: Math.floor(new Date(row.at).getTime() / 1000),
  }));
}
