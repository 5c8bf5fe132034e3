import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { socialPlatforms, type SocialPlatforms } from '../platforms';
import { publishPost, sweepSocialPosts } from '../social/publish';
import { imageUrlBuilder } from '../telegram/media';

/** The social post publisher and its start-up sweep (docs/decisions.md "Social profiles and posts"). */
export async function registerSocialWorkers(deps: ServerDeps, platforms?: SocialPlatforms): Promise<void> {
  const work = {
    db: deps.database.db,
    clock: deps.clock,
    jobs: deps.jobs,
    // Resolved per job: the sandbox's address (PUBLIC_URL or the listen address) is known only once listening.
    get platforms() {
      return platforms ?? socialPlatforms(deps.config);
    },
    mediaUrlOf: imageUrlBuilder(deps.database.db, deps.config, deps.clock),
  };
  await deps.jobs.work<{ id: number }>(
    QUEUE.socialPublish,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await publishPost(work, job.id);
    },
  );
  await sweepSocialPosts(work);
}
