import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import type { SmsMessageResult } from '../../src/gateway/contract/sms-constants';
import type { SmsRecord } from '../../src/gateway/contract/actions/sms';
import { channelOf } from '../channels/registry';
import { deletedStatusOf } from '../channels/task-store';
import { carrierErrorDescription } from '../providers/carrier';
import type { Lang } from '../messages';
import { unix } from '../lib/time';
import { SMS_MESSAGE_RESULT_OF_CODE as MESSAGE_RESULT_OF_CODE } from '../../src/machines/lifecycles/sms-message.machine';

// Send records are read through their task (recipients have no index of their own: see
// migrations/0004_sms.sql), found by the time their task was created, newest task first.

export interface RecordFilters {
  /** The channel whose records these are (default SMS). */
  Channel?: string;
  BeginTime: number;
  EndTime: number;
  TaskId?: string;
  Phone?: string;
  Result?: SmsMessageResult[];
  CountryCode?: string;
  TemplateId?: string;
  ErrorCode?: string;
}

const RESULT_CODES: Record<SmsMessageResult, number[]> = {
  Pending: [0, 1, 2],
  Success: [3],
  Fail: [4],
  Unknown: [5],
  SubmitFail: [6],
};

function recordWhere(userId: number, f: RecordFilters): SQL {
  const parts: SQL[] = [
    sql`t.user_id = ${userId}`,
    sql`t.channel = ${f.Channel ?? 'sms'}`,
    sql`t.status <> ${deletedStatusOf(f.Channel ?? 'sms')}`,
    sql`t.created_at >= ${new Date(f.BeginTime * 1000).toISOString()}::timestamptz`,
    sql`t.created_at < ${new Date(f.EndTime * 1000).toISOString()}::timestamptz`,
  ];
  if (f.TaskId) parts.push(sql`t.task_id = ${f.TaskId}`);
  if (f.CountryCode) parts.push(sql`t.country_code = ${f.CountryCode}`);
  if (f.TemplateId) parts.push(sql`t.template_id = ${f.TemplateId}`);
  if (f.Phone) parts.push(sql`r.address LIKE ${`%${f.Phone.replace(/^\+/, '')}%`}`);
  if (f.Result?.length)
    parts.push(sql`r.state = ANY(${sql.param(f.Result.flatMap((r) => RESULT_CODES[r]))}::smallint[])`);
  if (f.ErrorCode) parts.push(sql`r.error_code = ${f.ErrorCode}`);
  return sql.join(parts, sql` AND `);
}

interface RecordRow {
  task_internal: string;
  seq: number;
  task_id: string;
  session_no: string;
  name: string;
  country_code: string;
  content: string;
  params: string[] | null;
  phone: string;
  segments: number;
  state: number;
  error_code: string;
  cost: string;
  submit_at: string | Date | null;
  report_at: string | Date | null;
  call_seconds: number | null;
}

const toDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function recordData(row: RecordRow, lang: Lang, channel: string): SmsRecord {
  return {
    RecordId: `${row.task_internal}-${row.seq}`,
    TaskId: row.task_id,
    SessionNo: row.session_no,
    TaskName: row.name,
    Phone: `+${row.phone}`,
    CountryCode: row.country_code,
    Content: channelOf(channel).render(row.content, row.params ?? []),
    Segments: row.segments,
    Result: MESSAGE_RESULT_OF_CODE[row.state],
    ErrorCode: row.error_code,
    ErrorDescription: carrierErrorDescription(row.error_code, lang),
    SubmitTime: unix(toDate(row.submit_at)),
    ReportTime: unix(toDate(row.report_at)),
    Cost: Number(row.cost),
    ...(row.call_seconds === null ? {} : { CallSeconds: row.call_seconds }),
  };
}

export async function queryRecords(
  db: Db,
  userId: number,
  filters: RecordFilters,
  limit: number,
  offset: number,
  lang: Lang,
): Promise<SmsRecord[]> {
  const rows = await rowsOf<RecordRow>(
    db,
    sql`
    SELECT t.id AS task_internal, r.seq, t.task_id, t.session_no, t.name, t.country_code, t.content, r.params, r.address AS phone, r.segments, r.state, r.error_code, r.cost, r.submit_at, r.report_at, r.call_seconds
    FROM channel_tasks t JOIN channel_recipients r ON r.task_id = t.id
    WHERE ${recordWhere(userId, filters)}
    ORDER BY t.created_at DESC, t.id DESC, r.seq ASC
    LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => recordData(row, lang, filters.Channel ?? 'sms'));
}

export async function countRecords(db: Db, userId: number, filters: RecordFilters): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM channel_tasks t JOIN channel_recipients r ON r.task_id = t.id WHERE ${recordWhere(userId, filters)}`,
  );
  return row.n;
}
