import { and, desc, eq, sql } from 'drizzle-orm';
import type { HandlerMap } from '../../context';
import { smsExports } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SMS_EXPORT_STATUS } from '../../../src/gateway/contract/sms-constants';
import { BinaryReply } from '../../binary-reply';
import { unix } from '../../lib/time';
import { countRecords, queryRecords } from '../../sms/records';
import { requestExport } from '../../sms/export';

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

export const smsRecordHandlers: HandlerMap = {
  async GetUSMSSendRecord(input, ctx) {
    const { Page, NumPerPage, ...filters } = input;
    const [total, records] = [
      await countRecords(ctx.db, ctx.user.id, filters),
      await queryRecords(ctx.db, ctx.user.id, filters, NumPerPage, (Page - 1) * NumPerPage, ctx.lang),
    ];
    return { Total: total, Records: records };
  },

  async AddUSMSExportSendRecordTask(input, ctx) {
    const { ExportName, ...filters } = input;
    const row = await requestExport(ctx, ctx.user.id, filters, ExportName, ctx.lang);
    return { ExportId: row.exportId, Status: row.status };
  },

  async GetUSMSExportSendRecord(input, ctx) {
    const where = eq(smsExports.userId, ctx.user.id);
    const [{ total }] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(smsExports)
      .where(where);
    const rows = await ctx.db
      .select()
      .from(smsExports)
      .where(where)
      .orderBy(desc(smsExports.createdAt), desc(smsExports.id))
      .limit(input.NumPerPage)
      .offset((input.Page - 1) * input.NumPerPage);
    return { Total: total, Exports: rows.map(exportData) };
  },

  async GetUSMSExportSendRecordFile(input, ctx) {
    const [row] = await ctx.db
      .select()
      .from(smsExports)
      .where(and(eq(smsExports.exportId, input.ExportId), eq(smsExports.userId, ctx.user.id)));
    if (!row) throw notFound();
    if (row.status !== SMS_EXPORT_STATUS.Completed || row.body === null) throw new ApiError(RetCode.ExportNotReady);
    return new BinaryReply(row.fileName, 'text/csv; charset=utf-8', row.body);
  },
};
