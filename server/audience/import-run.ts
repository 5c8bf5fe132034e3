import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { audienceImports } from '../db/schema';
import { parseImportRow, type ImportTarget } from '../../src/gateway/contract/audience/import-rules';
import { attributeMap } from './attributes';
import { dropImportRows, type ImportRow } from './import-store';
import { contactValues, matchExisting, peopleOfRows, type ExistingContact } from './import-merge';

// The import job's work: chunk after chunk, each in one transaction that writes the contacts, the row
// errors, the counters and the cursor (processed_rows) together. A process that stops mid-import
// leaves the cursor at the last whole chunk; the job started again after the restart goes on from it.
// A chunk commits without waiting for its WAL to reach the disk (synchronous_commit off): a crash may
// lose the last chunks, their contacts and cursor together, and the restarted job writes them again
// (docs/decisions.md "Contact import rate").

export const IMPORT_WORK_CHUNK = 2_000;

export async function runImport(db: Db, importId: string, now: () => Date): Promise<ImportRow | null> {
  let [row] = await db.select().from(audienceImports).where(eq(audienceImports.importId, importId));
  if (!row || (row.status !== 'queued' && row.status !== 'importing')) return row ?? null;
  if (row.status === 'queued') {
    [row] = await db
      .update(audienceImports)
      .set({ status: 'importing' })
      .where(eq(audienceImports.id, row.id))
      .returning();
  }
  try {
    const attributes = await attributeMap(db, row.userId);
    while (row.processedRows < row.totalRows) row = await importChunk(db, row, attributes, now());
    [row] = await db
      .update(audienceImports)
      .set({ status: 'done', finishedAt: now() })
      .where(eq(audienceImports.id, row.id))
      .returning();
  } catch (error) {
    console.error(`[audience] import ${importId} failed`, error);
    [row] = await db
      .update(audienceImports)
      .set({ status: 'failed', reason: 'audience:import.failedReason', finishedAt: now() })
      .where(eq(audienceImports.id, row.id))
      .returning();
  }
  await dropImportRows(db, row.id);
  return row;
}

/** One chunk of a running import: what a worker does between two commits (tests stop here to play a crash). */
export async function importNextChunk(db: Db, row: ImportRow, now: Date): Promise<ImportRow> {
  return importChunk(db, row, await attributeMap(db, row.userId), now);
}

async function importChunk(
  db: Db,
  row: ImportRow,
  attributes: Awaited<ReturnType<typeof attributeMap>>,
  now: Date,
): Promise<ImportRow> {
  // The chunk as one JSON text, parsed once: 2,000 jsonb rows, each turned to text and parsed on its own,
  // were a quarter of a chunk's time on the embedded database (docs/decisions.md "Segment count at a million").
  const [{ chunk }] = await rowsOf<{ chunk: string | null }>(
    db,
    sql`SELECT json_agg(json_build_array(s.seq, s.cells) ORDER BY s.seq)::text AS chunk
      FROM (SELECT seq, cells FROM audience_import_rows WHERE import_id = ${row.id} AND seq >= ${row.processedRows}
        AND seq < ${row.processedRows + IMPORT_WORK_CHUNK} ORDER BY seq LIMIT ${IMPORT_WORK_CHUNK}) s`,
  );
  const cells = chunk
    ? (JSON.parse(chunk) as [number, string[]][]).map(([seq, values]) => ({ seq, cells: values }))
    : [];
  if (cells.length === 0) throw new Error(`import ${row.importId}: rows missing from ${row.processedRows}`);
  const targets = row.targets as ImportTarget[];
  const parsed = cells.map((c) => ({ seq: c.seq, result: parseImportRow(c.cells, targets, attributes) }));
  const errors = parsed.flatMap((p) => ('error' in p.result ? [{ seq: p.seq, error: p.result.error }] : []));
  const valid = parsed.flatMap((p) => ('contact' in p.result ? [{ seq: p.seq, contact: p.result.contact }] : []));
  const { people, skipped: contradictions } = peopleOfRows(valid);
  const nextCursor = cells[cells.length - 1].seq + 1;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SET LOCAL synchronous_commit = off`);
    const existing = await findExisting(t, row.userId, people);
    const { matched, skipped: conflicts } = matchExisting(people, existing);
    const values = matched.map((person) => contactValues(person, row.tags));
    const updates = values.filter((v) => v.id !== null);
    const creates = values.filter((v) => v.id === null);
    const stamp = now.toISOString();
    const ids: number[] = updates.map((v) => v.id!);
    if (updates.length)
      await t.execute(sql`UPDATE audience_contacts c SET email = x.email, phone = x.phone, whatsapp = x.whatsapp,
          first_name = x.first_name, last_name = x.last_name, tags = x.tags, attributes = x.attributes, updated_at = ${stamp}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(id bigint, email text, phone text, whatsapp text,
          first_name text, last_name text, tags text[], attributes jsonb)
        WHERE c.id = x.id AND c.user_id = ${row.userId}`);
    if (creates.length) {
      // the new ids are read back only when the import adds its contacts to a list
      const inserted = await rowsOf<{ id: number }>(
        t,
        sql`INSERT INTO audience_contacts (user_id, email, phone, whatsapp, first_name, last_name, tags, attributes, created_at, updated_at)
          SELECT ${row.userId}, x.email, x.phone, x.whatsapp, x.first_name, x.last_name,
            x.tags, x.attributes, ${stamp}::timestamptz, ${stamp}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(creates)}::jsonb) AS x(email text, phone text, whatsapp text,
            first_name text, last_name text, tags text[], attributes jsonb)
          ${row.listId ? sql`RETURNING id` : sql``}`,
      );
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    if (row.listId && ids.length)
      await t.execute(sql`INSERT INTO audience_list_members (list_id, contact_id, added_at)
        SELECT ${row.listId}, id, ${stamp}::timestamptz FROM unnest(${sql.param(ids)}::bigint[]) AS id ON CONFLICT DO NOTHING`);
    const allErrors = [...errors, ...contradictions, ...conflicts];
    if (allErrors.length)
      await t.execute(sql`INSERT INTO audience_import_errors (import_id, seq, target, error_key)
        SELECT ${row.id}, x.seq, x.target, x.key FROM jsonb_to_recordset(${JSON.stringify(
          allErrors.map((e) => ({ seq: e.seq, target: e.error.target, key: e.error.key })),
        )}::jsonb) AS x(seq int, target text, key text) ON CONFLICT DO NOTHING`);
    // Rows folded into an earlier row of the same person count as updates of that person.
    const createdRows = matched.filter((p) => !p.existing).length;
    const updatedRows = valid.length - contradictions.length - conflicts.length - createdRows;
    const [next] = await t
      .update(audienceImports)
      .set({
        processedRows: nextCursor,
        createdCount: sql`${audienceImports.createdCount} + ${createdRows}`,
        updatedCount: sql`${audienceImports.updatedCount} + ${updatedRows}`,
        skippedCount: sql`${audienceImports.skippedCount} + ${allErrors.length}`,
      })
      .where(eq(audienceImports.id, row.id))
      .returning();
    return next;
  });
}

async function findExisting(db: Db, userId: number, people: { email: string | null; phone: string | null }[]) {
  const emails = people.flatMap((p) => (p.email ? [p.email] : []));
  const phones = people.flatMap((p) => (p.phone ? [p.phone] : []));
  if (!emails.length && !phones.length) return [];
  // One unique-index lookup per address (a lateral join; LIMIT 1 keeps it a lookup, the keys are unique):
  // `email = ANY(…) OR phone = ANY(…)` read more of the account's contacts the more there were on the
  // embedded database (no autovacuum, no fresh statistics during a big import), so each chunk cost more
  // than the one before (docs/decisions.md "Segment count at a million").
  const columns = sql`c.id::int AS id, c.email, c.phone, c.whatsapp, c.first_name, c.last_name, c.tags, c.attributes`;
  return rowsOf<ExistingContact>(
    db,
    sql`SELECT ${columns} FROM unnest(${sql.param(emails)}::text[]) AS x(email)
        JOIN LATERAL (SELECT * FROM audience_contacts c WHERE c.user_id = ${userId} AND c.email = x.email LIMIT 1) c ON true
      UNION ALL
      SELECT ${columns} FROM unnest(${sql.param(phones)}::text[]) AS x(phone)
        JOIN LATERAL (SELECT * FROM audience_contacts c WHERE c.user_id = ${userId} AND c.phone = x.phone LIMIT 1) c ON true`,
  );
}
