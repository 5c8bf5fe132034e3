import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { runJourneySteps, sweepJourneys, type StepJob } from '../workflows/engine';

// The journey step worker and its sweep (docs/decisions.md "Journey engine"): the sweep runs at start
// (runs whose job was lost in a restart go on) and then every JOURNEY_SWEEP_MS, queuing the runs whose
// wait is over by the server clock and letting new list or segment members enter running journeys.

export const JOURNEY_SWEEP_MS = 15_000;
/**
 * Step jobs fetched at a time. pg-boss waits out the polling interval after every fetch, however full, so
 * one worker takes at most this many steps per interval: 20 a second capped a 100,000-contact journey at
 * 20 steps/s (bench/journey.ts). 200 every half second leaves the database, not the wait, as the limit.
 */
export const JOURNEY_STEP_BATCH = 200;

export async function registerJourneyWorkers(
  deps: ServerDeps,
  options: { stepBatch?: number } = {},
): Promise<NodeJS.Timeout> {
  await deps.jobs.work<StepJob>(
    QUEUE.journeyStep,
    { batchSize: options.stepBatch ?? JOURNEY_STEP_BATCH, pollingIntervalSeconds: 0.5 },
    // a fetched batch is taken in one transaction (docs/decisions.md "Journey engine throughput")
    (jobs) => runJourneySteps(deps, jobs),
  );
  // at start every queued run may have lost its job (a kill): all are queued again; the claim refuses doubles
  await sweepJourneys(deps, { staleMs: 0, staleLimit: Number.MAX_SAFE_INTEGER });
  const timer = setInterval(
    () => void sweepJourneys(deps).catch((error) => console.error('[jobs] journey sweep', error)),
    JOURNEY_SWEEP_MS,
  );
  timer.unref();
  return timer;
}
