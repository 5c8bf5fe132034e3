import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { evaluateEmailAlerts } from '../email/alerts';

/** Works the e-mail alert queue: each job evaluates one account's rules (idempotent, see server/email/alerts.ts). */
export async function registerEmailAlertWorker(deps: ServerDeps): Promise<void> {
  await deps.jobs.work<{ userId: number }>(
    QUEUE.emailAlerts,
    { batchSize: 5, pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const userId of new Set(batch.map((job) => job.userId)))
        await evaluateEmailAlerts({ ...deps, db: deps.database.db }, userId);
    },
  );
}
