import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { waTemplateDeps } from '../whatsapp-templates';
import { runWaTemplateReview } from '../whatsapp-templates/sync';

// The WhatsApp template review worker (docs/decisions.md "WhatsApp templates").
export async function registerWaTemplateWorker(deps: ServerDeps): Promise<void> {
  await deps.jobs.work<{ userId: number; attempt: number }>(
    QUEUE.waTemplateReview,
    { batchSize: 5, pollingIntervalSeconds: deps.smsSettings.pollingIntervalSeconds },
    async (jobs) => {
      for (const job of jobs) await runWaTemplateReview(waTemplateDeps(deps), job);
    },
  );
}
