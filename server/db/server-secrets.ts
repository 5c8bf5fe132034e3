import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { serverSecrets } from './schema';

// Per-deployment signing secrets, made at first use and kept in the database, so every gateway process
// (ROLE=api, many of them) signs and verifies alike. One name per purpose.
const cache = new WeakMap<Db, Map<string, Buffer>>();

export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  const secret = Buffer.from(row.value, 'base64');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)!.set(name, secret);
  return secret;
}
