import type { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import { libraryUsage, users } from '../db/schema';

// POST /dev/library/limit {email, bytes}: sets an account's library space (null: the default), so e2e and a
// newcomer can meet "the library is full" without uploading a gigabyte. Dev tools only, loopback only.
export function registerLibraryDevRoutes(app: Hono, deps: ServerDeps): void {
  app.post('/dev/library/limit', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown; bytes?: unknown };
    const db = deps.database.db;
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : '';
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (!user) return c.json({ ok: false }, 404);
    const limitBytes = typeof body.bytes === 'number' && body.bytes >= 0 ? Math.floor(body.bytes) : null;
    await db
      .insert(libraryUsage)
      .values({ userId: user.id, limitBytes })
      .onConflictDoUpdate({ target: libraryUsage.userId, set: { limitBytes } });
    return c.json({ ok: true, limitBytes });
  });
}
