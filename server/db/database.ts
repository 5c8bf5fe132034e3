import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** A parameter of a prepared statement: values the server makes itself (hashes, times, ids). */
export type PreparedParam = string | number | Date | null;

export interface Database extends SqlRunner {
  db: Db;
  /**
   * Runs a statement the database parses and plans once per connection: for hot paths (the token
   * look-up of every request). Plans live in the database session, never data in process memory.
   */
  prepared<R = Record<string, unknown>>(name: string, sql: string, params: PreparedParam[]): Promise<R[]>;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while holding a session advisory lock on one connection: processes sharing one
   * PostgreSQL take turns (start-up seeding). PGlite has one process, so it just runs.
   */
  exclusive<T>(lockKey: number, work: () => Promise<T>): Promise<T>;
  /** The embedded engine, when there is one (tests snapshot it). */
  pglite?: PGlite;
  /**
   * PostgreSQL only: a pool for counters whose last commits may be lost in a crash at no harm (the
   * per-request rate limits), on two connections with synchronous_commit off, so counting a request waits
   * for no WAL flush (docs/decisions.md "Rate limits"); the main pool when the server has one connection.
   */
  counters?: pg.Pool;
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
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? Number(process.env.DATABASE_POOL_SIZE || 10));
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    claimDataDir(options.dataDir);
  }
  const pglite = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  takeTurnsWithIo(pglite);
  return {
    kind: 'pglite',
    exclusive: (_lockKey, work) => work(),
    prepared: pglitePrepared(pglite),
    pglite,
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async <R>(sql: string, params?: unknown[]) => {
      const result = await pglite.query<R>(sql, params);
      return { rows: result.rows };
    },
    close: async () => {
      await pglite.close();
      if (options.dataDir) releaseDataDir(options.dataDir);
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A server of one connection (a test's) has none to spare for counters: they go through the pool then.
  const countersPool =
    poolSize < 2 ? null : new pg.Pool({ connectionString: url, max: 2, options: '-c synchronous_commit=off' });
  // An idle pooled connection the server ends (a restart, an administrator, a test's DROP … FORCE) is an
  // 'error' on its pool: unheard, it would end the whole process. The pool drops that connection and opens
  // another for the next query.
  for (const each of [pool, countersPool])
    each?.on('error', (error) => console.warn(`[database] an idle connection was closed: ${error.message}`));
  return {
    kind: 'postgres',
    counters: countersPool ?? pool,
    exclusive: async (lockKey, work) => {
      // The lock is held on a connection of its own while the work runs on the others: a pool of one
      // (a test against a single-connection server) has no other, and runs the work unlocked.
      if (poolSize < 2) return work();
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [lockKey]);
        try {
          return await work();
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [lockKey]);
        }
      } finally {
        holder.release();
      }
    },
    // node-postgres prepares a named statement once on each pooled connection.
    prepared: async <R>(name: string, text: string, params: PreparedParam[]) =>
      (await pool.query({ name, text, values: params })).rows as R[],
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
    query: async <R>(sql: string, params?: unknown[]) => {
      const result = await pool.query(sql, params);
      return { rows: result.rows as R[] };
    },
    close: async () => {
      await Promise.all([pool.end(), countersPool?.end()]);
    },
  };
}

/** The longest PGlite may run statements back to back before the event loop gets a turn. */
export const PGLITE_TURN_MS = 5;

/**
 * PGlite runs in this thread and answers through promise callbacks alone, so a loop of awaited
 * statements (an import's chunks, a delivery's groups) never lets the event loop reach its timers or
 * sockets: requests waited for the whole loop (a 500,000-contact import held a progress read 60 s, and
 * Node then reset the kept-alive socket). Each statement that starts PGLITE_TURN_MS or more after the
 * last turn first waits one setImmediate, so requests and timers run between statements. Statements
 * stay in order (PGlite's own queue); docs/decisions.md "The embedded database takes turns".
 */
function takeTurnsWithIo(pglite: PGlite): void {
  let lastTurn = performance.now();
  const turn = async () => {
    if (performance.now() - lastTurn < PGLITE_TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  pglite.exec = (async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return exec(...args);
  }) as PGlite['exec'];
  pglite.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/**
 * PGlite's query() has no named statements, so the statement is PREPAREd once in its single session
 * and run with EXECUTE. EXECUTE takes no bind parameters: values go in as literals, which is why
 * PreparedParam admits only plain values and strings are quoted under standard_conforming_strings.
 * Measured on the token look-up: about 5x less CPU than the unprepared drizzle query (bench/README.md).
 */
function pglitePrepared(pglite: PGlite) {
  const ready = new Map<string, Promise<void>>();
  const prepare = (name: string, text: string) => {
    let done = ready.get(name);
    if (!done) {
      done = (async () => {
        const { rows } = await pglite.query<{ standard_conforming_strings: string }>(
          'SHOW standard_conforming_strings',
        );
        if (rows[0]?.standard_conforming_strings !== 'on')
          throw new Error('prepared statements need standard_conforming_strings = on');
        await pglite.exec(`DEALLOCATE ${name}`).catch(() => undefined);
        await pglite.exec(`PREPARE ${name} AS ${text}`);
      })();
      ready.set(name, done);
      done.catch(() => ready.delete(name));
    }
    return done;
  };
  return async <R>(name: string, text: string, params: PreparedParam[]): Promise<R[]> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad statement name ${name}`);
    // exec: one simple-protocol message instead of parse, bind, describe and execute
    const run = async () =>
      ((await pglite.exec(`EXECUTE ${name}(${params.map(literal).join(', ')})`))[0]?.rows ?? []) as R[];
    await prepare(name, text);
    try {
      return await run();
    } catch (error) {
      // 26000: the session lost the statement (DEALLOCATE ALL, DISCARD ALL): prepare it again once.
      if ((error as { code?: string }).code !== '26000') throw error;
      ready.delete(name);
      await prepare(name, text);
      return run();
    }
  };
}

function literal(value: PreparedParam): string {
  if (value === null) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number in a prepared statement');
    return String(value);
  }
  if (value.includes('\0')) throw new Error('NUL in a prepared statement parameter');
  return `'${value.replace(/'/g, "''")}'`;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per PGlite data directory, and a start after a SIGKILL: PGlite takes no lock of its own
 * and leaves its postmaster.pid (always Emscripten's pid -42) behind when killed, on which the next open
 * aborts before WAL recovery. herald.pid names the process that owns the directory: a live other owner
 * is refused; otherwise the stale postmaster.pid is removed and PostgreSQL's recovery replays the WAL.
 */
function claimDataDir(dataDir: string): void {
  const ours = path.join(dataDir, 'herald.pid');
  const owner = existsSync(ours) ? Number(readFileSync(ours, 'utf8').trim()) : 0;
  if (owner !== process.pid && alive(owner))
    throw new Error(`${dataDir} is in use by process ${owner}: one Herald process per DATA_DIR`);
  const postmaster = path.join(dataDir, 'postmaster.pid');
  if (existsSync(postmaster)) {
    console.warn(`[database] ${postmaster} left by a process that did not close: removed, the WAL is replayed`);
    rmSync(postmaster, { force: true });
  }
  writeFileSync(ours, String(process.pid));
}

/** A closed database gives its directory back, so another process (a bench's server) may open it. */
function releaseDataDir(dataDir: string): void {
  const ours = path.join(dataDir, 'herald.pid');
  if (existsSync(ours) && Number(readFileSync(ours, 'utf8').trim()) === process.pid) rmSync(ours, { force: true });
}
