import type { ServerDeps } from '../context';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { sandboxOperationsPlatforms, type AdOperationsPlatforms } from '../platforms/ads/operations';
import { sandboxAdPlatforms, type AdPlatforms } from '../platforms/ads';
import { adRebateDelayMs } from '../ads/rebates';
import { sweepAdSpend } from '../ads/sweep';

/**
 * How often the spend sweep runs (docs/decisions.md "Advertising: closing issue 17"): the data report and
 * the ad accounts' balances move together at this pace. Read at each registration (the e2e server: 2 s).
 */
export const adStatsSweepMs = () => {
  const value = Number(process.env.HERALD_AD_STATS_SWEEP_MS);
  return Number.isFinite(value) && value > 0 ? value : 600_000;
};

/** The spend sweep as a pg-boss job (`{ userId? }`: one tenant's, or everyone's), queued on its schedule. */
export async function registerAdSpendWorkers(
  deps: ServerDeps,
  operations: AdOperationsPlatforms = sandboxOperationsPlatforms,
  platforms: AdPlatforms = sandboxAdPlatforms,
): Promise<NodeJS.Timeout> {
  await deps.jobs.work<{ userId?: number }>(
    QUEUE.adSpendSweep,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs)
        await sweepAdSpend(
          { db: deps.database.db, now: deps.clock.now(), platforms, operations, rebateDelayMs: adRebateDelayMs() },
          job.userId,
        );
    },
  );
  const queue = () => void enqueueAfterCommit(deps, QUEUE.adSpendSweep, {}, { retryLimit: 2 });
  queue();
  const timer = setInterval(queue, adStatsSweepMs());
  timer.unref();
  return timer;
}
