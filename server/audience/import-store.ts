import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { audienceImportRows, audienceImports } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { attributeIdOf, type ImportTarget } from '../../src/gateway/contract/audience/import-rules';
import type { ImportSummary } from '../../src/gateway/contract/actions/audience-imports';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { attributeMap } from './attributes';
import { ownList } from './lists';

// Contact imports (spec 001 §5): the console sends the mapped rows in chunks, then starts the import;
// the job (import-run.ts) works them. Rows are kept until the import ends, so a restart resumes.

export type ImportRow = typeof audienceImports.$inferSelect;

export const importSummaryOf = (row: ImportRow, receivedRows: number): ImportSummary => ({
  ImportId: row.importId,
  FileName: row.fileName,
  Status: row.status,
  TotalRows: row.totalRows,
  ReceivedRows: receivedRows,
  ProcessedRows: row.processedRows,
  Created: row.createdCount,
  Updated: row.updatedCount,
  Skipped: row.skippedCount,
  Reason: row.reason,
  CreateTime: Math.floor(row.createdAt.getTime() / 1000),
});

export async function createImport(
  db: Db,
  userId: number,
  input: {
    FileName: string;
    Targets: string[];
    TotalRows: number;
    HeaderRows: number;
    ListId?: number;
    Tags: string[];
  },
  now: Date,
): Promise<string> {
  const attributes = await attributeMap(db, userId);
  input.Targets.forEach((target, i) => {
    const attributeId = attributeIdOf(target as ImportTarget);
    if (attributeId !== null && !attributes.has(attributeId))
      throw fieldError(`Targets.${i}`, 'validation:attributeUnknown');
  });
  if (input.ListId) await ownList(db, userId, input.ListId);
  const importId = newPublicId('IM');
  await db.insert(audienceImports).values({
    importId,
    userId,
    fileName: input.FileName,
    targets: input.Targets,
    headerRows: input.HeaderRows,
    listId: input.ListId ?? null,
    tags: input.Tags,
    status: 'receiving',
    totalRows: input.TotalRows,
    createdAt: now,
  });
  return importId;
}

export async function ownImport(db: Db, userId: number, importId: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(audienceImports)
    .where(and(eq(audienceImports.importId, importId), eq(audienceImports.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function receivedRows(db: Db, row: ImportRow): Promise<number> {
  if (row.status !== 'receiving') return row.totalRows;
  const [{ count }] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM audience_import_rows WHERE import_id = ${row.id}`,
  );
  return count;
}

/** Stores a chunk of rows; a chunk sent twice (a retried request) stores nothing new. */
export async function appendRows(db: Db, userId: number, importId: string, firstRow: number, rows: string[][]) {
  const row = await ownImport(db, userId, importId);
  if (row.status !== 'receiving') throw new ApiError(RetCode.ImportNotReceiving);
  if (firstRow + rows.length > row.totalRows) throw fieldError('Rows', 'validation:importTooManyRows');
  if (rows.some((cells) => cells.length !== row.targets.length)) throw fieldError('Rows', 'validation:importRowShape');
  await db.execute(
    sql`INSERT INTO audience_import_rows (import_id, seq, cells)
      SELECT ${row.id}, ${firstRow} + (r.ordinality - 1)::int, r.value
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS r
      ON CONFLICT DO NOTHING`,
  );
  return receivedRows(db, row);
}

/** Every row arrived: the import is queued (the caller enqueues the job after this commits). */
export async function queueImport(db: Db, userId: number, importId: string): Promise<ImportRow> {
  const row = await ownImport(db, userId, importId);
  if (row.status !== 'receiving') return row;
  if ((await receivedRows(db, row)) !== row.totalRows) throw new ApiError(RetCode.ImportRowsMissing);
  const [queued] = await db
    .update(audienceImports)
    .set({ status: 'queued' })
    .where(and(eq(audienceImports.id, row.id), eq(audienceImports.status, 'receiving')))
    .returning();
  return queued ?? (await ownImport(db, userId, importId));
}

/** Imports a worker should be running (a restart re-queues them). */
export async function unfinishedImports(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ import_id: string }>(
    db,
    sql`SELECT import_id FROM audience_imports WHERE status IN ('queued', 'importing') ORDER BY id`,
  );
  return rows.map((row) => row.import_id);
}

export async function dropImportRows(db: Db, importId: number) {
  await db.delete(audienceImportRows).where(eq(audienceImportRows.importId, importId));
}
