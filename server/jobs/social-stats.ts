import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { socialPlatforms } from '../platforms';
import { pruneSnapshots, pullSocialStatistics } from '../social/statistics';
import { SOCIAL_STATS_PULL_MS } from '../../src/gateway/contract/social/statistics';

/** How often the social statistics are pulled (SOCIAL_STATS_PULL_MS, default an hour; e2e makes it short). */
export const socialStatsPullMs = () =>
  Number(process.env.SOCIAL_STATS_PULL_MS ?? SOCIAL_STATS_PULL_MS) || SOCIAL_STATS_PULL_MS;

// The social statistics pull (docs/decisions.md "Post statistics and social sign-in"): a timer in each
// worker process asks for a run through the queue (a singleton key keeps one waiting run); the worker
// pulls every connected profile and its published posts. Idempotent: two pulls at once only store one more
// snapshot each.
export async function registerSocialStatsWorker(deps: ServerDeps): Promise<NodeJS.Timeout> {
  await deps.jobs.work<object>(QUEUE.socialStatsPull, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => {
    const now = deps.clock.now();
    // resolved per run: the sandbox's address is known only once the gateway listens
    await pullSocialStatistics({ db: deps.database.db, now, platforms: socialPlatforms(deps.config) });
    await pruneSnapshots(deps.database.db, now);
  });
  const ask = () =>
    void deps.jobs
      .send(QUEUE.socialStatsPull, {}, { retryLimit: 1 })
      .catch((error) => console.error('[jobs] social stats', error));
  ask();
  const timer = setInterval(ask, socialStatsPullMs());
  timer.unref();
  return timer;
}
