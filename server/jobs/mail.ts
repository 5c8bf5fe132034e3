import type { ServerDeps } from '../context';
import type { OutgoingMail } from '../providers/messenger';
import { deliverMail } from '../mail';
import { QUEUE } from '../queue';

/** Works the mail queue: each mail on its own, so one bad address never holds back the others. */
export async function registerMailWorker(deps: Pick<ServerDeps, 'jobs' | 'messenger'>): Promise<void> {
  await deps.jobs.work<OutgoingMail>(QUEUE.mail, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const mail of batch) await deliverMail(deps, mail);
  });
}
