// The PostgreSQL half of the server test suite (issue 19 item 1): the same server tests, each test file
// on databases of its own (server/testing/postgres.ts), when a PostgreSQL answers at
// HERALD_TEST_POSTGRES_URL (default postgres://herald:herald@127.0.0.1:5432/herald_test, the role .ci/run
// makes). Without one it says so in one line and passes: a newcomer's `npm test` keeps working.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.HERALD_TEST_POSTGRES_URL || 'postgres://herald:herald@127.0.0.1:5432/herald_test';
const shown = url.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@');

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0].server_version;
  } catch (error) {
    console.log(`[unit:pg] cannot reach ${shown}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const version = await reachable();
if (!version) {
  console.log(
    `[unit:pg] SKIPPED: the PostgreSQL half of the server tests needs a PostgreSQL at ${shown} (HERALD_TEST_POSTGRES_URL; .ci/run starts the machine's cluster)`,
  );
  process.exit(0);
}
console.log(`[unit:pg] server tests on PostgreSQL ${version} at ${shown}`);
// Files about the embedded engine itself (PGlite statements, killed PGlite processes, the pglite-socket
// DATABASE_URL test) have nothing to run here, nor the process test that already ran; everything else runs.
const embeddedOnly = [
  'server/db/prepared.test.ts',
  'server/db/postgres.test.ts',
  'server/processes/durability.test.ts',
  'server/jobs/sms-restart.test.ts',
];
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'server', ...embeddedOnly.flatMap((file) => ['--exclude', file])],
  { stdio: 'inherit', env: { ...process.env, HERALD_TEST_DRIVER: 'postgres', HERALD_TEST_POSTGRES_URL: url } },
);
process.exit(result.status ?? 1);
