import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { testPostgresUrl } from '../testing/postgres';

// Migration 0025 on a database that already ran journeys (docs/decisions.md "Journey engine"): the steps
// taken get their places in the order they were taken, each run's next place follows them, and a run the
// old (run, node) key left stuck at a node it had taken can take that node again. Run on PGlite, and on
// PostgreSQL in a schema of its own when HERALD_TEST_POSTGRES_URL is set.

const migration = (file: string) => readFileSync(path.join(import.meta.dirname, 'migrations', file), 'utf8');

const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-02T00:00:00Z';

async function migrateJourneys(db: Database) {
  await db.exec(migration('0015_workflow_runs.sql'));
  // Run 1 completed at n3; run 2 is the loop bug's, queued at n1 which it had taken; run 3 took nothing yet.
  await db.exec(`
    INSERT INTO workflow_runs (id, workflow_id, version_id, user_id, contact_id, node_id, status, due_at, created_at, updated_at)
    VALUES (1, 1, 1, 1, 1, 'n3', 2, '${T1}', '${T0}', '${T1}'), (2, 1, 1, 1, 2, 'n1', 1, '${T1}', '${T0}', '${T1}'),
      (3, 1, 1, 1, 3, 'n0', 1, '${T0}', '${T0}', '${T0}');
    INSERT INTO workflow_run_steps (run_id, node_id, workflow_id, outcome, created_at)
    VALUES (1, 'n3', 1, 'done', '${T1}'), (1, 'n0', 1, 'done', '${T0}'), (1, 'n2', 1, 'done', '${T1}'),
      (2, 'n2', 1, 'done', '${T1}'), (2, 'n1', 1, 'done', '${T0}'), (2, 'n0', 1, 'done', '${T0}');`);
  await db.exec(migration('0025_journey_loops.sql'));
}

async function checkMigrated(db: Database) {
  const steps = await db.query<{ run: number; step: number; node: string }>(
    'SELECT run_id::int AS run, step, node_id AS node FROM workflow_run_steps ORDER BY run_id, step',
  );
  expect(steps.rows).toEqual([
    { run: 1, step: 0, node: 'n0' },
    { run: 1, step: 1, node: 'n2' },
    { run: 1, step: 2, node: 'n3' },
    { run: 2, step: 0, node: 'n0' },
    { run: 2, step: 1, node: 'n1' },
    { run: 2, step: 2, node: 'n2' },
  ]);
  const runs = await db.query<{ id: number; step: number }>('SELECT id::int, step FROM workflow_runs ORDER BY id');
  expect(runs.rows).toEqual([
    { id: 1, step: 3 },
    { id: 2, step: 3 },
    { id: 3, step: 0 },
  ]);
  const claim = (step: number) =>
    db.query(
      `INSERT INTO workflow_run_steps (run_id, step, node_id, workflow_id, outcome, created_at)
      VALUES (2, ${step}, 'n1', 1, 'done', '${T1}') ON CONFLICT DO NOTHING RETURNING run_id`,
    );
  // The stuck run takes n1 again at its next place; its first visit's place stays taken.
  expect((await claim(3)).rows).toHaveLength(1);
  expect((await claim(1)).rows).toHaveLength(0);
}

describe('migration 0025 (journey steps claimed by place) on existing runs', () => {
  it('on PGlite', async () => {
    const db = await openDatabase({});
    try {
      await migrateJourneys(db);
      await checkMigrated(db);
    } finally {
      await db.close();
    }
  }, 60_000);

  it.skipIf(!testPostgresUrl())(
    'on PostgreSQL',
    async () => {
      const schema = `journey_loops_${process.pid}_${Date.now()}`;
      // One connection, so the schema on the search path is the one every statement sees.
      const db = await openDatabase({ databaseUrl: testPostgresUrl(), poolSize: 1 });
      try {
        await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
        await migrateJourneys(db);
        await checkMigrated(db);
      } finally {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
        await db.close();
      }
    },
    60_000,
  );
});
