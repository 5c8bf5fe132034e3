import { emptyPostgresDatabase, postgresReachable, testPostgresUrl } from '../server/testing/postgres';
import { startServer, type ServerProcess } from '../server/processes/spawn';
import { fleetEnv, signIn, stopFleet } from '../server/processes/sms-fleet';
import { benchApi, loadOnce } from './api';
import { cpuSecondsOf } from './lib/server';

// Issue 19 item 8: GetUserInfo on the embedded database and on PostgreSQL with 1 and with 2 ROLE=api
// processes, with the /healthz floor, in one run. Each load is 20 connections per api process from this
// process (autocannon), so the load generator shares the 2 cores: req per server CPU-second is the figure
// that holds still. Needs HERALD_TEST_POSTGRES_URL (a role that may CREATE DATABASE); without a reachable
// PostgreSQL only the embedded half runs and it says so.

type Figures = Record<string, string | number>;
const SECONDS = Number(process.env.BENCH_API_SECONDS || 10);
const CONNECTIONS = 20;

/** GetUserInfo against every process at once: total req/s and req per CPU-second of each server. */
async function loadAll(apis: ServerProcess[], token: string, seconds: number) {
  const body = JSON.stringify({ Action: 'GetUserInfo' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const cpuBefore = apis.map((api) => cpuSecondsOf(api.child.pid!));
  const runs = await Promise.all(
    apis.map((api) =>
      loadOnce('GetUserInfo', `${api.url}/api`, { body, headers, duration: seconds, connections: CONNECTIONS }),
    ),
  );
  const cpu = apis.map((api, i) => cpuSecondsOf(api.child.pid!) - cpuBefore[i]);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  return {
    requestsPerSecond: Math.round(requests / seconds),
    perProcess: runs.map((run) => Math.round(run.requests / seconds)).join(' + '),
    requestsPerCpuSecond: Math.round(requests / cpu.reduce((a, b) => a + b, 0)),
    p50: Math.max(...runs.map((run) => run.latencyP50Ms)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  };
}

export async function benchApiPostgres(): Promise<Figures> {
  const figures: Figures = { aim: 'GetUserInfo ≥ 2,000 req/s embedded; ≥ 5,000 req/s per api process on PostgreSQL' };
  const embedded = await benchApi('/nonexistent-console-build', { duration: SECONDS });
  const [getUserInfo, healthz] = embedded.runs;
  figures['embedded.reqPerS'] = getUserInfo.requestsPerSecond;
  figures['embedded.reqPerCpuS'] = getUserInfo.requestsPerCpuSecond;
  figures['embedded.p50Ms'] = getUserInfo.latencyP50Ms;
  figures['healthzFloor.reqPerS'] = healthz.requestsPerSecond;
  figures['healthzFloor.reqPerCpuS'] = healthz.requestsPerCpuSecond;
  if (!testPostgresUrl() || !(await postgresReachable(testPostgresUrl()))) {
    figures.postgres = 'skipped: no PostgreSQL at HERALD_TEST_POSTGRES_URL';
    return figures;
  }
  const database = await emptyPostgresDatabase('herald_bench_api');
  const options = { databaseUrl: database.url, groupSize: 500, groupIntervalMs: 1000, carrierLatencyMs: 0 };
  const env = {
    ...fleetEnv('api', options),
    DATABASE_POOL_SIZE: '10',
    HERALD_RATE_LIMIT_PER_TOKEN: '1000000000',
    HERALD_RATE_LIMIT_PER_ADDRESS: '1000000000',
    HERALD_JOB_LOG: '0',
  };
  const apis: ServerProcess[] = [];
  try {
    apis.push(await startServer(env));
    apis.push(await startServer(env));
    const token = await signIn(apis[0]);
    await loadAll(apis.slice(0, 1), token, 2); // warm-up
    for (const [label, group] of [
      ['postgres.1api', apis.slice(0, 1)],
      ['postgres.2api', apis],
    ] as const) {
      const run = await loadAll([...group], token, SECONDS);
      figures[`${label}.reqPerS`] = run.requestsPerSecond;
      if (group.length > 1) figures[`${label}.perProcess`] = run.perProcess;
      figures[`${label}.reqPerCpuS`] = run.requestsPerCpuSecond;
      figures[`${label}.p50Ms`] = run.p50;
      figures[`${label}.non2xxOrErrors`] = run.non2xx;
    }
  } finally {
    await stopFleet(apis);
    await database.drop();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchApiPostgres());
