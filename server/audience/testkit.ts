import { issueTokens } from '../auth/sessions';
import { users } from '../db/schema';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { registerAudienceWorkers } from '../jobs/audience-import';

// Audience server tests: a test server whose in-memory queue works contact imports, and accounts
// (tenants) made straight in the database.

export async function createAudienceTestServer(): Promise<TestServer> {
  const server = await createTestServer();
  await registerAudienceWorkers(server.deps);
  return server;
}

let nextTenant = 1;

/** A new signed-in account and its typed API. */
export async function audienceTenant(server: TestServer) {
  const now = server.deps.clock.now();
  const [user] = await server.deps.database.db
    .insert(users)
    .values({
      email: `audience-${process.pid}-${nextTenant++}@example.com`,
      passwordHash: 'x',
      upgraded: true,
      type: 1,
      activatedAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  const tokens = await issueTokens(server.deps.database.db, server.deps.clock, user.id);
  return { id: user.id, token: tokens.AccessToken, ...typedApi(server, { token: tokens.AccessToken }) };
}
