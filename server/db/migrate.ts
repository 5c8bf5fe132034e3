import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { SqlRunner } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock every migration transaction takes first (an arbitrary key of Herald's own). */
export const MIGRATION_LOCK_KEY = 4_815_162_342;
const LOCK = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});`;

const appliedNames = async (sql: SqlRunner) =>
  new Set((await sql.query<{ name: string }>('SELECT name FROM herald_migrations')).rows.map((r) => r.name));

/**
 * Applies every SQL file in migrations/ that the database has not seen, in name order, each in its
 * own transaction. Plain SQL files keep PGlite and PostgreSQL on exactly the same schema.
 *
 * Two processes starting together on one PostgreSQL cannot race: each transaction takes a
 * transaction-scoped advisory lock (works over a pool, where a session lock might be released on
 * another connection) and records its file before running it, so the process that waited for the
 * lock fails that insert on the primary key, rolls back whole, sees the file applied and moves on.
 */
export async function migrate(sql: SqlRunner): Promise<string[]> {
  await sql.exec(
    `BEGIN;\n${LOCK}\nCREATE TABLE IF NOT EXISTS herald_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());\nCOMMIT;`,
  );
  const applied = await appliedNames(sql);
  const pending = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort();
  const ran: string[] = [];
  for (const file of pending) {
    const body = readFileSync(path.join(migrationsDir, file), 'utf8');
    try {
      await sql.exec(
        `BEGIN;\n${LOCK}\nINSERT INTO herald_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\n${body}\nCOMMIT;`,
      );
      ran.push(file);
    } catch (error) {
      // Another process applied it while this one waited for the lock: nothing of ours was kept.
      await sql.exec('ROLLBACK').catch(() => undefined);
      if ((await appliedNames(sql)).has(file)) continue;
      throw error;
    }
  }
  return ran;
}
