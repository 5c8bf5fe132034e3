import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT, QUEUE, type JobQueue, type SendOptions } from './index';

// Durable jobs on pg-boss (10.x) over the same database: PGlite through `db.executeSql`, or the real
// PostgreSQL. Every job is idempotent (at-least-once): workers re-check the database.

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

const positiveEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : fallback;
};
/**
 * How long a job may stay active before pg-boss fails it and retries it (a worker killed mid-job leaves
 * its jobs active until then), and how often the maintenance that does so runs. The kill tests shorten
 * both (JOB_EXPIRE_SECONDS, JOB_MAINTENANCE_SECONDS); pg-boss's maintenance default is 120 s.
 */
const EXPIRE_IN_SECONDS = positiveEnv('JOB_EXPIRE_SECONDS', 300);
const MAINTENANCE_INTERVAL_SECONDS = positiveEnv('JOB_MAINTENANCE_SECONDS', 120);

function jobOptions(options: SendOptions = {}) {
  const startAfter =
    options.startAfter ?? (options.startAfterMs ? new Date(Date.now() + options.startAfterMs) : undefined);
  return {
    startAfter,
    retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: EXPIRE_IN_SECONDS,
  };
}

/** `HERALD_JOB_LOG=1`: a line per batch of jobs done, naming this process (the scale-out test reads it). */
const LOG_JOBS = process.env.HERALD_JOB_LOG === '1';

const QUEUE_SETUP_LOCK_KEY = 4_815_162_345;

/**
 * Starts pg-boss on the server's database and creates every queue. `supervise` (maintenance of the
 * queue tables) only in processes that work queues: a ROLE=api process only sends.
 */
export async function startPgBossQueue(database: Database, options: { supervise: boolean }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: executeSqlFor(database) } as never,
    schedule: false,
    supervise: options.supervise,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on('error', (error) => console.error('[jobs] pg-boss', error));
  // Processes starting together would create pg-boss's schema (a duplicate pg_namespace key) and the
  // same queues (a deadlock) at once: one process at a time, under an advisory lock (next to
  // migrate's and the seed's keys).
  await database.exclusive(QUEUE_SETUP_LOCK_KEY, async () => {
    await boss.start();
    for (const name of Object.values(QUEUE)) await boss.createQueue(name);
  });
  return {
    kind: 'pg-boss',
    async send(queue, data, sendOptions) {
      await boss.send(queue, data, jobOptions(sendOptions));
    },
    async sendMany(queue, jobs) {
      const rows = jobs.map((job) => ({ name: queue, data: job.data, ...jobOptions(job.options) }));
      for (let i = 0; i < rows.length; i += 500) await boss.insert(rows.slice(i, i + 500));
    },
    async work<T>(
      queue: string,
      workOptions: { batchSize: number; pollingIntervalSeconds: number },
      handler: (batch: T[]) => Promise<void>,
    ) {
      await boss.work<T>(queue, workOptions, async (jobs: PgBoss.Job<T>[]) => {
        await handler(jobs.map((job) => job.data));
        if (LOG_JOBS)
          console.log(`[jobs] ${queue} x${jobs.length} done by pid ${process.pid} at ${new Date().toISOString()}`);
      });
    },
    async stop(stopOptions = {}) {
      await boss.stop({
        graceful: stopOptions.graceful ?? true,
        wait: true,
        timeout: stopOptions.timeoutMs ?? 10_000,
      });
    },
  };
}
