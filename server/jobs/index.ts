import PgBoss from 'pg-boss';
import type { ServerDeps } from '../context';
import type { Database } from '../db/database';
import type { CarrierAdapter } from '../providers/carrier';
import { sandboxCarrier } from '../providers/carrier/sandbox';
import { smsJobSettingsFromEnv, type SmsJobSettings } from './settings';

// Durable jobs on pg-boss (10.x) over the same database: PGlite through `db.executeSql`, or the
// real PostgreSQL. Every job is idempotent (at-least-once): handlers re-check the database and a
// send carries its task:recipient key to the carrier. ROLE=api processes only enqueue; ROLE=worker
// and the default single process also work the queues.

export const QUEUE = {
  taskStart: 'sms-task-start',
  sendGroup: 'sms-send-group',
  carrierReports: 'sms-carrier-reports',
  templateReview: 'sms-template-review',
  exportRecords: 'sms-export',
  callback: 'sms-callback',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export interface JobRuntime {
  deps: ServerDeps;
  boss: PgBoss;
  settings: SmsJobSettings;
  carrier: CarrierAdapter;
  working: boolean;
  send(queue: QueueName, data: object, options?: { startAfterMs?: number; singletonKey?: string }): Promise<void>;
  stop(options?: { graceful?: boolean }): Promise<void>;
}

const runtimes = new WeakMap<Database, JobRuntime>();

/** The job runtime of a server, when one was started (handlers enqueue through it). */
export function jobsFor(deps: Pick<ServerDeps, 'database'>): JobRuntime | undefined {
  return runtimes.get(deps.database);
}

export function settingsFor(deps: Pick<ServerDeps, 'database'>): SmsJobSettings {
  return jobsFor(deps)?.settings ?? smsJobSettingsFromEnv();
}

/** Enqueues after the caller's transaction committed; without a runtime the sweep picks the work up. */
export async function enqueue(
  deps: Pick<ServerDeps, 'database'>,
  queue: QueueName,
  data: object,
  options?: { startAfterMs?: number },
): Promise<void> {
  const runtime = jobsFor(deps);
  if (!runtime) return;
  try {
    await runtime.send(queue, data, options);
  } catch (error) {
    // The row is committed; the sweep re-queues overdue work, so a failed enqueue delays, never loses.
    console.error(`[jobs] enqueue ${queue} failed`, error);
  }
}

function executeSqlFor(database: Database) {
  if (database.kind === 'pglite' && database.pglite) {
    const pglite = database.pglite;
    return async (text: string, values?: unknown[]) => {
      if (values && values.length) return pglite.query(text, values);
      // pg-boss sends multi-statement scripts (its migrations) without parameters.
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    };
  }
  return (text: string, values?: unknown[]) => database.query(text, values);
}

export interface StartJobsOptions {
  /** Work the queues (ROLE=worker or the default); false only enqueues (ROLE=api). */
  work?: boolean;
  settings?: Partial<SmsJobSettings>;
  carrier?: CarrierAdapter;
}

export async function startJobs(deps: ServerDeps, options: StartJobsOptions = {}): Promise<JobRuntime> {
  const existing = runtimes.get(deps.database);
  if (existing) return existing;
  const settings = { ...smsJobSettingsFromEnv(), ...options.settings };
  const boss = new PgBoss({
    db: { executeSql: executeSqlFor(deps.database) } as never,
    schedule: false,
    supervise: options.work !== false,
  });
  boss.on('error', (error) => console.error('[jobs] pg-boss', error));
  await boss.start();
  for (const name of Object.values(QUEUE)) await boss.createQueue(name);
  const timers: NodeJS.Timeout[] = [];
  const runtime: JobRuntime = {
    deps,
    boss,
    settings,
    working: options.work !== false,
    carrier: options.carrier as CarrierAdapter,
    async send(queue, data, sendOptions = {}) {
      const startAfter = sendOptions.startAfterMs ? new Date(Date.now() + sendOptions.startAfterMs) : undefined;
      await boss.send(queue, data, {
        startAfter,
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 300,
      });
    },
    async stop(stopOptions = {}) {
      for (const timer of timers) clearInterval(timer);
      runtimes.delete(deps.database);
      await boss.stop({ graceful: stopOptions.graceful ?? true, wait: true, timeout: 10_000 });
    },
  };
  runtime.carrier ??= sandboxCarrier({
    db: deps.database.db,
    clock: deps.clock,
    scheduleReports: (keys) =>
      runtime.send(QUEUE.carrierReports, { keys }, { startAfterMs: settings.carrierLatencyMs }),
  });
  runtimes.set(deps.database, runtime);
  if (runtime.working) {
    const { registerSmsWorkers, sweepSms } = await import('./sms-workers');
    await registerSmsWorkers(runtime);
    await sweepSms(runtime, { recover: true });
    const timer = setInterval(
      () => void sweepSms(runtime, { recover: false }).catch((error) => console.error('[jobs] sweep', error)),
      settings.sweepIntervalMs,
    );
    timer.unref();
    timers.push(timer);
    const { startBillingSweeps } = await import('./billing');
    timers.push(startBillingSweeps(runtime));
  }
  return runtime;
}
