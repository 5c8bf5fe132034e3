import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { Lang } from '../messages';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { z } from 'zod';
import type { actionDefs } from '../../src/gateway/contract/actions/registry';
import type { SmsGranularity } from '../../src/gateway/contract/sms-constants';
import { carrierErrorDescription } from '../providers/carrier';
import { SMS_MESSAGE_RESULT_OF_CODE as MESSAGE_RESULT_OF_CODE } from '../../src/machines/lifecycles/sms-message.machine';
import { rowsOf } from '../db/rows';
import { isKnownZone } from '../sms/time-zones';
import { successRate } from '../sms/tasks';

// Send statistics of one phone channel's tasks (SMS, MMS; docs/decisions.md "MMS"): the kernel's
// channel_recipients of the caller's tasks of that channel, nothing else.
// Analytics count messages by the time they were submitted (SubmitFail included), in the chosen
// time zone's days, ISO weeks (from Monday) or months. Only tasks that can hold such messages are
// read (created before the range ends, not finished before it starts).

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function taskScope(channel: string, userId: number, begin: number, end: number, countryCode?: string, taskId?: string) {
  return sql`SELECT id FROM channel_tasks WHERE user_id = ${userId} AND channel = ${channel} AND created_at < ${iso(end)}::timestamptz
    AND (finished_at IS NULL OR finished_at >= ${iso(begin)}::timestamptz - interval '1 day')
    ${countryCode ? sql`AND country_code = ${countryCode}` : sql``} ${taskId ? sql`AND task_id = ${taskId}` : sql``}`;
}

interface PointRow {
  time: string;
  label: string;
  submit: number;
  success: number;
  fail: number;
  unknown: number;
  submit_fail: number;
  segments: string;
  cost: string;
}

function point(row: PointRow) {
  const finished = row.success + row.fail + row.unknown + row.submit_fail;
  return {
    Submit: row.submit,
    Success: row.success,
    Fail: row.fail,
    Unknown: row.unknown,
    SubmitFail: row.submit_fail,
    Segments: Number(row.segments),
    Cost: Number(row.cost),
    SuccessRate: successRate(row.success, finished),
  };
}

async function series(
  db: Db,
  channel: string,
  userId: number,
  begin: number,
  end: number,
  granularity: SmsGranularity,
  zone: string,
  countryCode?: string,
) {
  const rows = await rowsOf<PointRow>(
    db,
    sql`
    WITH buckets AS (
      SELECT generate_series(
        date_trunc(${granularity}::text, ${iso(begin)}::timestamptz AT TIME ZONE ${zone}),
        date_trunc(${granularity}::text, (${iso(end)}::timestamptz - interval '1 second') AT TIME ZONE ${zone}),
        ('1 ' || ${granularity}::text)::interval) AS bucket
    ), sent AS (
      SELECT date_trunc(${granularity}::text, r.submit_at AT TIME ZONE ${zone}) AS bucket,
        count(*)::int AS submit,
        (count(*) FILTER (WHERE r.state = 3))::int AS success,
        (count(*) FILTER (WHERE r.state = 4))::int AS fail,
        (count(*) FILTER (WHERE r.state = 5))::int AS unknown,
        (count(*) FILTER (WHERE r.state = 6))::int AS submit_fail,
        COALESCE(SUM(r.segments) FILTER (WHERE r.state <> 6), 0) AS segments,
        COALESCE(SUM(r.cost), 0) AS cost
      FROM channel_recipients r
      WHERE r.task_id IN (${taskScope(channel, userId, begin, end, countryCode)})
        AND r.submit_at >= ${iso(begin)}::timestamptz AND r.submit_at < ${iso(end)}::timestamptz
      GROUP BY 1
    )
    SELECT extract(epoch FROM (b.bucket AT TIME ZONE ${zone}))::bigint AS time, to_char(b.bucket, 'YYYY-MM-DD') AS label,
      COALESCE(s.submit, 0) AS submit, COALESCE(s.success, 0) AS success, COALESCE(s.fail, 0) AS fail, COALESCE(s.unknown, 0) AS unknown,
      COALESCE(s.submit_fail, 0) AS submit_fail, COALESCE(s.segments, 0) AS segments, COALESCE(s.cost, 0) AS cost
    FROM buckets b LEFT JOIN sent s ON s.bucket = b.bucket ORDER BY b.bucket`,
  );
  const points = rows.map((row) => ({ Time: Number(row.time), Label: row.label, ...point(row) }));
  const sum = (key: keyof PointRow) => rows.reduce((total, row) => total + Number(row[key]), 0);
  const totals = point({
    time: '0',
    label: '',
    submit: sum('submit'),
    success: sum('success'),
    fail: sum('fail'),
    unknown: sum('unknown'),
    submit_fail: sum('submit_fail'),
    segments: String(sum('segments')),
    cost: String(sum('cost')),
  });
  return { points, totals };
}

/** The parsed inputs: the MMS Actions share the SMS ones' schemas. */
type SendStatisticsInput = z.output<(typeof actionDefs)['GetUSMSSendStatistics']['input']>;
type ReceiptCodeInput = z.output<(typeof actionDefs)['GetUSMSSendReceiptCodeStatistics']['input']>;

/** Sends of a channel over time (points and totals), with the comparison window shifted back when asked. */
export async function sendStatistics(db: Db, channel: string, userId: number, input: SendStatisticsInput) {
  if (!isKnownZone(input.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
  const run = (shift: number) =>
    series(
      db,
      channel,
      userId,
      input.BeginTime - shift,
      input.EndTime - shift,
      input.Granularity,
      input.TimeZone,
      input.CountryCode,
    );
  const current = await run(0);
  let compare = null;
  if (input.CompareDays) {
    const shift = input.CompareDays * 86_400;
    const previous = await run(shift);
    compare = {
      BeginTime: input.BeginTime - shift,
      EndTime: input.EndTime - shift,
      Points: previous.points,
      Totals: previous.totals,
    };
  }
  return { Points: current.points, Totals: current.totals, Compare: compare };
}

/** The error codes of a channel's reported messages in a range, most frequent first. */
export async function receiptCodeStatistics(
  db: Db,
  channel: string,
  userId: number,
  input: ReceiptCodeInput,
  lang: Lang,
) {
  const rows = await rowsOf<{ error_code: string; state: number; n: number }>(
    db,
    sql`
    SELECT r.error_code, r.state, count(*)::int AS n FROM channel_recipients r
    WHERE r.task_id IN (${taskScope(channel, userId, input.BeginTime, input.EndTime, input.CountryCode, input.TaskId)})
      AND r.error_code <> '' AND r.report_at >= ${iso(input.BeginTime)}::timestamptz AND r.report_at < ${iso(input.EndTime)}::timestamptz
    GROUP BY r.error_code, r.state ORDER BY n DESC, r.error_code`,
  );
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return {
    Total: total,
    Codes: rows.map((r) => ({
      ErrorCode: r.error_code,
      Description: carrierErrorDescription(r.error_code, lang),
      Result: MESSAGE_RESULT_OF_CODE[r.state],
      Count: r.n,
      Ratio: total ? Math.round((r.n / total) * 10_000) / 100 : 0,
    })),
  };
}
