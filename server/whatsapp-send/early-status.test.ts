import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import { ledger, waMessageStatuses, waSends } from '../db/schema';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { approvedTemplate, connectSandboxWhatsApp, fundedAccount, startWaTestServer } from './wa-testkit';

// A status webhook that arrives before the message's platform id (wamid) is stored (docs/decisions.md
// "Inbox assignment", early statuses): the sandbox posts the statuses of a recipient ending in 77 before it
// answers the send. They wait by wamid and are applied once the wamid is stored: the message ends delivered
// (or failed, with its conversation refunded), not Unknown by the late sweep.

let server: SmsTestServer;

beforeAll(async () => {
  server = await startWaTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
}, 60_000);

describe('statuses before the wamid', () => {
  it('applies a status that came before the send was answered, once the wamid is stored', async () => {
    const user = await fundedAccount(server);
    const db = server.deps.database.db;
    const connected = await connectSandboxWhatsApp(server, user.token);
    const number = connected.numberEnding('40');
    const template = await approvedTemplate(
      server,
      { userId: user.id, wabaId: connected.Account.WabaId },
      { name: 'order_early' },
    );
    const reply = await user.call<{ TaskId: string }>('AddWhatsAppSendTask', {
      TaskName: 'Early statuses',
      CountryCode: 'US',
      TemplateId: template.templateId,
      PhoneNumberId: number.PhoneNumberId,
      Rows: [['14155550177', 'Ann']],
    });
    expect(reply.RetCode).toBe(0);
    const task = await waitFor(
      () =>
        user.call<{ Tasks: { Status: number; SuccessCount: number; UnknownCount?: number }[] }>('GetWhatsAppSendTask', {
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
