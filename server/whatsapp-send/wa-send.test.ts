import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import { channelTasks, ledger, waConversations, wallets } from '../db/schema';
import { MAIN_WALLET } from '../money/ledger';
import { inboundMessageBody, deliverSandboxWebhook } from '../platforms/whatsapp/sandbox-webhooks';
import { whatsappChannel } from '../channels/whatsapp';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { WA_CONVERSATION_PRICES } from '../../src/gateway/contract/wa-send';
import type { WaRecord } from '../../src/gateway/contract/actions/wa-send';
import { openOrJoin } from './conversations';
import { whatsappProvider } from './provider';
import { approvedTemplate, connectSandboxWhatsApp, fundedAccount, startWaTestServer } from './wa-testkit';

// WhatsApp sending on the server end to end (docs/decisions.md "WhatsApp sending"): the sandbox Cloud API
// over real HTTP (the test server listens), the kernel's jobs, signed status webhooks, pricing per
// conversation, tier pacing and the refusals, and tenant isolation.

let server: SmsTestServer;
const BALANCE = 1_000_000;

beforeAll(async () => {
  server = await startWaTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
}, 60_000);

async function tenant() {
  const user = await fundedAccount(server, BALANCE);
  const connected = await connectSandboxWhatsApp(server, user.token);
  const template = async (category: string, status = 'APPROVED', name = `order_${category.toLowerCase()}`) => {
    const owner = { userId: user.id, wabaId: connected.Account.WabaId };
    return (await approvedTemplate(server, owner, { category, status, name })).templateId;
  };
  const mainBalance = async () => {
    const [w] = await server.deps.database.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.userId, user.id), eq(wallets.productType, MAIN_WALLET)));
    return w.amount;
  };
  return { user, call: user.call, connected, numberEnding: connected.numberEnding, template, mainBalance };
}

const send = (input: Record<string, unknown>) => ({
  TaskName: 'Orders',
  CountryCode: 'US',
  ...input,
});

describe('sending an approved template', () => {
  it('goes through the kernel and the sandbox; statuses arrive by signed webhook; one debit per conversation', async () => {
    const owner = await tenant();
    const templateId = await owner.template('MARKETING');
    const number = owner.numberEnding('40');
    const reply = await owner.call<{ TaskId: string; TotalCount: number }>(
      'AddWhatsAppSendTask',
      send({
        TemplateId: templateId,
        PhoneNumberId: number.PhoneNumberId,
        Rows: [
          ['14155550112', 'Ann'],
          ['14155550113', 'Bo'],
          ['14155550114', 'Cy'],
        ],
      }),
    );
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.TotalCount).toBe(3);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const records = await waitFor(
      () =>
        owner.call<{ Records: WaRecord[] }>('GetWhatsAppSendRecord', {
          BeginTime: nowSeconds - 3600,
          EndTime: nowSeconds + 3600,
        }),
      (r) =>
        r.Data.Records?.length === 3 &&
        r.Data.Records.every((x) =>
          x.Phone.endsWith('14') ? x.Status === 'delivered' : x.Status !== 'sent' && x.Status !== 'sending',
        ) &&
        r.Data.Records.some((x) => x.Status === 'read'),
    );
    const byPhone = new Map(records.Data.Records.map((r) => [r.Phone, r]));
    expect(byPhone.get('14155550114')).toMatchObject({ Status: 'delivered' });
    expect(byPhone.get('14155550112')).toMatchObject({
      Status: 'read',
      Category: 'marketing',
      Direction: 'Sent',
      TemplateName: 'order_marketing',
      Content: 'Hello Ann, your order is ready.',
      Cost: WA_CONVERSATION_PRICES.marketing,
    });
    expect(byPhone.get('14155550113')).toMatchObject({ Status: 'failed', ErrorCode: 'WA131026', Cost: 0 });
    const task = await waitFor(
      () =>
        owner.call<{ Tasks: { Status: number; SuccessCount: number; FailCount: number; Cost: number }[] }>(
          'GetWhatsAppSendTask',
          { TaskId: reply.Data.TaskId },
        ),
      (r) => r.Data.Tasks[0]?.Status === SMS_TASK_STATUS.Complete,
    );
    expect(task.Data.Tasks[0]).toMatchObject({
      SuccessCount: 2,
      FailCount: 1,
      Cost: 2 * WA_CONVERSATION_PRICES.marketing,
    });
    // the undelivered message's conversation comes back: the platform charges delivered messages only
    expect(await owner.mainBalance()).toBe(BALANCE - 2 * WA_CONVERSATION_PRICES.marketing);
    const debits = await server.deps.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, owner.user.id), like(ledger.uniqueKey, 'whatsapp:conv:%')));
    expect(debits.filter((d) => !d.uniqueKey.endsWith(':refund'))).toHaveLength(3);
    expect(debits.filter((d) => d.uniqueKey.endsWith(':refund'))).toHaveLength(1);
    const range = { BeginTime: nowSeconds - 86_400, EndTime: nowSeconds + 3600 };
    const stats = await owner.call<{ Totals: Record<string, number> }>('GetWhatsAppSendStatistics', range);
    expect(stats.Data.Totals).toMatchObject({ Submit: 3, Success: 2, Fail: 1 });
    const codes = await owner.call<{ Codes: { ErrorCode: string }[] }>('GetWhatsAppSendReceiptCodeStatistics', range);
    expect(codes.Data.Codes.map((c) => c.ErrorCode)).toEqual(['WA131026']);
  }, 60_000);

  it('answers a repeated submit from its record: one send, one debit; a second message joins the conversation', async () => {
    const owner = await tenant();
    const templateId = await owner.template('UTILITY');
    const number = owner.numberEnding('40');
    const reply = await owner.call<{ TaskId: string }>(
      'AddWhatsAppSendTask',
      send({ TemplateId: templateId, PhoneNumberId: number.PhoneNumberId, Rows: [['14155550121', 'Cy']] }),
    );
    expect(reply.RetCode).toBe(0);
    const [task] = await waitFor(
      () => server.deps.database.db.select().from(channelTasks).where(eq(channelTasks.taskId, reply.Data.TaskId)),
      (rows) => rows[0]?.submitCount === 1,
    );
    const provider = whatsappProvider(server.deps);
    const again = await provider.submit([
      { key: `${task.id}:0`, phone: '14155550121', body: '', senderId: number.PhoneNumberId },
    ]);
    expect(again[0].accepted).toBe(true);
    expect(await owner.mainBalance()).toBe(BALANCE - WA_CONVERSATION_PRICES.utility);
    // another utility template to the same customer within 24 hours joins the open conversation: no charge
    const joined = await server.deps.database.db.transaction((tx) =>
      openOrJoin(tx, {
        userId: owner.user.id,
        phoneNumberId: number.PhoneNumberId,
        customer: '14155550121',
        category: 'utility',
        now: server.deps.clock.now(),
      }),
    );
    expect(joined.opened).toBe(false);
    expect(await owner.mainBalance()).toBe(BALANCE - WA_CONVERSATION_PRICES.utility);
  }, 60_000);

  it('is free for a utility template inside the customer service window a customer message opened', async () => {
    const owner = await tenant();
    const number = owner.numberEnding('40');
    const ref = {
      wabaId: owner.connected.Account.WabaId,
      phoneNumberId: number.PhoneNumberId,
      displayPhone: number.DisplayPhone,
    };
    const delivery = await deliverSandboxWebhook(
      server.deps,
      inboundMessageBody(ref, '14155550131', 'Di', 'Where is my order?', server.deps.clock.now()),
    );
    expect(delivery.delivered).toBe(true);
    const rows = await server.deps.database.db
      .select()
      .from(waConversations)
      .where(eq(waConversations.userId, owner.user.id));
    expect(rows).toMatchObject([{ category: 'service', direction: 'Received', price: 0 }]);
    const utility = await server.deps.database.db.transaction((tx) =>
      openOrJoin(tx, {
        userId: owner.user.id,
        phoneNumberId: number.PhoneNumberId,
        customer: '14155550131',
        category: 'utility',
        now: server.deps.clock.now(),
      }),
    );
    expect(utility).toMatchObject({ opened: true, row: { price: 0 } });
    const marketing = await server.deps.database.db.transaction((tx) =>
      openOrJoin(tx, {
        userId: owner.user.id,
        phoneNumberId: number.PhoneNumberId,
        customer: '14155550131',
        category: 'marketing',
        now: server.deps.clock.now(),
      }),
    );
    expect(marketing.row.price).toBe(WA_CONVERSATION_PRICES.marketing);
    const records = await owner.call<{ Records: WaRecord[] }>('GetWhatsAppSendRecord', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 3600,
      Direction: 'Received',
    });
    expect(records.Data.Records).toMatchObject([
      { Phone: '14155550131', Category: 'service', Status: 'received', Content: 'Where is my order?' },
    ]);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses a number that cannot send, a template not approved, and more recipients than the tier can ever pace', async () => {
    const owner = await tenant();
    const approved = await owner.template('MARKETING');
    const paused = await owner.template('MARKETING', 'PAUSED', 'paused_one');
    const flagged = await owner.call(
      'AddWhatsAppSendTask',
      send({ TemplateId: approved, PhoneNumberId: owner.numberEnding('17').PhoneNumberId, Phones: ['14155550101'] }),
    );
    expect(flagged, JSON.stringify(flagged)).toMatchObject({ RetCode: RetCode.WaSendNumberCannotSend });
    const notApproved = await owner.call(
      'AddWhatsAppSendTask',
      send({ TemplateId: paused, PhoneNumberId: owner.numberEnding('40').PhoneNumberId, Phones: ['14155550101'] }),
    );
    expect(notApproved.RetCode).toBe(RetCode.WaSendTemplateNotApproved);
    // number 18 is on the 50 tier: 14 days of pacing hold 700
    const phones = Array.from({ length: 701 }, (_, i) => `1415555${String(i).padStart(4, '0')}`);
    const tooMany = await owner.call(
      'AddWhatsAppSendTask',
      send({ TemplateId: approved, PhoneNumberId: owner.numberEnding('18').PhoneNumberId, Phones: phones }),
    );
    expect(tooMany.RetCode).toBe(RetCode.WaSendTierTooSmall);
  }, 60_000);
});

describe('tier pacing', () => {
  it('makes a group wait until the oldest conversations leave the rolling 24 hours', async () => {
    const owner = await tenant();
    const number = owner.numberEnding('18'); // tier 50
    const now = server.deps.clock.now();
    const db = server.deps.database.db;
    const hour = 3_600_000;
    await db.insert(waConversations).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: owner.user.id,
        phoneNumberId: number.PhoneNumberId,
        customer: `1415556${String(i).padStart(4, '0')}`,
        category: 'marketing',
        direction: 'Sent',
        openedAt: new Date(now.getTime() - 20 * hour + i * 1000),
        expiresAt: new Date(now.getTime() + 4 * hour + i * 1000),
        price: 0,
      })),
    );
    const task = { senderId: number.PhoneNumberId, userId: owner.user.id };
    // three more wait for the third-oldest to leave: 4 hours and 2 seconds
    expect(await whatsappChannel.roomWaitMs!(server.deps, task, 3, now)).toBe(4 * hour + 2000);
    // another account's number of the same id is not this one: no tier found, no wait
    expect(await whatsappChannel.roomWaitMs!(server.deps, { ...task, userId: owner.user.id + 100_000 }, 3, now)).toBe(
      0,
    );
  });
});

describe('tenant isolation', () => {
  it('shows another account nothing and lets it send from no number of ours', async () => {
    const owner = await tenant();
    const templateId = await owner.template('MARKETING');
    await owner.call(
      'AddWhatsAppSendTask',
      send({ TemplateId: templateId, PhoneNumberId: owner.numberEnding('40').PhoneNumberId, Phones: ['14155550141'] }),
    );
    const other = await createAccount(server);
    const call = (action: string, input: Record<string, unknown>) => server.call(action, input, other.token);
    const tasks = (await call('GetWhatsAppSendTask', {})) as unknown as { Data: { Total: number } };
    expect(tasks.Data.Total).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    const records = (await call('GetWhatsAppSendRecord', {
      BeginTime: now - 3600,
      EndTime: now + 3600,
    })) as unknown as {
      Data: { Total: number };
    };
    expect(records.Data.Total).toBe(0);
    const stats = (await call('GetWhatsAppSendStatistics', {
      BeginTime: now - 3600,
      EndTime: now + 3600,
    })) as unknown as {
      Data: { Totals: { Submit: number } };
    };
    expect(stats.Data.Totals.Submit).toBe(0);
    const stolen = await call(
      'AddWhatsAppSendTask',
      send({ TemplateId: templateId, PhoneNumberId: owner.numberEnding('40').PhoneNumberId, Phones: ['14155550141'] }),
    );
    expect(stolen.RetCode).toBe(RetCode.WhatsAppAccountMissing);
  }, 60_000);
});
