import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import {
  adOperationDelayMs,
  sandboxOperationsPlatforms,
  type AdOperationsPlatforms,
} from '../platforms/ads/operations';
import { answerOperation, pendingOperations, type AdOperationWork } from '../ads/operations';

/**
 * The platform's answers to ad operations and a start-up sweep of unanswered ones (the daily figures and
 * their charge are the spend sweep's: jobs/ad-spend.ts).
 */
export async function registerAdOperationWorkers(
  deps: ServerDeps,
  platforms: AdOperationsPlatforms = sandboxOperationsPlatforms,
): Promise<void> {
  const work = (): AdOperationWork => ({
    db: deps.database.db,
    now: deps.clock.now(),
    jobs: deps.jobs,
    platforms,
    delayMs: adOperationDelayMs(),
  });
  await deps.jobs.work<{ id: number }>(
    QUEUE.adOperationAnswer,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await answerOperation(work(), job.id);
    },
  );
  const delayMs = adOperationDelayMs();
  for (const row of await pendingOperations(deps.database.db))
    await deps.jobs.send(
      QUEUE.adOperationAnswer,
      { id: row.id },
      { startAfterMs: Math.max(0, row.createdAt.getTime() + delayMs - deps.clock.nowMs()) },
    );
}
