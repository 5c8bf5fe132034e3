import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../testing/harness';
import { rowsOf } from '../db/rows';
import { audienceImports } from '../db/schema';
import { registerAudienceWorkers, resumeImports } from '../jobs/audience-import';
import { audienceTenant } from './testkit';
import { IMPORT_WORK_CHUNK, importNextChunk } from './import-run';

// Issue 12 §5: an import survives a restart. The "crashed" process committed one chunk and stopped;
// the next process's start re-queues the import and it goes on from its cursor, creating nobody twice.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(async () => server?.close());

describe('import after a restart', () => {
  it('goes on from the last committed chunk', async () => {
    const tenant = await audienceTenant(server);
    const total = IMPORT_WORK_CHUNK + 500;
    const rows = Array.from({ length: total }, (_, i) => [`person${i}@example.com`, `P${i}`]);
    const { ImportId } = await tenant.api('CreateContactImport', {
      FileName: 'big.csv',
      Targets: ['email', 'firstName'],
      TotalRows: total,
    });
    for (let from = 0; from < total; from += 2000)
      await tenant.api('AppendContactImportRows', { ImportId, FirstRow: from, Rows: rows.slice(from, from + 2000) });
    // No import worker in this process yet: the job waits in the queue, as when the worker died.
    await tenant.api('StartContactImport', { ImportId });
    const db = server.deps.database.db;
    const [queued] = await db.select().from(audienceImports).where(eq(audienceImports.importId, ImportId));
    const [running] = await db
      .update(audienceImports)
      .set({ status: 'importing' })
      .where(eq(audienceImports.id, queued.id))
      .returning();
    const afterOneChunk = await importNextChunk(db, running, server.clock.now());
    expect(afterOneChunk.processedRows).toBe(IMPORT_WORK_CHUNK);

    await registerAudienceWorkers(server.deps);
    expect(await resumeImports(server.deps)).toBe(1);
    const { Import } = await tenant.api('GetContactImport', { ImportId });
    expect(Import).toMatchObject({ Status: 'done', ProcessedRows: total, Created: total, Updated: 0, Skipped: 0 });
    const [{ count }] = await rowsOf<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM audience_contacts WHERE user_id = ${tenant.id}`,
    );
    expect(count).toBe(total);
  }, 120_000);
});
