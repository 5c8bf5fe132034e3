import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { runImport } from '../audience/import-run';
import { unfinishedImports } from '../audience/import-store';

// Works contact imports one at a time per job. At start, imports left queued or importing by a stopped
// process are sent again: runImport goes on from the import's cursor (processed_rows).

export async function registerAudienceWorkers(deps: Pick<ServerDeps, 'jobs' | 'database' | 'clock'>): Promise<void> {
  await deps.jobs.work<{ importId: string }>(
    QUEUE.contactImport,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const job of batch) await runImport(deps.database.db, job.importId, () => deps.clock.now());
    },
  );
}

export async function resumeImports(deps: Pick<ServerDeps, 'jobs' | 'database'>): Promise<number> {
  const importIds = await unfinishedImports(deps.database.db);
  for (const importId of importIds) await deps.jobs.send(QUEUE.contactImport, { importId });
  return importIds.length;
}
