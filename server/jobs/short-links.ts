import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { refreshShortLinkStats } from '../short-links/aggregate';
import { SHORT_LINK_STATS_REFRESH_MS } from '../../src/gateway/contract/short-links';

// The short-link statistics refresh (spec 001 §9: every 10 minutes). A timer in each worker process asks
// for a run through the queue, and the worker recounts the links with new hits (idempotent: several
// workers asking at once only count the same figures again).
export async function registerShortLinkStatsWorker(deps: ServerDeps): Promise<NodeJS.Timeout> {
  await deps.jobs.work<object>(QUEUE.shortLinkStats, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    await refreshShortLinkStats({ db: deps.database.db, clock: deps.clock });
  });
  const ask = () =>
    void deps.jobs
      .send(QUEUE.shortLinkStats, {}, { retryLimit: 2 })
      .catch((error) => console.error('[jobs] short-link stats', error));
  ask();
  const timer = setInterval(ask, SHORT_LINK_STATS_REFRESH_MS);
  timer.unref();
  return timer;
}
