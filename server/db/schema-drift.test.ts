import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import * as schema from './schema';
import * as sandboxPaymentsSchema from '../providers/payments/sandbox-schema';
import { createTestServer, type TestServer } from '../testing/harness';

// The drift check (drizzle-kit is not a dependency): the database the SQL migrations make must have
// exactly the tables, columns (type, nullability) and named indexes the drizzle schema declares, so a
// migration and a schema change cannot drift apart unnoticed.

// The sandbox card processor's own tables are migrated too (they stand in for the processor's storage).
const tables: PgTable[] = Object.values({ ...schema, ...sandboxPaymentsSchema } as Record<string, unknown>).filter(
  (value): value is PgTable => is(value, PgTable),
);

/** A drizzle column type as PostgreSQL's format_type() spells it. */
function normalType(sqlType: string): string {
  const t = sqlType.replace(/\s+/g, ' ').trim();
  const serial: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
  if (serial[t]) return serial[t];
  return t
    .replace(/^varchar/, 'character varying')
    .replace(/^char\(/, 'character(')
    .replace(/^timestamp(\(\d\))?$/, 'timestamp$1 without time zone')
    .replace(/^timestamp(\(\d\))? with time zone$/, 'timestamp$1 with time zone')
    .replace(/, /g, ',');
}

// The test database is the migrated snapshot every server test starts from.
let server: TestServer;
const pglite = { query: <R>(sql: string) => server.deps.database.query<R>(sql) };
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('migrations against the drizzle schema', () => {
  it('have the same tables', async () => {
    const { rows } = await pglite.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'herald_migrations'",
    );
    expect(rows.map((r) => r.name).sort()).toEqual(tables.map((t) => getTableConfig(t).name).sort());
  });

  it('have the same columns, types and nullability', async () => {
    const { rows } = await pglite.query<{ table: string; column: string; type: string; notnull: boolean }>(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND c.relname <> 'herald_migrations'`);
    const inDatabase = rows.map((r) => `${r.table}.${r.column}: ${r.type}${r.notnull ? ' not null' : ''}`).sort();
    const inSchema = tables
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map(
          (c) => `${config.name}.${c.name}: ${normalType(c.getSQLType())}${c.notNull || c.primary ? ' not null' : ''}`,
        );
      })
      .sort();
    expect(inSchema.length).toBeGreaterThan(100);
    expect(inDatabase).toEqual(inSchema);
  });

  it('have every index the schema names', async () => {
    const { rows } = await pglite.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'",
    );
    const inDatabase = new Set(rows.map((r) => r.name));
    const missing = tables
      .flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name))
      .filter((name) => name && !inDatabase.has(name));
    expect(missing).toEqual([]);
  });
});
