import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import { ledger, waMessageStatuses, waSends, waTemplates, wallets } from '../db/schema';
import { MAIN_WALLET } from '../money/ledger';
import { sandboxCode } from '../platforms/whatsapp/sandbox-rules';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import type { WaAccount, WaNumber } from '../../src/gateway/contract/actions/whatsapp';

// A status webhook that arrives before the message's platform id (wamid) is stored (docs/decisions.md
// "Inbox assignment", early statuses): the sandbox posts the statuses of a recipient ending in 77 before it
// answers the send. They wait by wamid and are applied once the wamid is stored: the message ends delivered
// (or failed, with its conversation refunded), not Unknown by the late sweep.

let server: SmsTestServer;
let http: ServerType;
const BALANCE = 1_000_000;

beforeAll(async () => {
  server = await createSmsTestServer();
  http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  server.deps.config.publicUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
}, 60_000);

describe('statuses before the wamid', () => {
  it('applies a status that came before the send was answered, once the wamid is stored', async () => {
    const user = await createAccount(server);
    const db = server.deps.database.db;
    await db.insert(wallets).values({ userId: user.id, productType: MAIN_WALLET, amount: BALANCE });
    const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
      server.call(action, input, user.token) as Promise<{ RetCode: number; Data: D }>;
    const { Data } = await call<{ State: string }>('GetWhatsAppSignUpUrl');
    const { Data: connected } = await call<{ Account: WaAccount; Numbers: WaNumber[] }>('ConnectWhatsAppAccount', {
      Code: sandboxCode('shop', Data.State),
      State: Data.State,
    });
    const number = connected.Numbers.find((n) => n.PhoneNumberId.endsWith('40'))!;
    const now = server.deps.clock.now();
    const [template] = await db
      .insert(waTemplates)
      .values({
        templateId: `WT${user.id}xearly`,
        userId: user.id,
        wabaId: connected.Account.WabaId,
        name: 'order_early',
        language: 'en',
        category: 'UTILITY',
        type: 'Text',
        headerFormat: 'NONE',
        headerText: '',
        headerSample: '',
        headerMediaFileId: '',
        body: 'Hello {{1}}, your order is ready.',
        bodySamples: ['Ann'],
        footer: '',
        buttonKind: 'NONE',
        buttons: [],
        status: 'APPROVED',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const reply = await call<{ TaskId: string }>('AddWhatsAppSendTask', {
      TaskName: 'Early statuses',
      CountryCode: 'US',
      TemplateId: template.templateId,
      PhoneNumberId: number.PhoneNumberId,
      Rows: [['14155550177', 'Ann']],
    });
    expect(reply.RetCode).toBe(0);
    const task = await waitFor(
      () =>
        call<{ Tasks: { Status: number; SuccessCount: number; UnknownCount?: number }[] }>('GetWhatsAppSendTask', {
          TaskId: reply.Data.TaskId,
        }),
      (r) => r.Data.Tasks[0]?.Status === SMS_TASK_STATUS.Complete,
    );
    expect(task.Data.Tasks[0].SuccessCount).toBe(1);
    // the statuses were stored before the wamid was: the webhook found no message for them then
    const [send] = await db.select().from(waSends).where(eq(waSends.userId, user.id));
    const statuses = await db.select().from(waMessageStatuses).where(eq(waMessageStatuses.wamid, send.wamid));
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'sent']);
    const refunds = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, user.id), like(ledger.uniqueKey, 'whatsapp:conv:%:refund')));
    expect(refunds).toHaveLength(0);
  }, 90_000);
});
