import { readFileSync } from 'node:fs';
import { emptyPostgresDatabase, postgresReachable } from '../server/testing/postgres';
import type { ServerProcess } from '../server/processes/spawn';
import {
  finished,
  fundDemo,
  signIn,
  startFleet,
  stopFleet,
  submitTask,
  usPhones,
  watchTasks,
  withClient,
} from '../server/processes/sms-fleet';

// Issue 19's scale-out figure: 200,000 SMS recipients on PostgreSQL, delivered by 1 ROLE=worker and then
// by 2 (each run on an empty database, with 1 ROLE=api taking the tasks), time to all reports and the
// speed-up (2.0 would be linear). A task takes at most 100,000 numbers (SMS_LIMITS.maxRecipients), so the
// 200,000 go as two tasks submitted together. Groups of 2,000 with no pacing and a carrier answering at
// once: the workers, not the spec's one-second pacing, set the time. Needs HERALD_TEST_POSTGRES_URL (a role
// that may CREATE DATABASE); without a PostgreSQL it says so in one line.

const RECIPIENTS = Number(process.env.BENCH_SCALE_RECIPIENTS || 200_000);
const PER_TASK = 100_000;
const GROUP_SIZE = 2_000;

type Figures = Record<string, string | number>;

function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // utime and stime: fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** One run: a fresh database, 1 api + `workers` workers, every recipient to its report. */
async function deliver(workers: number): Promise<{ seconds: number; workerCpuS: number; acceptS: number }> {
  const database = await emptyPostgresDatabase('herald_bench_scale');
  let fleet: ServerProcess[] = [];
  try {
    fleet = await startFleet(
      { databaseUrl: database.url, groupSize: GROUP_SIZE, groupIntervalMs: 0, carrierLatencyMs: 0 },
      workers,
    );
    const [api, ...workerProcesses] = fleet;
    const templateId = await fundDemo(database.url, RECIPIENTS);
    const token = await signIn(api);
    const cpuBefore = workerProcesses.reduce((sum, p) => sum + cpuSeconds(p.child.pid), 0);
    const started = performance.now();
    const sizes = Array.from({ length: Math.ceil(RECIPIENTS / PER_TASK) }, (_, i) =>
      Math.min(PER_TASK, RECIPIENTS - i * PER_TASK),
    );
    const taskIds = await Promise.all(
      sizes.map((size, i) => submitTask(api, token, templateId, usPhones(size, i * PER_TASK))),
    );
    const acceptS = (performance.now() - started) / 1000;
    const tasks = await withClient(database.url, (client) =>
      watchTasks(client, taskIds, (all) => all.every(finished), 60 * 60_000),
    );
    const seconds = (performance.now() - started) / 1000;
    const reported = tasks.reduce((sum, t) => sum + t.reported, 0);
    if (reported !== RECIPIENTS) throw new Error(`${reported} of ${RECIPIENTS} reported`);
    const workerCpuS = workerProcesses.reduce((sum, p) => sum + cpuSeconds(p.child.pid), 0) - cpuBefore;
    return { seconds, workerCpuS, acceptS };
  } finally {
    await stopFleet(fleet);
    await database.drop();
  }
}

export async function benchScaleOut(): Promise<Figures> {
  const url = process.env.HERALD_TEST_POSTGRES_URL;
  if (!url || !(await postgresReachable(url))) {
    const reason = url ? `no PostgreSQL answers at HERALD_TEST_POSTGRES_URL` : 'HERALD_TEST_POSTGRES_URL is not set';
    console.log(`[bench scale-out] SKIPPED: ${reason}`);
    return { skipped: reason };
  }
  const one = await deliver(1);
  const two = await deliver(2);
  const speedUp = one.seconds / two.seconds;
  return {
    recipients: RECIPIENTS,
    tasks: Math.ceil(RECIPIENTS / PER_TASK),
    groupSize: GROUP_SIZE,
    '1 worker: all reports (s)': Number(one.seconds.toFixed(1)),
    '1 worker: reports per s': Math.round(RECIPIENTS / one.seconds),
    '1 worker: worker CPU-s': Number(one.workerCpuS.toFixed(1)),
    '2 workers: all reports (s)': Number(two.seconds.toFixed(1)),
    '2 workers: reports per s': Math.round(RECIPIENTS / two.seconds),
    '2 workers: worker CPU-s (both)': Number(two.workerCpuS.toFixed(1)),
    'speed-up 1 -> 2 workers (2.0 = linear)': Number(speedUp.toFixed(2)),
    'of linear': `${Math.round((speedUp / 2) * 100)}%`,
    'tasks accepted in (s, 1 worker / 2 workers)': `${one.acceptS.toFixed(1)} / ${two.acceptS.toFixed(1)}`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchScaleOut());
  process.exit(0);
}
