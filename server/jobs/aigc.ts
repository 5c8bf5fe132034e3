import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { enqueueGeneration, generationDeps } from '../aigc';
import { failStaleGenerations, runGeneration, runningGenerationIds } from '../aigc/generations';

// The AI image worker (docs/decisions.md "Creative material and AI images"): one generation at a time per
// process. At start, running tasks are queued again (a killed worker loses none); every minute a task still
// running 10 minutes after it began fails with its use given back.

const STALE_MS = 10 * 60_000;

export async function registerAigcWorker(deps: ServerDeps): Promise<NodeJS.Timeout> {
  const work = generationDeps(deps);
  await deps.jobs.work<{ taskId: string }>(
    QUEUE.aigcGenerate,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await runGeneration(work, job.taskId);
    },
  );
  for (const taskId of await runningGenerationIds(work.db)) await enqueueGeneration(deps, taskId);
  const timer = setInterval(() => {
    failStaleGenerations(work, STALE_MS).catch((error: unknown) => console.error('[aigc] sweep failed', error));
  }, 60_000);
  timer.unref();
  return timer;
}
