import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Raw rows of a drizzle SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A unique index refused the write (PGlite and node-postgres word it alike, drizzle may wrap it). */
export const isUniqueViolation = (error: unknown) =>
  /duplicate key|unique constraint/i.test(String((error as { message?: string })?.message ?? error)) ||
  /duplicate key|unique constraint/i.test(String((error as { cause?: { message?: string } })?.cause?.message ?? ''));

/**
 * Runs `write` again once when a unique index refused it: the twin of a concurrent request with the same
 * idempotency key committed first, and the second run finds its row and answers as a replay.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return write();
  }
}

/** `%keyword%` for LIKE/ILIKE with the keyword's own `%`, `_` and `\` matched literally. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
