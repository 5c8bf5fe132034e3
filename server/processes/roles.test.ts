import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type ServerProcess } from './spawn';

// Issue 19 items 2 and 5 on real processes: 2 ROLE=api + 2 ROLE=worker started at once on one empty
// PostgreSQL database migrate it once; api processes answer /api, workers only /healthz; the /api rate
// limit is one count across the api processes; SIGTERM stops a worker cleanly. Needs
// HERALD_TEST_POSTGRES_URL (a role that may CREATE DATABASE); skipped with a line without it.
const adminUrl = process.env.HERALD_TEST_POSTGRES_URL;
const name = `herald_roles_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl = '';
const processes: ServerProcess[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

if (!adminUrl) console.log('[roles.test] HERALD_TEST_POSTGRES_URL not set: the multi-process test is skipped');

describe.skipIf(!adminUrl)('ROLE=api and ROLE=worker processes on one PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const env = (role: string) => ({
      ROLE: role,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '3',
      HERALD_SEED_DEMO: '1',
      HERALD_RATE_LIMIT_PER_ADDRESS: '40',
      // each process settles its counts with the shared table 1 ms after a request (100 ms by default), so
      // one sequential request to the other process sees them (server/batched-limiter.ts)
      HERALD_RATE_LIMIT_SETTLE_MS: '1',
    });
    // All four at once, on an empty database.
    processes.push(...(await Promise.all(['api', 'api', 'worker', 'worker'].map((role) => startServer(env(role))))));
  }, 300_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }, 60_000);

  it('migrated once: every migration file is recorded once and the schema is whole', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: string }>(
        'SELECT name, count(*) AS n FROM herald_migrations GROUP BY name',
      );
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const users = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM users WHERE email = 'demo@herald.local'",
      );
      expect(Number(users.rows[0].n)).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('api processes answer /api; workers answer only /healthz and log their role', async () => {
    const [api1, api2, worker1, worker2] = processes;
    for (const api of [api1, api2]) {
      const signIn = await call<{ AccessToken: string }>(api.url, 'LoginByPassword', {
        Email: 'demo@herald.local',
        Password: 'herald-demo-1',
      });
      expect(signIn.RetCode).toBe(0);
      // A token issued by one api process works on the other (no state in process memory).
      const other = api === api1 ? api2 : api1;
      expect((await call(other.url, 'GetUserInfo', {}, signIn.Data.AccessToken)).RetCode).toBe(0);
      expect(api.output()).toContain('[herald] ROLE=api');
    }
    for (const worker of [worker1, worker2]) {
      expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
      const response = await fetch(`${worker.url}/api`, { method: 'POST', body: '{"Action":"GetUserInfo"}' });
      expect(response.status).toBe(404);
      expect(worker.output()).toContain('[herald] ROLE=worker');
    }
  });

  it('the /api rate limit is one count across api processes', async () => {
    const [api1, api2] = processes;
    let refused = 0;
    for (let i = 0; i < 50; i++) {
      const reply = await call(i % 2 ? api1.url : api2.url, 'GetUserInfo');
      if (reply.RetCode === 230029) refused++;
    }
    // 40 a minute per address (the requests above included), whichever process answers.
    expect(refused).toBeGreaterThanOrEqual(10);
  });

  it('SIGTERM stops a worker cleanly after draining its jobs', async () => {
    const worker = processes[3];
    worker.child.kill('SIGTERM');
    const exit = await worker.exited;
    expect(exit.code).toBe(0);
    expect(worker.output()).toContain('stopping (draining jobs in flight)');
  });
});
