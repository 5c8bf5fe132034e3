import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { carrierErrorDescription } from '../providers/carrier';
import { deletedStatusOf } from '../channels/task-store';
import { fillWaBody, type WaRecordStatus } from '../../src/gateway/contract/wa-send';
import type { ActionInput } from '../../src/gateway/contract/actions/registry';
import type { WaRecord } from '../../src/gateway/contract/actions/wa-send';
import { parseWaTaskContent } from './task-content';

// WhatsApp message records (/whatsapp/search; docs/decisions.md "WhatsApp sending"): each template the
// kernel handed the platform (direction Sent, its platform status the best one reported) and each message a
// customer wrote (Received, a service conversation), the account's only, newest first.

type Filters = Omit<ActionInput<'GetWhatsAppSendRecord'>, 'Page' | 'NumPerPage'>;

/** Best platform status first: read, delivered, failed, sent. */
const STATUS_RANK = sql`CASE m.status WHEN 'read' THEN 4 WHEN 'delivered' THEN 3 WHEN 'failed' THEN 2 ELSE 1 END`;

function unionOf(userId: number, f: Filters): SQL {
  const deleted = deletedStatusOf('whatsapp');
  const sent = sql`
    SELECT 'S' || s.message_key AS record_id, t.task_id, t.name AS task_name, s.recipient AS phone, s.phone_number_id,
      s.template_name, s.language, s.category, 'Sent' AS direction,
      CASE WHEN s.state = 'refused' THEN 'failed' WHEN s.state = 'sending' THEN 'sending'
        ELSE COALESCE((SELECT m.status FROM wa_message_statuses m WHERE m.wamid = s.wamid AND m.user_id = s.user_id
          ORDER BY ${STATUS_RANK} DESC LIMIT 1), 'sent') END AS status,
      CASE WHEN s.state = 'refused' THEN s.error_code
        ELSE COALESCE((SELECT 'WA' || split_part(m.error, ' ', 1) FROM wa_message_statuses m
          WHERE m.wamid = s.wamid AND m.user_id = s.user_id AND m.status = 'failed' LIMIT 1), '') END AS error_code,
      t.content, r.params, s.paid AS cost, s.created_at AS at,
      (SELECT max(m.at) FROM wa_message_statuses m WHERE m.wamid = s.wamid AND m.user_id = s.user_id AND s.wamid <> '') AS report_at
    FROM wa_sends s JOIN channel_tasks t ON t.id = s.task_id AND t.user_id = s.user_id
      JOIN channel_recipients r ON r.task_id = s.task_id AND r.seq = split_part(s.message_key, ':', 2)::int
    WHERE s.user_id = ${userId} AND t.status <> ${deleted}`;
  const received = sql`
    SELECT 'R' || i.id AS record_id, '' AS task_id, '' AS task_name, i.wa_id AS phone, i.phone_number_id,
      '' AS template_name, '' AS language, 'service' AS category, 'Received' AS direction, 'received' AS status,
      '' AS error_code, i.text AS content, NULL::jsonb AS params, 0::bigint AS cost, i.sent_at AS at,
      i.received_at AS report_at
    FROM wa_inbound_messages i WHERE i.user_id = ${userId}`;
  if (f.Direction === 'Sent' || f.TaskId) return sent;
  if (f.Direction === 'Received') return received;
  return sql`${sent} UNION ALL ${received}`;
}

function whereOf(f: Filters): SQL {
  const parts: SQL[] = [sql`at >= to_timestamp(${f.BeginTime})`, sql`at < to_timestamp(${f.EndTime})`];
  if (f.TaskId) parts.push(sql`task_id = ${f.TaskId}`);
  if (f.Phone) parts.push(sql`phone = ${f.Phone.replace(/\D/g, '')}`);
  if (f.PhoneNumberId) parts.push(sql`phone_number_id = ${f.PhoneNumberId}`);
  if (f.Category) parts.push(sql`category = ${f.Category}`);
  if (f.Status?.length) parts.push(sql`status = ANY(${sql.param(f.Status)}::text[])`);
  return sql.join(parts, sql` AND `);
}

interface Row {
  record_id: string;
  task_id: string;
  task_name: string;
  phone: string;
  phone_number_id: string;
  template_name: string;
  language: string;
  category: WaRecord['Category'];
  direction: WaRecord['Direction'];
  status: WaRecordStatus;
  error_code: string;
  content: string;
  params: string[] | null;
  cost: string;
  at: Date | string;
  report_at: Date | string | null;
}

const seconds = (at: Date | string | null) => (at ? Math.floor(new Date(at).getTime() / 1000) : 0);

export async function waRecords(db: Db, userId: number, f: Filters, limit: number, offset: number, lang: 'en' | 'zh') {
  const from = sql`(${unionOf(userId, f)}) AS rec WHERE ${whereOf(f)}`;
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${from}`);
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT * FROM ${from} ORDER BY at DESC, record_id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const records = rows.map((row): WaRecord => ({
    RecordId: row.record_id,
    TaskId: row.task_id,
    TaskName: row.task_name,
    Phone: row.phone,
    PhoneNumberId: row.phone_number_id,
    TemplateName: row.template_name,
    Language: row.language,
    Category: row.category,
    Direction: row.direction,
    Status: row.status,
    ErrorCode: row.error_code,
    ErrorDescription: carrierErrorDescription(row.error_code, lang),
    Content:
      row.direction === 'Sent' ? fillWaBody(parseWaTaskContent(row.content).body, row.params ?? []) : row.content,
    Cost: Number(row.cost),
    SubmitTime: seconds(row.at),
    ReportTime: seconds(row.report_at),
  }));
  return { Total: Number(n), Records: records };
}
