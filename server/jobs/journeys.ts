import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { runJourneyStep, sweepJourneys, type StepJob } from '../workflows/engine';

// The journey step worker and its sweep (docs/decisions.md "Journey engine"): the sweep runs at start
// (runs whose job was lost in a restart go on) and then every JOURNEY_SWEEP_MS, queuing the runs whose
// wait is over by the server clock and letting new list or segment members enter running journeys.

export const JOURNEY_SWEEP_MS = 15_000;

export async function registerJourneyWorkers(deps: ServerDeps): Promise<NodeJS.Timeout> {
  await deps.jobs.work<StepJob>(QUEUE.journeyStep, { batchSize: 20, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runJourneyStep(deps, job);
  });
  await sweepJourneys(deps, { staleMs: 0 });
  const timer = setInterval(
    () => void sweepJourneys(deps).catch((error) => console.error('[jobs] journey sweep', error)),
    JOURNEY_SWEEP_MS,
  );
  timer.unref();
  return timer;
}
