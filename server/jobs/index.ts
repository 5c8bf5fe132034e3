import type { ServerDeps } from '../context';
import type { CarrierAdapter } from '../providers/carrier';
import { sandboxCarrier } from '../providers/carrier/sandbox';
import { QUEUE } from '../queue';
import type { SmsRuntime } from '../sms/runtime';
import { registerMailWorker } from './mail';
import { registerSmsWorkers, sweepSms } from './sms-workers';
import { registerAudienceWorkers, resumeImports } from './audience-import';

// The workers of a process that works queues (ROLE=worker and the default single process): they take
// jobs from the server's queue (deps.jobs) and call the domain. Every job is idempotent (at-least-once):
// the domain re-checks the database and a send carries its task:recipient key to the carrier.
// ROLE=api processes never start them: they only send through deps.jobs.

export interface JobRuntime extends SmsRuntime {
  /** Stops the sweep and the queue; `graceful` (the default) lets the jobs in flight finish. */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface StartJobsOptions {
  carrier?: CarrierAdapter;
}

export async function startJobs(deps: ServerDeps, options: StartJobsOptions = {}): Promise<JobRuntime> {
  const timers: NodeJS.Timeout[] = [];
  const carrier =
    options.carrier ??
    sandboxCarrier({
      db: deps.database.db,
      clock: deps.clock,
      scheduleReports: (keys) =>
        deps.jobs.send(QUEUE.carrierReports, { keys }, { startAfterMs: deps.smsSettings.carrierLatencyMs }),
    });
  const runtime: JobRuntime = {
    deps,
    carrier,
    async stop(stopOptions = {}) {
      for (const timer of timers) clearInterval(timer);
      await deps.jobs.stop({ graceful: stopOptions.graceful ?? true });
    },
  };
  await registerMailWorker(deps);
  await registerSmsWorkers(runtime);
  await registerAudienceWorkers(deps);
  await resumeImports(deps);
  await sweepSms(runtime, { recover: true });
  const timer = setInterval(
    () => void sweepSms(runtime, { recover: false }).catch((error) => console.error('[jobs] sweep', error)),
    deps.smsSettings.sweepIntervalMs,
  );
  timer.unref();
  timers.push(timer);
  const { startBillingSweeps } = await import('./billing');
  timers.push(startBillingSweeps(runtime));
  return runtime;
}
