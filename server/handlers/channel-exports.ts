import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserContext } from '../context';
import { smsExports } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_EXPORT_STATUS } from '../../src/gateway/contract/sms-constants';
import { BinaryReply } from '../binary-reply';
import { unix } from '../lib/time';
import { requestExport } from '../sms/export';
import type { ExportFilterValues } from '../sms/export-columns';

// The three export Actions of a channel (SMS, MMS, voice, e-mail: docs/decisions.md "Exports by channel"): each
// channel sees only its own exports, as each user sees only theirs.

function exportData(row: typeof smsExports.$inferSelect) {
  return {
    ExportId: row.exportId,
    ExportName: row.name,
    BeginTime: unix(row.beginAt),
    EndTime: unix(row.endAt),
    Status: row.status,
    RowCount: row.rowCount,
    FileName: row.fileName,
    Reason: row.reason,
    CreateTime: unix(row.createdAt),
    FinishTime: unix(row.finishedAt),
  };
}

/** Add…ExportSendRecordTask: stores the request and queues the CSV. */
export async function startChannelExport(
  ctx: UserContext,
  channel: string,
  input: ExportFilterValues & { ExportName?: string },
) {
  const { ExportName, ...filters } = input;
  const row = await requestExport(ctx, ctx.user.id, channel, filters, ExportName, ctx.lang);
  return { ExportId: row.exportId, Status: row.status };
}

/** Get…ExportSendRecord: the channel's exports of the user, newest first. */
export async function listChannelExports(
  ctx: UserContext,
  channel: string,
  page: { Page: number; NumPerPage: number },
) {
  const where = and(eq(smsExports.userId, ctx.user.id), eq(smsExports.channel, channel));
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsExports)
    .where(where);
  const rows = await ctx.db
    .select()
    .from(smsExports)
    .where(where)
    .orderBy(desc(smsExports.createdAt), desc(smsExports.id))
    .limit(page.NumPerPage)
    .offset((page.Page - 1) * page.NumPerPage);
  return { Total: total, Exports: rows.map(exportData) };
}

/** Get…ExportSendRecordFile: the CSV itself, only once the export is completed. */
export async function channelExportFile(ctx: UserContext, channel: string, exportId: string) {
  const [row] = await ctx.db
    .select()
    .from(smsExports)
    .where(and(eq(smsExports.exportId, exportId), eq(smsExports.userId, ctx.user.id), eq(smsExports.channel, channel)));
  if (!row) throw notFound();
  if (row.status !== SMS_EXPORT_STATUS.Completed || row.body === null) throw new ApiError(RetCode.ExportNotReady);
  return new BinaryReply(row.fileName, 'text/csv; charset=utf-8', row.body);
}
