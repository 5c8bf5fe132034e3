import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SmsGranularity } from '../../src/gateway/contract/sms-constants';
import { EMAIL_MESSAGE_STATE_CODE } from '../../src/machines/lifecycles/email-message.machine';
import { bucketsOf, iso, taskScope, withComparison } from '../channels/statistics';
import { isKnownZone } from '../sms/time-zones';
import { EMAIL_CHANNEL_ID } from './channel-id';
import { readingConversion } from './tracking';
import { flushTrackEvents } from './track-recorder';

// Trace statistics over a range (/email/analytics, /email/overview; docs/decisions.md "E-mail statistics"):
// the mails sent (submitted) in each bucket and their opens, clicks and unsubscribes whenever they came,
// so a bucket's reading conversion compares the same mails (unique opens ÷ delivered).

interface TraceRow {
  time: string;
  label: string;
  delivered: number;
  opens: number;
  unique_opens: number;
  clicks: number;
  unique_clicks: number;
  unsubscribes: number;
}

export interface TraceWindow {
  BeginTime: number;
  EndTime: number;
  Granularity: SmsGranularity;
  TimeZone: string;
  CompareDays?: 7 | 15 | 30;
  TaskId?: string;
}

function totalsOf(row: Omit<TraceRow, 'time' | 'label'>) {
  return {
    Delivered: row.delivered,
    Opens: row.opens,
    UniqueOpens: row.unique_opens,
    Clicks: row.clicks,
    UniqueClicks: row.unique_clicks,
    Unsubscribes: row.unsubscribes,
    ReadingConversion: readingConversion(row.unique_opens, row.delivered),
  };
}

async function traceSeries(db: Db, userId: number, begin: number, end: number, w: TraceWindow) {
  const { Granularity: granularity, TimeZone: zone } = w;
  const rows = await rowsOf<TraceRow>(
    db,
    sql`
    WITH ${bucketsOf(begin, end, granularity, zone)}, traced AS (
      SELECT date_trunc(${granularity}::text, r.submit_at AT TIME ZONE ${zone}) AS bucket,
        (count(*) FILTER (WHERE r.state = ${EMAIL_MESSAGE_STATE_CODE.deliver}))::int AS delivered,
        COALESCE(SUM(o.count), 0)::int AS opens, count(o.seq)::int AS unique_opens,
        COALESCE(SUM(c.count), 0)::int AS clicks, count(c.seq)::int AS unique_clicks,
        count(u.seq)::int AS unsubscribes
      FROM channel_recipients r
      LEFT JOIN email_track_events o ON o.task_id = r.task_id AND o.seq = r.seq AND o.kind = 'open'
      LEFT JOIN email_track_events c ON c.task_id = r.task_id AND c.seq = r.seq AND c.kind = 'click'
      LEFT JOIN email_track_events u ON u.task_id = r.task_id AND u.seq = r.seq AND u.kind = 'unsubscribe'
      WHERE r.task_id IN (${taskScope(EMAIL_CHANNEL_ID, userId, begin, end, undefined, w.TaskId)})
        AND r.submit_at >= ${iso(begin)}::timestamptz AND r.submit_at < ${iso(end)}::timestamptz
      GROUP BY 1
    )
    SELECT extract(epoch FROM (b.bucket AT TIME ZONE ${zone}))::bigint AS time, to_char(b.bucket, 'YYYY-MM-DD') AS label,
      COALESCE(t.delivered, 0) AS delivered, COALESCE(t.opens, 0) AS opens, COALESCE(t.unique_opens, 0) AS unique_opens,
      COALESCE(t.clicks, 0) AS clicks, COALESCE(t.unique_clicks, 0) AS unique_clicks, COALESCE(t.unsubscribes, 0) AS unsubscribes
    FROM buckets b LEFT JOIN traced t ON t.bucket = b.bucket ORDER BY b.bucket`,
  );
  const sum = (key: Exclude<keyof TraceRow, 'time' | 'label'>) => rows.reduce((total, row) => total + row[key], 0);
  return {
    points: rows.map((row) => ({ Time: Number(row.time), Label: row.label, ...totalsOf(row) })),
    totals: totalsOf({
      delivered: sum('delivered'),
      opens: sum('opens'),
      unique_opens: sum('unique_opens'),
      clicks: sum('clicks'),
      unique_clicks: sum('unique_clicks'),
      unsubscribes: sum('unsubscribes'),
    }),
  };
}

/** The account's trace statistics by bucket, with the comparison window shifted back when asked. */
export async function traceStatisticsOverTime(db: Db, userId: number, w: TraceWindow) {
  if (!isKnownZone(w.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
  await flushTrackEvents(db);
  return withComparison(w, (shift) => traceSeries(db, userId, w.BeginTime - shift, w.EndTime - shift, w));
}
