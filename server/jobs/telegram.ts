import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { telegramPlatform, type MessagingPlatform } from '../platforms';
import { sendPost, sweepPosts } from '../telegram/send';
import { imageUrlBuilder } from '../telegram/media';

/** The Telegram post worker and its start-up sweep (docs/decisions.md "Telegram"). */
export async function registerTelegramWorkers(deps: ServerDeps, platform?: MessagingPlatform): Promise<void> {
  const db = deps.database.db;
  const work = {
    db,
    clock: deps.clock,
    jobs: deps.jobs,
    // Resolved per job: the sandbox's address (PUBLIC_URL or the listen address) is known only once listening.
    get platform() {
      return platform ?? telegramPlatform(deps.config);
    },
    imageUrlOf: imageUrlBuilder(db, deps.config, deps.clock),
  };
  await deps.jobs.work<{ id: number }>(
    QUEUE.telegramSend,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await sendPost(work, job.id);
    },
  );
  await sweepPosts(work);
}
