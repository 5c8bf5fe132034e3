import { eq } from 'drizzle-orm';
import { createTestServer, signInDemo, type TestServer } from '../../testing/harness';
import { startJobs, type JobRuntime } from '../../jobs';
import type { SmsJobSettings } from '../../sms/settings';
import { issueTokens } from '../../auth/sessions';
import { users, wallets } from '../../db/schema';

export interface SmsTestServer extends TestServer {
  jobs: JobRuntime;
  token: string;
  /** api() as the demo account. */
  call: <D = Record<string, unknown>>(
    action: string,
    input?: Record<string, unknown>,
    token?: string,
  ) => Promise<{ status: number; RetCode: number; Message: string; Data: D }>;
}

export const FAST_JOBS: Partial<SmsJobSettings> = {
  groupSize: 4,
  groupIntervalMs: 50,
  carrierLatencyMs: 0,
  reviewDelayMs: 0,
  pollingIntervalSeconds: 0.5,
  allowPrivateCallbacks: false,
  sweepIntervalMs: 3_600_000,
};

export async function createSmsTestServer(settings: Partial<SmsJobSettings> = {}): Promise<SmsTestServer> {
  // The real queue (pg-boss on the test database) with every worker: these tests follow jobs end to end.
  const server = await createTestServer({ jobs: 'pg-boss', smsSettings: { ...FAST_JOBS, ...settings } });
  const jobs = await startJobs(server.deps);
  const { AccessToken } = await signInDemo(server);
  const close = server.close;
  return {
    ...server,
    jobs,
    token: AccessToken,
    call: (action, input = {}, token = AccessToken) => server.api(action, input, { token }),
    close: async () => {
      // graceful: a job still running when the database closes fails in pg-boss's complete() after the
      // pool has ended (an unhandled rejection fails the whole vitest run). A loaded machine can hold a
      // job past pg-boss's usual 10 s: the tests wait longer (under the 60 s hook limit).
      await jobs.stop({ graceful: true, timeoutMs: 50_000 });
      await close();
    },
  };
}

let nextUser = 1;

/** Another account (a second tenant, or a trial user), signed in, with an SMS balance. */
export async function createAccount(
  server: TestServer,
  options: { upgraded?: boolean; smsBalance?: number; type?: number } = {},
): Promise<{ id: number; token: string; email: string }> {
  const db = server.deps.database.db;
  const email = `sms-tenant-${process.pid}-${nextUser++}@example.com`;
  const now = server.deps.clock.now();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'x',
      upgraded: options.upgraded ?? true,
      type: options.type ?? 1,
      activatedAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (options.smsBalance !== undefined)
    await db.insert(wallets).values({ userId: user.id, productType: 9, amount: options.smsBalance });
  const tokens = await issueTokens(db, server.deps.clock, user.id);
  return { id: user.id, token: tokens.AccessToken, email };
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A passed template (the sandbox reviewer passes it at once in tests). */
export async function passedTemplate(
  server: SmsTestServer,
  content = 'Hello from Herald, your order has shipped today',
  token = server.token,
): Promise<string> {
  const created = await server.call<{ TemplateId: string }>(
    'CreateUSMSTemplate',
    { TemplateName: 'Shipping', Purpose: 2, Language: 'en', Content: content },
    token,
  );
  if (created.RetCode !== 0) throw new Error(created.Message);
  await waitFor(
    () => server.call<{ Status: number }>('GetUSMSTemplate', { TemplateId: created.Data.TemplateId }, token),
    (r) => r.Data.Status === 2,
  );
  return created.Data.TemplateId;
}

export { eq };
