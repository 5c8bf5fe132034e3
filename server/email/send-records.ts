import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern, rowsOf } from '../db/rows';
import { unix } from '../lib/time';
import type { Lang } from '../messages';
import type { EmailSendRecord } from '../../src/gateway/contract/actions/email-send';
import { EMAIL_TASK_STATUS, type EmailMessageResult } from '../../src/gateway/contract/statuses';
import {
  EMAIL_MESSAGE_RESULT_OF_CODE,
  EMAIL_MESSAGE_STATE_CODE,
} from '../../src/machines/lifecycles/email-message.machine';
import { emailChannel } from '../channels/email';
import { finishEmail, parseEmailContent } from './send-content';
import { SUPPRESSED_CODE } from './send-provider';
import { flushTrackEvents } from './track-recorder';

// E-mail send records (/email/search, a task's detail): one per recipient of the account's e-mail tasks.

export interface EmailRecordFilters {
  BeginTime: number;
  EndTime: number;
  TaskId?: string;
  Email?: string;
  Result?: EmailMessageResult[];
}

const CODES_OF_RESULT = Object.entries(EMAIL_MESSAGE_RESULT_OF_CODE).reduce<Record<string, number[]>>(
  (byResult, [code, result]) => ({ ...byResult, [result]: [...(byResult[result] ?? []), Number(code)] }),
  {},
);

const DESCRIPTIONS: Record<string, { en: string; zh: string }> = {
  invalid: { en: 'Hard bounce: the mailbox does not exist or was refused', zh: '硬退信：邮箱不存在或被拒收' },
  soft_bounce: { en: 'Soft bounce: still refused after every retry', zh: '软退信：多次重试后仍被拒收' },
  submit_fail: { en: 'The mail server refused the message', zh: '邮件服务器拒收了该邮件' },
  unknown: { en: 'Handed over, no final answer', zh: '已提交，未获得最终结果' },
  [SUPPRESSED_CODE]: { en: 'Not sent: the address is suppressed', zh: '未发送：该地址在抑制名单中' },
  HERALD_BALANCE: { en: 'Not sent: insufficient balance', zh: '未发送：余额不足' },
  HERALD_CANCELLED: { en: 'Not sent: the task was stopped', zh: '未发送：任务已停止' },
};

function where(userId: number, f: EmailRecordFilters): SQL {
  const parts: SQL[] = [
    sql`t.user_id = ${userId}`,
    sql`t.channel = ${emailChannel.id}`,
    sql`t.status <> ${EMAIL_TASK_STATUS.Deleted}`,
    sql`t.created_at >= ${new Date(f.BeginTime * 1000).toISOString()}::timestamptz`,
    sql`t.created_at < ${new Date(f.EndTime * 1000).toISOString()}::timestamptz`,
  ];
  if (f.TaskId) parts.push(sql`t.task_id = ${f.TaskId}`);
  if (f.Email) parts.push(sql`r.address LIKE ${containsPattern(f.Email.toLowerCase())}`);
  if (f.Result?.length)
    parts.push(sql`r.state = ANY(${sql.param(f.Result.flatMap((r) => CODES_OF_RESULT[r] ?? []))}::smallint[])`);
  return sql.join(parts, sql` AND `);
}

interface Row {
  task_internal: string;
  seq: number;
  task_id: string;
  session_no: string;
  name: string;
  content: string;
  params: string[] | null;
  address: string;
  state: number;
  error_code: string;
  cost: string;
  submit_at: string | Date | null;
  report_at: string | Date | null;
  opens: number;
  clicks: number;
}

const toDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function recordOf(row: Row, lang: Lang): EmailSendRecord {
  const subject = finishEmail(emailChannel.render(row.content, row.params ?? []), row.address, '').subject;
  return {
    RecordId: `${row.task_internal}-${row.seq}`,
    TaskId: row.task_id,
    SessionNo: row.session_no,
    TaskName: row.name,
    Email: row.address,
    Subject: subject || parseEmailContent(row.content).subject,
    Result: EMAIL_MESSAGE_RESULT_OF_CODE[row.state] ?? 'pending',
    ErrorCode: row.state === EMAIL_MESSAGE_STATE_CODE.deliver ? '' : row.error_code,
    ErrorDescription: row.error_code ? (DESCRIPTIONS[row.error_code]?.[lang] ?? row.error_code) : '',
    SubmitTime: unix(toDate(row.submit_at)),
    ReportTime: unix(toDate(row.report_at)),
    Cost: Number(row.cost),
    Opens: row.opens,
    Clicks: row.clicks,
  };
}

/** One page of records for the filters, newest task first (the records table and the export job). */
export async function readEmailRecords(
  db: Db,
  userId: number,
  filters: EmailRecordFilters,
  page: { limit: number; offset: number },
  lang: Lang,
): Promise<EmailSendRecord[]> {
  await flushTrackEvents(db);
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT t.id AS task_internal, r.seq, t.task_id, t.session_no, t.name, t.content, r.params, r.address, r.state, r.error_code, r.cost, r.submit_at, r.report_at,
      COALESCE(o.count, 0)::int AS opens, COALESCE(c.count, 0)::int AS clicks
    FROM channel_tasks t JOIN channel_recipients r ON r.task_id = t.id
    LEFT JOIN email_track_events o ON o.task_id = r.task_id AND o.seq = r.seq AND o.kind = 'open'
    LEFT JOIN email_track_events c ON c.task_id = r.task_id AND c.seq = r.seq AND c.kind = 'click'
    WHERE ${where(userId, filters)}
    ORDER BY t.created_at DESC, t.id DESC, r.seq ASC
    LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map((row) => recordOf(row, lang));
}

export async function queryEmailRecords(
  db: Db,
  userId: number,
  filters: EmailRecordFilters,
  page: { limit: number; offset: number },
  lang: Lang,
): Promise<{ total: number; records: EmailSendRecord[] }> {
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM channel_tasks t JOIN channel_recipients r ON r.task_id = t.id WHERE ${where(userId, filters)}`,
  );
  return { total: n, records: await readEmailRecords(db, userId, filters, page, lang) };
}
