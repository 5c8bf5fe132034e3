import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { adPlatformDelays, sandboxAdPlatforms, type AdPlatforms } from '../platforms/ads';
import { reviewApplication, unreviewedApplications } from '../ads/applications';
import { arriveRecharge, pendingRecharges } from '../ads/recharges';
import type { AdWork } from '../ads/work';

/** The ad platform's review and top-up workers, and a start-up sweep of work left unanswered. */
export async function registerAdvertisingWorkers(deps: ServerDeps, platforms: AdPlatforms = sandboxAdPlatforms) {
  const work = (): AdWork => ({
    db: deps.database.db,
    now: deps.clock.now(),
    jobs: deps.jobs,
    platforms,
    delays: adPlatformDelays(),
  });
  const options = { batchSize: 5, pollingIntervalSeconds: 1 };
  await deps.jobs.work<{ id: number }>(QUEUE.adOpeningReview, options, async (jobs) => {
    for (const job of jobs) await reviewApplication(work(), job.id);
  });
  await deps.jobs.work<{ id: number }>(QUEUE.adRechargeArrive, options, async (jobs) => {
    for (const job of jobs) await arriveRecharge(work(), job.id);
  });
  const db = deps.database.db;
  const { reviewMs, rechargeMs } = adPlatformDelays();
  const left = (since: Date, delay: number) => Math.max(0, since.getTime() + delay - deps.clock.nowMs());
  for (const row of await unreviewedApplications(db))
    await deps.jobs.send(QUEUE.adOpeningReview, { id: row.id }, { startAfterMs: left(row.createdAt, reviewMs) });
  for (const row of await pendingRecharges(db))
    await deps.jobs.send(QUEUE.adRechargeArrive, { id: row.id }, { startAfterMs: left(row.createdAt, rechargeMs) });
}
