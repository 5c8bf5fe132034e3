import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { createTestServer, registerAccount, type TestServer } from '../testing/harness';
import { authenticate, issueTokens, REFRESH_REUSE_GRACE_MS } from './sessions';
import { sha256 } from './secrets';

// The token look-up reads the user row as one JSON text (server/auth/sessions.ts): it must give exactly
// what drizzle's own select gives, every column and type, on both drivers.
describe('authenticate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('answers the same user as a drizzle select, every column mapped alike', async () => {
    const { AdminUserID: userId } = await registerAccount(server, 'auth-json@example.com');
    const db = server.deps.database.db;
    await db
      .update(users)
      .set({
        extraPermissions: ['billing', 'a "quoted", comma'],
        activatedAt: new Date('2026-02-03T04:05:06.789Z'),
        cnName: '张三',
        timezone: 'Asia/Shanghai',
      })
      .where(eq(users.id, userId));
    const { AccessToken } = await issueTokens(db, server.clock, userId);
    const [expected] = await db.select().from(users).where(eq(users.id, userId));
    const user = await authenticate(server.deps.database, server.clock, AccessToken);
    expect(user).toEqual(expected);
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(typeof user!.id).toBe('number');
  });

  it('answers null for an unknown or expired token', async () => {
    const { AdminUserID: userId } = await registerAccount(server, 'auth-expired@example.com');
    const { AccessToken } = await issueTokens(server.deps.database.db, server.clock, userId);
    expect(await authenticate(server.deps.database, server.clock, 'nope')).toBeNull();
    server.clock.advance(25 * 60 * 60 * 1000);
    expect(await authenticate(server.deps.database, server.clock, AccessToken)).toBeNull();
  });

  it('lets a rotated token in for the reuse grace only, and never a revoked one', async () => {
    const { AdminUserID: userId } = await registerAccount(server, 'auth-rotated@example.com');
    const db = server.deps.database.db;
    const rotated = await issueTokens(db, server.clock, userId);
    const revoked = await issueTokens(db, server.clock, userId);
    const byToken = (token: string) => eq(sessions.accessHash, sha256(token));
    await db.update(sessions).set({ rotatedAt: server.clock.now() }).where(byToken(rotated.AccessToken));
    await db.update(sessions).set({ revokedAt: server.clock.now() }).where(byToken(revoked.AccessToken));
    expect((await authenticate(server.deps.database, server.clock, rotated.AccessToken))?.id).toBe(userId);
    expect(await authenticate(server.deps.database, server.clock, revoked.AccessToken)).toBeNull();
    server.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect(await authenticate(server.deps.database, server.clock, rotated.AccessToken)).toBeNull();
  });
});
