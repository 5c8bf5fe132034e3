import { sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { runImport } from '../audience/import-run';
import { unfinishedImports } from '../audience/import-store';

// Works contact imports one at a time per job. At start, imports left queued or importing by a stopped
// process are sent again: runImport goes on from the import's cursor (processed_rows).

/** Imports creating this many contacts or more refresh the contacts' visibility map and statistics. */
const BIG_IMPORT_ROWS = 10_000;

export async function registerAudienceWorkers(deps: Pick<ServerDeps, 'jobs' | 'database' | 'clock'>): Promise<void> {
  await deps.jobs.work<{ importId: string }>(
    QUEUE.contactImport,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const job of batch) {
        const row = await runImport(deps.database.db, job.importId, () => deps.clock.now());
        // The embedded database has no autovacuum: without it the contact list's deep pages read every
        // row they skip (docs/decisions.md "Contact list at a million"). PostgreSQL vacuums on its own.
        if (deps.database.kind === 'pglite' && row && row.createdCount >= BIG_IMPORT_ROWS)
          await deps.database.db.execute(sql`VACUUM (ANALYZE) audience_contacts`);
      }
    },
  );
}

export async function resumeImports(deps: Pick<ServerDeps, 'jobs' | 'database'>): Promise<number> {
  const importIds = await unfinishedImports(deps.database.db);
  for (const importId of importIds) await deps.jobs.send(QUEUE.contactImport, { importId });
  return importIds.length;
}
