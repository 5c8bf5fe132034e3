import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { openDatabase } from '../db/database';
import { Clock } from '../clock';

// The PostgreSQL half of the server suite (issue 19 item 1): with HERALD_TEST_DRIVER=postgres and
// HERALD_TEST_POSTGRES_URL (a role that may CREATE DATABASE), every createTestServer() gets a database of
// its own, copied from a template that is migrated and seeded once per schema version.

export const testPostgresUrl = () => process.env.HERALD_TEST_POSTGRES_URL || '';

/** Whether a PostgreSQL answers at `url` within 3 s (the benches skip with a line when none does). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
export const onPostgres = () => process.env.HERALD_TEST_DRIVER === 'postgres' && !!testPostgresUrl();

const TEMPLATE_LOCK = 4_815_162_343;

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let template: Promise<string> | null = null;

/** The template database for this schema version (`key`: the snapshot's hash), made once per machine. */
function templateDatabase(key: string): Promise<string> {
  template ??= admin(async (client) => {
    const name = `herald_tpl_${key}`;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rows.length === 0) {
        const building = `${name}_${randomBytes(3).toString('hex')}`;
        await client.query(`CREATE DATABASE ${building}`);
        const database = await openDatabase({ databaseUrl: urlFor(testPostgresUrl(), building), poolSize: 2 });
        try {
          await migrate(database);
          await seed(database.db, new Clock());
        } finally {
          await database.close();
        }
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
    return name;
  });
  return template;
}

/** A fresh database copied from the template; `drop` removes it. */
export async function freshPostgresDatabase(key: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = await templateDatabase(key);
  const name = `herald_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  // CREATE DATABASE … TEMPLATE needs the template unused: creations take turns.
  await admin(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return {
    url: urlFor(testPostgresUrl(), name),
    drop: () => dropDatabase(name),
  };
}

/** An empty database (no schema: the processes started on it migrate it); `drop` removes it. */
export async function emptyPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(async (client) => void (await client.query(`CREATE DATABASE ${name}`)));
  return { url: urlFor(testPostgresUrl(), name), drop: () => dropDatabase(name) };
}

/** insufficient_privilege: FORCE may not end an autovacuum worker that is cleaning the database just then. */
const AUTOVACUUM_IN_THE_WAY = '42501';

/**
 * Drops a test database. An autovacuum worker can be at work on it (a test that wrote many rows), and
 * the test role may not end it: the drop waits and tries again, and at last leaves the database behind
 * (a name nobody reuses) rather than fail the tests that ran on it.
 */
async function dropDatabase(name: string, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== AUTOVACUUM_IN_THE_WAY) throw error;
      if (attempt === attempts) {
        console.warn(`[postgres tests] ${name} left behind: an autovacuum worker held it`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
