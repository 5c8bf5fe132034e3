import { and, eq, inArray } from 'drizzle-orm';
import { smsExports } from '../db/schema';
import { SMS_EXPORT_STATUS } from '../../src/gateway/contract/sms-constants';
import { SMS_EXPORT_MAX_ROWS } from '../../src/gateway/contract/actions/sms-records';
import type { ServerDeps } from '../context';
import { CSV_BOM, csvLine } from '../lib/csv';
import { newPublicId } from '../lib/ids';
import type { Lang } from '../messages';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { emailRecordSource } from '../email/export-records';
import { EMAIL_CHANNEL_ID } from '../email/channel-id';
import { waRecordSource } from '../whatsapp-send/export-records';
import { exportColumnsOf, resultNameOf, type ExportFilterValues, type RecordSource } from './export-columns';
import { queryRecords, type RecordFilters } from './records';

/** SMS, MMS and voice: the phone records with the channel's columns. */
const phoneRecordSource = (channel: string): RecordSource => {
  const columns = exportColumnsOf(channel);
  return {
    header: (lang) => columns.map((c) => c.header[lang]),
    rows: async (db, userId, filters, page, lang) => {
      const records = await queryRecords(
        db,
        userId,
        { ...(filters as RecordFilters), Channel: channel },
        page.limit,
        page.offset,
        lang,
      );
      return records.map((r) => columns.map((c) => c.value(r, lang)));
    },
    resultName: (result, lang) => resultNameOf(channel, result, lang),
  };
};

/** Channels with records of their own shape (e-mail, WhatsApp); the phone channels share one. */
const OWN_SOURCES: Record<string, RecordSource> = { [EMAIL_CHANNEL_ID]: emailRecordSource, whatsapp: waRecordSource };

const recordSourceOf = (channel: string): RecordSource => OWN_SOURCES[channel] ?? phoneRecordSource(channel);

const PAGE = 5_000;

/** The name an export gets when its request names none: the channel's records and the range. */
const FILE_PREFIX: Record<string, string> = {
  sms: 'sms',
  mms: 'mms',
  voice: 'voice',
  whatsapp: 'whatsapp',
  [EMAIL_CHANNEL_ID]: 'email',
};
const NAME_PREFIX: Record<string, string> = {
  sms: 'SMS',
  mms: 'MMS',
  voice: 'Voice',
  whatsapp: 'WhatsApp',
  [EMAIL_CHANNEL_ID]: 'E-mail',
};

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The filters an export was asked with besides its range, in a fixed order (task, template, who, where, why). */
const NAMED_FILTERS = [
  'TaskId',
  'TemplateId',
  'Phone',
  'Email',
  'CountryCode',
  'ErrorCode',
  'Result',
  'Status',
] as const;

/** The export's filter values, results named as the records page names them (or as stored, for a file name). */
function filterWords(channel: string, filters: ExportFilterValues, lang: Lang | null): string[] {
  const values = filters as unknown as Record<string, string | string[] | undefined>;
  return NAMED_FILTERS.flatMap((key) => {
    const value = values[key];
    if (!value || value.length === 0) return [];
    if (key !== 'Result' && key !== 'Status') return [String(value)];
    const results = value as string[];
    return [results.map((r) => (lang ? recordSourceOf(channel).resultName(r, lang) : r)).join('/')];
  });
}

/** "SMS records 2026-11-01 – 2026-11-07 (T123…, Failed)": the range and whatever else narrowed it. */
function defaultName(channel: string, filters: ExportFilterValues, lang: Lang): string {
  const words = filterWords(channel, filters, lang);
  const range = `${NAME_PREFIX[channel] ?? channel} records ${day(filters.BeginTime)} – ${day(filters.EndTime)}`;
  return words.length ? `${range} (${words.join(', ')})` : range;
}

/** sms-records-20261101-20261107-t123-fail-20261108093000.csv: the same facts, safe in any file system. */
function fileNameOf(channel: string, filters: ExportFilterValues, now: Date): string {
  const compact = (seconds: number) => day(seconds).replace(/-/g, '');
  const words = filterWords(channel, filters, null).map((w) => w.replace(/[^A-Za-z0-9+]+/g, '_').toLowerCase());
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const parts = [`${FILE_PREFIX[channel] ?? channel}-records`, compact(filters.BeginTime), compact(filters.EndTime)];
  return `${[...parts, ...words, stamp].join('-')}.csv`;
}

/** Stores an export request (Submitted) and queues its work; the CSV is made by a worker. */
export async function requestExport(
  deps: ServerDeps,
  userId: number,
  channel: string,
  filters: ExportFilterValues,
  name: string | undefined,
  lang: Lang,
): Promise<typeof smsExports.$inferSelect> {
  const [row] = await deps.database.db
    .insert(smsExports)
    .values({
      exportId: newPublicId('EX'),
      userId,
      channel,
      name: name ?? defaultName(channel, filters, lang),
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
    const { lang = 'en', ...filters } = job.filters as unknown as ExportFilterValues & { lang?: Lang };
    const source = recordSourceOf(job.channel);
    const parts: string[] = [CSV_BOM, csvLine(source.header(lang))];
    let rows = 0;
    for (let offset = 0; offset < SMS_EXPORT_MAX_ROWS; offset += PAGE) {
      const page = await source.rows(db, job.userId, filters, { limit: PAGE, offset }, lang);
      for (const row of page) parts.push(csvLine(row));
      rows += page.length;
      if (page.length < PAGE) break;
    }
    const now = clock.now();
    const fileName = fileNameOf(job.channel, filters, now);
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
