import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { reviewEmailTemplate, sweepEmailTemplates } from '../email/template-review';

// The e-mail template review worker and its recovery sweep (docs/decisions.md "E-mail templates").

export async function registerEmailTemplateWorkers(deps: ServerDeps): Promise<NodeJS.Timeout> {
  await deps.jobs.work<{ id: number; revision: number }>(
    QUEUE.emailTemplateReview,
    { batchSize: 5, pollingIntervalSeconds: deps.smsSettings.pollingIntervalSeconds },
    async (jobs) => {
      for (const job of jobs) await reviewEmailTemplate(deps, job.id, job.revision);
    },
  );
  await sweepEmailTemplates(deps, 0);
  const timer = setInterval(
    () => void sweepEmailTemplates(deps, 60_000).catch((error) => console.error('[jobs] e-mail template sweep', error)),
    deps.smsSettings.sweepIntervalMs,
  );
  timer.unref();
  return timer;
}
