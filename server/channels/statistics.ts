import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { Lang } from '../messages';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { z } from 'zod';
import type { actionDefs } from '../../src/gateway/contract/actions/registry';
import type { SmsGranularity } from '../../src/gateway/contract/sms-constants';
import { carrierErrorDescription } from '../providers/carrier';
import {
  SMS_MESSAGE_RESULT_OF_CODE as MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
} from '../../src/machines/lifecycles/sms-message.machine';
import { rowsOf } from '../db/rows';
import { isKnownZone } from '../sms/time-zones';
import { successRate } from '../../src/gateway/contract/sms-constants';

// Send statistics of one channel's tasks (SMS, MMS, e-mail; docs/decisions.md "MMS statistics", "E-mail
// statistics"): the kernel's channel_recipients of the caller's tasks of that channel, nothing else.
// Analytics count messages by the time they were submitted (SubmitFail included), in the chosen
// time zone's days, ISO weeks (from Monday) or months. Only tasks that can hold such messages are
// read (created before the range ends, not finished before it starts).

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function taskScope(
  channel: string,
  userId: number,
  begin: number,
  end: number,
  countryCode?: string,
  taskId?: string,
) {
  return sql`SELECT id FROM channel_tasks WHERE user_id = ${userId} AND channel = ${channel} AND created_at < ${iso(end)}::timestamptz
    AND (finished_at IS NULL OR finished_at >= ${iso(begin)}::timestamptz - interval '1 day')
    ${countryCode ? sql`AND country_code = ${countryCode}` : sql``} ${taskId ? sql`AND task_id = ${taskId}` : sql``}`;
}

/** Which stored message states count as each result: a phone channel's (SMS, MMS) or e-mail's. */
export interface ResultCodes {
  success: readonly number[];
  fail: readonly number[];
  unknown: readonly number[];
  submitFail: readonly number[];
}

export const PHONE_RESULT_CODES: ResultCodes = {
  success: [SMS_MESSAGE_STATE_CODE.success],
  fail: [SMS_MESSAGE_STATE_CODE.fail],
  unknown: [SMS_MESSAGE_STATE_CODE.unknown],
  submitFail: [SMS_MESSAGE_STATE_CODE.submitFail],
};

/** One bucket's messages by stored state (SQL groups by state; the channel's codes name the results). */
interface StateRow {
  time: string;
  label: string;
  state: number | null;
  n: number;
  segments: string;
  cost: string;
}

interface Tally {
  byState: Map<number, number>;
  segments: number;
  cost: number;
}

/** How many messages of a tally are in one of the states. */
export type StateCount = (states: readonly number[]) => number;

function point(tally: Tally, codes: ResultCodes) {
  const count: StateCount = (states) => states.reduce((sum, state) => sum + (tally.byState.get(state) ?? 0), 0);
  const success = count(codes.success);
  const fail = count(codes.fail);
  const unknown = count(codes.unknown);
  const submitFail = count(codes.submitFail);
  const base = {
    Submit: [...tally.byState.values()].reduce((a, b) => a + b, 0),
    Success: success,
    Fail: fail,
    Unknown: unknown,
    SubmitFail: submitFail,
    Segments: tally.segments,
    Cost: tally.cost,
    SuccessRate: successRate(success, success + fail + unknown + submitFail),
  };
  return { base, count };
}

/** The `buckets` of a statistics window: one row per day or hour in the zone, empty ones included. */
export const bucketsOf = (begin: number, end: number, granularity: SmsGranularity, zone: string) => sql`buckets AS (
      SELECT generate_series(
        date_trunc(${granularity}::text, ${iso(begin)}::timestamptz AT TIME ZONE ${zone}),
        date_trunc(${granularity}::text, (${iso(end)}::timestamptz - interval '1 second') AT TIME ZONE ${zone}),
        ('1 ' || ${granularity}::text)::interval) AS bucket
    )`;

/** A window's series and, when `CompareDays` asks, the same series shifted back by that many days. */
export async function withComparison<P, T>(
  window: { BeginTime: number; EndTime: number; CompareDays?: number },
  run: (shiftSeconds: number) => Promise<{ points: P; totals: T }>,
) {
  const current = await run(0);
  let compare = null;
  if (window.CompareDays) {
    const shift = window.CompareDays * 86_400;
    const previous = await run(shift);
    compare = {
      BeginTime: window.BeginTime - shift,
      EndTime: window.EndTime - shift,
      Points: previous.points,
      Totals: previous.totals,
    };
  }
  return { Points: current.points, Totals: current.totals, Compare: compare };
}

async function series<Extra extends object>(
  db: Db,
  channel: string,
  userId: number,
  window: { begin: number; end: number; granularity: SmsGranularity; zone: string; countryCode?: string },
  codes: ResultCodes,
  extra: (count: StateCount) => Extra,
) {
  const { begin, end, granularity, zone, countryCode } = window;
  const rows = await rowsOf<StateRow>(
    db,
    sql`
    WITH ${bucketsOf(begin, end, granularity, zone)}, sent AS (
      SELECT date_trunc(${granularity}::text, r.submit_at AT TIME ZONE ${zone}) AS bucket, r.state,
        count(*)::int AS n,
        COALESCE(SUM(r.segments) FILTER (WHERE NOT r.state = ANY(${sql.param([...codes.submitFail])}::smallint[])), 0) AS segments,
        COALESCE(SUM(r.cost), 0) AS cost
      FROM channel_recipients r
      WHERE r.task_id IN (${taskScope(channel, userId, begin, end, countryCode)})
        AND r.submit_at >= ${iso(begin)}::timestamptz AND r.submit_at < ${iso(end)}::timestamptz
      GROUP BY 1, 2
    )
    SELECT extract(epoch FROM (b.bucket AT TIME ZONE ${zone}))::bigint AS time, to_char(b.bucket, 'YYYY-MM-DD') AS label,
      s.state, COALESCE(s.n, 0) AS n, COALESCE(s.segments, 0) AS segments, COALESCE(s.cost, 0) AS cost
    FROM buckets b LEFT JOIN sent s ON s.bucket = b.bucket ORDER BY b.bucket, s.state`,
  );
  const buckets = new Map<string, { label: string; tally: Tally }>();
  const total: Tally = { byState: new Map(), segments: 0, cost: 0 };
  for (const row of rows) {
    const bucket = buckets.get(row.time) ?? { label: row.label, tally: { byState: new Map(), segments: 0, cost: 0 } };
    buckets.set(row.time, bucket);
    if (row.state === null) continue;
    for (const tally of [bucket.tally, total]) {
      tally.byState.set(row.state, (tally.byState.get(row.state) ?? 0) + row.n);
      tally.segments += Number(row.segments);
      tally.cost += Number(row.cost);
    }
  }
  const withExtra = (tally: Tally) => {
    const { base, count } = point(tally, codes);
    return { ...base, ...extra(count) };
  };
  const points = [...buckets].map(([time, { label, tally }]) => ({
    Time: Number(time),
    Label: label,
    ...withExtra(tally),
  }));
  return { points, totals: withExtra(total) };
}

/** The parsed inputs: the MMS Actions share the SMS ones' schemas. */
type SendStatisticsInput = z.output<(typeof actionDefs)['GetUSMSSendStatistics']['input']>;
type ReceiptCodeInput = z.output<(typeof actionDefs)['GetUSMSSendReceiptCodeStatistics']['input']>;

/** The window a statistics Action asks for (the SMS Actions' fields; e-mail has no country). */
export type StatisticsWindow = Omit<SendStatisticsInput, 'CountryCode'> & { CountryCode?: string };

/**
 * Sends of a channel over time (points and totals), with the comparison window shifted back when asked.
 * `codes` names the channel's results; `extra` adds a channel's own counts to each point (e-mail's bounces).
 */
export async function sendStatistics<Extra extends object = object>(
  db: Db,
  channel: string,
  userId: number,
  input: StatisticsWindow,
  codes: ResultCodes = PHONE_RESULT_CODES,
  extra: (count: StateCount) => Extra = () => ({}) as Extra,
) {
  if (!isKnownZone(input.TimeZone)) throw new ApiError(RetCode.TimeZoneUnknown);
  const run = (shift: number) =>
    series(
      db,
      channel,
      userId,
      {
        begin: input.BeginTime - shift,
        end: input.EndTime - shift,
        granularity: input.Granularity,
        zone: input.TimeZone,
        countryCode: input.CountryCode,
      },
      codes,
      extra,
    );
  return withComparison(input, run);
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
