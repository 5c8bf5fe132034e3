import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { freshPostgresDatabase, testPostgresUrl } from '../testing/postgres';
import { snapshotKey } from '../testing/harness';

// On PostgreSQL (npm run unit:pg): a pooled connection the server ends while idle (a restart, an
// administrator's pg_terminate_backend, a test's DROP … FORCE) must not end the process; the next query
// opens another connection. Without the pools' 'error' listeners node-postgres throws it as uncaught.

describe.skipIf(!testPostgresUrl())('PostgreSQL pools when the server ends idle connections', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(snapshotKey());
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('survives its idle connections being terminated and answers the next query', async () => {
    // fill the pool with idle connections
    await Promise.all(Array.from({ length: 4 }, () => database.query('SELECT pg_sleep(0.05)')));
    const { rows } = await database.query<{ ended: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    expect(rows[0].ended).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await database.query<{ one: number }>('SELECT 1 AS one');
    expect(after.rows[0].one).toBe(1);
  });
});
