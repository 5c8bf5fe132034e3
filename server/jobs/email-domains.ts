import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { recheckDomain } from '../email/domains';

/** Works the domain re-check queue: each job verifies one domain again and queues the next attempt. */
export async function registerEmailDomainWorker(deps: ServerDeps): Promise<void> {
  await deps.jobs.work<{ domainId: string; attempt: number }>(
    QUEUE.emailDomainCheck,
    { batchSize: 1, pollingIntervalSeconds: 5 },
    async (batch) => {
      for (const job of batch) await recheckDomain({ ...deps, db: deps.database.db }, job);
    },
  );
}
