import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { SqlRunner } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every SQL file in migrations/ that the database has not seen, in name order, each in its
 * own transaction. Plain SQL files keep PGlite and PostgreSQL on exactly the same schema.
 */
export async function migrate(sql: SqlRunner): Promise<string[]> {
  await sql.exec(
    `CREATE TABLE IF NOT EXISTS herald_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  );
  const applied = new Set(
    (await sql.query<{ name: string }>('SELECT name FROM herald_migrations')).rows.map((r) => r.name),
  );
  const pending = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql') && !applied.has(f))
    .sort();
  for (const file of pending) {
    const body = readFileSync(path.join(migrationsDir, file), 'utf8');
    await sql.exec(
      `BEGIN;\n${body}\nINSERT INTO herald_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
    );
  }
  return pending;
}
