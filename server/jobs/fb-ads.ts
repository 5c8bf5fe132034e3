import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { adPlatformDelays, sandboxAdPlatforms, type AdPlatforms } from '../platforms/ads';
import { fbAdReviewDelayMs } from '../platforms/ads/fb-sandbox';
import { overdueFbAdReviews, reviewFbAd } from '../ads/facebook/review';
import { queueFbAdReview } from '../ads/facebook/create';
import type { AdWork } from '../ads/work';

// Facebook ads' platform work (docs/decisions.md "Facebook campaigns, ad sets and ads"): the review job,
// and a sweep every HERALD_FB_STATS_SWEEP_MS (10 minutes by default) that asks again for reviews a lost
// job left waiting. The active ads' daily figures and their charge are the spend sweep's (jobs/ad-spend.ts).

export const fbStatsSweepMs = () => Number(process.env.HERALD_FB_STATS_SWEEP_MS ?? 600_000);

export async function sweepFbAds(deps: ServerDeps) {
  const overdue = await overdueFbAdReviews(
    deps.database.db,
    new Date(deps.clock.nowMs() - fbAdReviewDelayMs() - 60_000),
  );
  for (const id of overdue) await queueFbAdReview({ jobs: deps.jobs }, id);
}

export async function registerFbAdWorkers(
  deps: ServerDeps,
  platforms: AdPlatforms = sandboxAdPlatforms,
): Promise<NodeJS.Timeout> {
  const work = (): AdWork => ({
    db: deps.database.db,
    now: deps.clock.now(),
    jobs: deps.jobs,
    platforms,
    delays: adPlatformDelays(),
  });
  await deps.jobs.work<{ id: number }>(QUEUE.fbAdReview, { batchSize: 5, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await reviewFbAd(work(), job.id);
  });
  const sweep = () => void sweepFbAds(deps).catch((error) => console.error('[jobs] facebook ads', error));
  sweep();
  const timer = setInterval(sweep, fbStatsSweepMs());
  timer.unref();
  return timer;
}
