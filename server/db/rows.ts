import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Raw rows of a drizzle SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
