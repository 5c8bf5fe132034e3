import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrate } from './migrate';

// Two processes starting together on one PostgreSQL must migrate once (issue 19 item 2). PGlite is a
// single session, so the race needs a real server: HERALD_TEST_POSTGRES_URL (an account that may
// create databases). Without it this file skips, saying so.
const adminUrl = process.env.HERALD_TEST_POSTGRES_URL;
const files = readdirSync(path.join(import.meta.dirname, 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe.skipIf(!adminUrl)('migrate() on PostgreSQL (HERALD_TEST_POSTGRES_URL)', () => {
  it('applies every migration once when two starts race on an empty database', async () => {
    const name = `herald_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
      openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    ]);
    try {
      const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ranA, ...ranB].sort()).toEqual(files);
      const { rows } = await a.query<{ name: string }>('SELECT name FROM herald_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(files);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  }, 120_000);
});

if (!adminUrl) console.log('[migrate.test] HERALD_TEST_POSTGRES_URL not set: the PostgreSQL race test is skipped');
