import { and, eq, inArray } from 'drizzle-orm';
import { smsExports } from '../db/schema';
import { SMS_EXPORT_STATUS } from '../../src/gateway/contract/sms-constants';
import { SMS_EXPORT_MAX_ROWS } from '../../src/gateway/contract/actions/sms-records';
import type { ServerDeps } from '../context';
import { CSV_BOM, csvLine } from '../lib/csv';
import { newPublicId } from '../lib/ids';
import type { Lang } from '../messages';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { queryRecords, type RecordFilters } from './records';

const PAGE = 5_000;

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Record ID',
    'Task ID',
    'Task name',
    'Phone',
    'Country',
    'Content',
    'Parts',
    'Result',
    'Error code',
    'Error description',
    'Submit time (UTC)',
    'Report time (UTC)',
    'Cost',
  ],
  zh: [
    '记录 ID',
    '任务 ID',
    '任务名称',
    '号码',
    '国家/地区',
    '内容',
    '条数',
    '结果',
    '错误码',
    '错误描述',
    '提交时间 (UTC)',
    '回执时间 (UTC)',
    '费用',
  ],
};

const time = (seconds: number) =>
  seconds ? new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19) : '';

/** Stores an export request (Submitted) and queues its work; the CSV is made by a worker. */
export async function requestExport(
  deps: ServerDeps,
  userId: number,
  filters: RecordFilters,
  name: string | undefined,
  lang: Lang,
): Promise<typeof smsExports.$inferSelect> {
  const [row] = await deps.database.db
    .insert(smsExports)
    .values({
      exportId: newPublicId('EX'),
      userId,
      name:
        name ??
        `SMS records ${new Date(filters.BeginTime * 1000).toISOString().slice(0, 10)} – ${new Date(filters.EndTime * 1000).toISOString().slice(0, 10)}`,
      filters: { ...filters, lang },
      beginAt: new Date(filters.BeginTime * 1000),
      endAt: new Date(filters.EndTime * 1000),
      status: SMS_EXPORT_STATUS.Submitted,
      createdAt: deps.clock.now(),
    })
    .returning();
  await enqueueAfterCommit(deps, QUEUE.exportRecords, { id: row.id });
  return row;
}

/** Submitted -> processing -> completed (or failed): the CSV of the records the filters select. */
export async function exportRecords(deps: ServerDeps, id: number): Promise<void> {
  const { database, clock } = deps;
  const db = database.db;
  const claimed = await db
    .update(smsExports)
    .set({ status: SMS_EXPORT_STATUS.Processing })
    .where(
      and(
        eq(smsExports.id, id),
        inArray(smsExports.status, [SMS_EXPORT_STATUS.Submitted, SMS_EXPORT_STATUS.Processing]),
      ),
    )
    .returning();
  const job = claimed[0];
  if (!job) return;
  try {
    const { lang = 'en', ...filters } = job.filters as unknown as RecordFilters & { lang?: Lang };
    const parts: string[] = [CSV_BOM, csvLine(HEADERS[lang])];
    let rows = 0;
    for (let offset = 0; offset < SMS_EXPORT_MAX_ROWS; offset += PAGE) {
      const records = await queryRecords(db, job.userId, filters, PAGE, offset, lang);
      for (const r of records) {
        parts.push(
          csvLine([
            r.RecordId,
            r.TaskId,
            r.TaskName,
            r.Phone,
            r.CountryCode,
            r.Content,
            r.Segments,
            r.Result,
            r.ErrorCode,
            r.ErrorDescription,
            time(r.SubmitTime),
            time(r.ReportTime),
            (r.Cost / 10_000).toFixed(4),
          ]),
        );
      }
      rows += records.length;
      if (records.length < PAGE) break;
    }
    const now = clock.now();
    const fileName = `sms-records-${now.toISOString().slice(0, 19).replace(/[-:T]/g, '')}.csv`;
    await db
      .update(smsExports)
      .set({ status: SMS_EXPORT_STATUS.Completed, body: parts.join(''), rowCount: rows, fileName, finishedAt: now })
      .where(eq(smsExports.id, id));
  } catch (error) {
    console.error('[jobs] export failed', error);
    await db
      .update(smsExports)
      .set({ status: SMS_EXPORT_STATUS.Failed, reason: 'exportFailed', finishedAt: clock.now() })
      .where(eq(smsExports.id, id));
  }
}
