import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { runWaAgentStep } from '../whatsapp-agent/sandbox-agent';

// The sandbox agent's step worker (docs/decisions.md "WhatsApp agent campaigns").
export async function registerWaAgentWorker(deps: ServerDeps): Promise<void> {
  await deps.jobs.work<{ taskId: number }>(
    QUEUE.waAgentStep,
    { batchSize: 5, pollingIntervalSeconds: deps.smsSettings.pollingIntervalSeconds },
    async (jobs) => {
      for (const job of jobs) await runWaAgentStep(deps, job);
    },
  );
}
