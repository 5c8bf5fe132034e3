import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { boot } from '../boot';
import { Clock } from '../clock';
import { REFRESH_REUSE_GRACE_MS } from '../auth/sessions';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { DEV_SEED } from './seed';
import { memoryJobQueue } from '../queue/memory';
import { registerMailWorker } from '../jobs/mail';
import { GOOD_PASSWORD, registerAccount, signInDemo, wrapServer, type TestServer } from '../testing/harness';

// The DATABASE_URL path: the same server over node-postgres, against a PGlite served on the PostgreSQL
// wire protocol. pglite-socket runs one query at a time across its connections, so each server
// process gets a pool of one; the socket takes two connections only for the second-boot test.
let engine: PGlite;
let socketServer: PGLiteSocketServer;
let databaseUrl: string;
let server: TestServer;

beforeAll(async () => {
  engine = await PGlite.create();
  socketServer = new PGLiteSocketServer({ db: engine, host: '127.0.0.1', port: 0, maxConnections: 2 });
  await socketServer.start();
  const port = Number(socketServer.getServerConn().split(':').pop());
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // DATABASE_URL seeds no demo unless asked: this test asks (DEV_SEED) so it can sign the demo in.
  const deps = await boot({
    databaseUrl,
    poolSize: 1,
    clock: new Clock(),
    seed: DEV_SEED,
    jobs: memoryJobQueue(),
    config: { devTools: true, testClock: true },
  });
  await registerMailWorker(deps);
  server = wrapServer(deps);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await socketServer?.stop();
  await engine?.close();
});

describe('DATABASE_URL (node-postgres)', () => {
  it('boots on PostgreSQL: migrations applied, demo seeded', async () => {
    expect(server.deps.database.kind).toBe('postgres');
    const { rows } = await server.deps.database.query<{ name: string }>(
      'SELECT name FROM herald_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toContain('0001_foundation.sql');
    const { rows: users } = await server.deps.database.query<{ email: string }>('SELECT email FROM users');
    expect(users.map((u) => u.email)).toContain('demo@herald.local');
  });

  it('signs the demo in and answers GetUserInfo', async () => {
    const { AccessToken } = await signInDemo(server);
    const info = await server.api<{ Email: string; Permissions: string[] }>('GetUserInfo', {}, { token: AccessToken });
    expect(info.RetCode).toBe(0);
    expect(info.Data.Email).toBe('demo@herald.local');
    expect([...info.Data.Permissions].sort()).toEqual(['FlowInspector', 'TextUser', 'TopUp', 'WhatsAppAgent']);
  });

  it('runs transactions: refresh rotation and reuse detection', async () => {
    const first = await signInDemo(server);
    const second = await server.api<{ AccessToken: string }>('RefreshToken', { RefreshToken: first.RefreshToken });
    expect(second.RetCode).toBe(0);
    // inside the reuse grace the same pair comes back; after it, presenting the old token is reuse
    expect((await server.api('RefreshToken', { RefreshToken: first.RefreshToken })).Data).toEqual(second.Data);
    server.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await server.api('RefreshToken', { RefreshToken: first.RefreshToken })).RetCode).toBe(RetCode.TokenReused);
    expect((await server.api('GetUserInfo', {}, { token: second.Data.AccessToken })).RetCode).toBe(RetCode.NotLoggedIn);
  });

  it('signs up, activates and signs in a new account', async () => {
    await registerAccount(server, 'pg-user@example.com');
    expect(
      (await server.api('LoginByPassword', { Email: 'pg-user@example.com', Password: GOOD_PASSWORD })).RetCode,
    ).toBe(0);
  });

  it('boots again on the same database: no migration runs twice, the seed is idempotent', async () => {
    const again = await boot({ databaseUrl, poolSize: 1, seed: DEV_SEED, jobs: memoryJobQueue() });
    try {
      const { rows } = await again.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE email = 'demo@herald.local'",
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await again.database.close();
    }
  });

  it('rolls back a failed migration whole', async () => {
    const { database } = server.deps;
    await expect(
      database.exec('BEGIN;\nCREATE TABLE half_done (id INT);\nSELECT no_such_function();\nCOMMIT;'),
    ).rejects.toThrow();
    const { rows } = await database.query<{ t: string | null }>("SELECT to_regclass('half_done')::text AS t");
    expect(rows[0].t).toBeNull();
    // and the connection is usable afterwards (not left in an aborted transaction)
    expect((await database.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
