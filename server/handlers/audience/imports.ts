import type { HandlerMap } from '../../context';
import { BinaryReply } from '../../binary-reply';
import { enqueueAfterCommit, QUEUE } from '../../queue';
import {
  appendRows,
  createImport,
  importSummaryOf,
  ownImport,
  queueImport,
  receivedRows,
} from '../../audience/import-store';
import { importErrorsCsv } from '../../audience/import-report';

export const importHandlers: HandlerMap = {
  async CreateContactImport(input, ctx) {
    return { ImportId: await createImport(ctx.db, ctx.user.id, input, ctx.clock.now()) };
  },
  async AppendContactImportRows({ ImportId, FirstRow, Rows }, ctx) {
    return { ReceivedRows: await appendRows(ctx.db, ctx.user.id, ImportId, FirstRow, Rows) };
  },
  async StartContactImport({ ImportId }, ctx) {
    const row = await queueImport(ctx.db, ctx.user.id, ImportId);
    if (row.status === 'queued') await enqueueAfterCommit(ctx, QUEUE.contactImport, { importId: ImportId });
    return { Import: importSummaryOf(row, row.totalRows) };
  },
  async GetContactImport({ ImportId }, ctx) {
    const row = await ownImport(ctx.db, ctx.user.id, ImportId);
    return { Import: importSummaryOf(row, await receivedRows(ctx.db, row)) };
  },
  async GetContactImportErrors({ ImportId }, ctx) {
    const row = await ownImport(ctx.db, ctx.user.id, ImportId);
    const csv = await importErrorsCsv(ctx.db, row, ctx.lang);
    return new BinaryReply(`herald-import-${ImportId}-errors.csv`, 'text/csv; charset=utf-8', csv);
  },
};
