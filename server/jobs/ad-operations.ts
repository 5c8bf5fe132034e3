import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import {
  adOperationDelayMs,
  sandboxOperationsPlatforms,
  type AdOperationsPlatforms,
} from '../platforms/ads/operations';
import { answerOperation, pendingOperations, type AdOperationWork } from '../ads/operations';
import { fillDailyStats, utcDay } from '../ads/report';
import { adRebateDelayMs, proposeRebates, settleRebates } from '../ads/rebates';
import { sandboxAdPlatforms, type AdPlatforms } from '../platforms/ads';

/** How often the worker fills the accounts' daily figures (idempotent: missing days only). */
export const AD_STATS_SWEEP_MS = Number(process.env.HERALD_AD_STATS_SWEEP_MS ?? 3_600_000);

/** The platform's answers to ad operations, a start-up sweep of unanswered ones, and the daily figures. */
export async function registerAdOperationWorkers(
  deps: ServerDeps,
  platforms: AdOperationsPlatforms = sandboxOperationsPlatforms,
  adPlatforms: AdPlatforms = sandboxAdPlatforms,
): Promise<NodeJS.Timeout> {
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
  // the daily figures (paid from the balances), then the monthly rebates of finished months
  const sweep = () =>
    void (async () => {
      const now = deps.clock.now();
      await fillDailyStats(deps.database.db, platforms, utcDay(now), undefined, now);
      await proposeRebates(deps.database.db, now);
      await settleRebates(deps.database.db, adPlatforms, now, adRebateDelayMs());
    })().catch((error: unknown) => console.error('[jobs] ad daily stats', error));
  sweep();
  const timer = setInterval(sweep, AD_STATS_SWEEP_MS);
  timer.unref();
  return timer;
}
