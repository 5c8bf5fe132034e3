import { issueTokens } from '../auth/sessions';
import { channelRecipients, channelTasks, users } from '../db/schema';
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

/** A finished task of a channel, stored straight in the kernel's table: its recipients are the records. */
export async function recordsTask(
  server: TestServer,
  userId: number,
  channel: string,
  content = 'hello',
  templateName = 't',
): Promise<number> {
  const now = server.deps.clock.now();
  const [task] = await server.deps.database.db
    .insert(channelTasks)
    .values({
      taskId: `TK${channel.toUpperCase()}${process.pid}${nextTask++}`,
      channel,
      sessionNo: 'SN1',
      userId,
      name: 'records',
      templateId: 'UT1',
      templateName,
      content,
      variableCount: 0,
      countryCode: 'US',
      phonePrefix: '1',
      sendType: 'immediate',
      sendAt: now,
      timeZone: 'UTC',
      status: 3,
      totalCount: 0,
      segments: 1,
      totalSegments: 0,
      price: 0,
      estimatedCost: 0,
      groupSize: 100,
      groupCount: 1,
      createdAt: now,
    })
    .returning({ id: channelTasks.id });
  return task.id;
}

let nextTask = 1;

/** One record of a task: a message to `address` in `state`, submitted at `submitAt`. */
export async function addRecord(
  server: TestServer,
  record: { taskId: number; seq: number; address: string; state: number; submitAt: Date },
) {
  await server.deps.database.db.insert(channelRecipients).values({ ...record, segments: 1 });
}
