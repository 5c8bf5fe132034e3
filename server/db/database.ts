import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL, for migrations and pg-boss: the same interface over PGlite and node-postgres. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Database extends SqlRunner {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, when there is one (tests snapshot it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… switches to a real PostgreSQL; otherwise PGlite in dataDir. */
  databaseUrl?: string;
  /** A folder, or undefined for an in-memory database. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start an in-memory PGlite from (tests). */
  loadDataDir?: Blob | File;
  /** PostgreSQL connections in the pool (default DATABASE_POOL_SIZE, else 10). */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? Number(process.env.DATABASE_POOL_SIZE || 10));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  return {
    kind: 'pglite',
    pglite,
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <R,>(sql: string, params?: unknown[]) => {
      const result = await pglite.query<R>(sql, params);
      return { rows: result.rows };
    },
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    exec: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    query: async <R,>(sql: string, params?: unknown[]) => {
      const result = await pool.query(sql, params);
      return { rows: result.rows as R[] };
    },
    close: () => pool.end(),
  };
}
