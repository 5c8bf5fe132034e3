// A worker process for the journey kill-and-restart test (journey-restart.test.ts) and the journey bench
// (bench/journey.ts), and nothing else:
//   prepare <dataDir> <contacts>: the demo account's contacts, the journey started on their list (runs
//     queued, no worker); prints "enrolled <runs> <ms>"
//   work <dataDir>: works the journey queue on pg-boss and prints
//     "progress <ms> <steps> <scheduled> <queued> <ended> <total> <pastDelay>" until every run has ended
//     (every HERALD_JOURNEY_POLL_MS; pastDelay: runs that took the delay, step ≥ 2, or ended). When every
//     active run waits (the minute's delay), the process's clock moves past the waits and the sweep queues
//     them, so the delay costs no real time.
import { boot } from '../boot';
import { memoryJobQueue } from '../queue/memory';
import { registerJourneyWorkers } from '../jobs/journeys';
import { sweepJourneys } from './engine';
import { journeyProgress, prepareRestartJourney } from './journey-restart';

const [mode, dataDir, count = '200'] = process.argv.slice(2);
const pollMs = Number(process.env.HERALD_JOURNEY_POLL_MS || 100);

if (mode === 'prepare') {
  // The start's step jobs only need recording: the worker's start-up sweep re-queues every queued run.
  const deps = await boot({ dataDir, jobs: memoryJobQueue() });
  const { enrolMs } = await prepareRestartJourney(deps, Number(count));
  const progress = await journeyProgress(deps.database);
  console.log(`enrolled ${progress.total} ${Math.round(enrolMs)}`);
  await deps.database.exec('CHECKPOINT');
  await deps.database.close();
  process.exit(0);
}

const deps = await boot({ dataDir });
// The killed process had moved its clock past the delay; this one goes on from there (a real clock never
// goes back), or the runs it left queued look newer than now and the start-up sweep would not re-queue them.
const [{ latest }] = (
  await deps.database.query<{ latest: string | null }>('SELECT max(updated_at) AS latest FROM workflow_runs')
).rows;
if (latest && new Date(latest).getTime() > deps.clock.nowMs())
  deps.clock.set(new Date(new Date(latest).getTime() + 1000));
const started = performance.now();
let finished = false;
// Progress is watched from before the worker starts: its start-up sweep queues every queued run again.
const watching = (async () => {
  while (!finished) {
    const p = await journeyProgress(deps.database);
    console.log(
      `progress ${Math.round(performance.now() - started)} ${p.steps} ${p.scheduled} ${p.queued} ${p.ended} ${p.total} ${p.pastDelay}`,
    );
    if (p.ended === p.total) finished = true;
    else if (p.queued === 0 && p.scheduled > 0 && p.due) {
      if (p.due.getTime() >= deps.clock.nowMs()) deps.clock.set(new Date(p.due.getTime() + 1000));
      await sweepJourneys(deps);
    } else await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
})();
// HERALD_JOURNEY_STEP_BATCH: the kill-and-restart test takes a few runs per batch, so it can kill between them
const timer = await registerJourneyWorkers(deps, {
  stepBatch: Number(process.env.HERALD_JOURNEY_STEP_BATCH) || undefined,
});
await watching;
// The normal end: stop the queue and checkpoint, so the last commits are in the data files before the
// process exits and the test opens the same folder. Only the first run is killed mid-journey.
clearInterval(timer);
await deps.jobs.stop({ graceful: true });
await deps.database.exec('CHECKPOINT');
console.log('done');
process.exit(0);
