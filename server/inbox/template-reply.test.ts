import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedApi } from '../testing/harness';
import { waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import { DAY_MS } from '../clock';
import { inboundMessageBody } from '../platforms/whatsapp/sandbox-webhooks';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_STATUS } from '../../src/gateway/contract/inbox';
import {
  approvedTemplate,
  connectSandboxWhatsApp,
  fundedAccount,
  postWhatsAppWebhook,
  startWaTestServer,
} from '../whatsapp-send/wa-testkit';

// The inbox's template reply (docs/decisions.md "WhatsApp settings and template replies"): outside the
// 24-hour window a free-form reply is refused and an APPROVED template goes as a one-recipient WhatsApp task
// (priced, recorded, sent by the sandbox); the message becomes Replied; retries send once; other accounts
// and other platforms are refused.

let server: SmsTestServer;
const key = () => `k${crypto.randomUUID().replaceAll('-', '')}`;

beforeAll(async () => {
  server = await startWaTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function oldCustomerMessage() {
  const account = await fundedAccount(server);
  const client = typedApi(server, { token: account.token });
  const { Account, Numbers } = await connectSandboxWhatsApp(server, account.token);
  const number = Numbers.find((n) => n.Status === 'CONNECTED')!;
  const ref = { wabaId: Account.WabaId, phoneNumberId: number.PhoneNumberId, displayPhone: number.DisplayPhone };
  const yesterday = new Date(server.clock.nowMs() - DAY_MS - 60_000);
  const delivered = await postWhatsAppWebhook(
    server,
    inboundMessageBody(ref, '8613800138000', '王芳', 'Any news?', yesterday),
  );
  expect(delivered.status).toBe(200);
  const template = await approvedTemplate(
    server,
    { userId: account.id, wabaId: Account.WabaId },
    { name: 'order_update', body: 'Hello {{1}}, your order ships today.' },
  );
  const [message] = (await client.api('ListInboxMessage', { PlatformType: 8 })).Messages;
  return { client, message, templateId: template.templateId };
}

describe('template replies from the inbox', () => {
  it('sends an approved template outside the window as a WhatsApp task; the message becomes Replied', async () => {
    const { client, message, templateId } = await oldCustomerMessage();
    const free = await client.reply('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'Hi',
      IdempotencyKey: key(),
    });
    expect(free.RetCode).toBe(RetCode.InboxWhatsAppWindow);

    const IdempotencyKey = key();
    const input = { MessageId: message.MessageId, TemplateId: templateId, Values: ['王芳'], IdempotencyKey };
    const [first, again] = await Promise.all([
      client.api('SendInboxTemplateReply', input),
      client.api('SendInboxTemplateReply', input),
    ]);
    expect(again.TaskId).toBe(first.TaskId);
    expect(first).toMatchObject({ Text: 'Hello 王芳, your order ships today.', Result: 'sent' });
    const detail = await client.api('GetInboxMessage', { MessageId: message.MessageId });
    expect(detail.Message.Status).toBe(INBOX_STATUS.Replied);
    expect(detail.Replies).toHaveLength(1);

    // one message through the kernel and the sandbox, priced as a utility conversation and recorded
    const sentRows = await waitFor(
      async () =>
        (await server.deps.database.db.query.outbox.findMany()).filter(
          (row) => row.channel === 'whatsapp' && row.text.includes('Hello 王芳, your order ships today.'),
        ),
      (rows) => rows.length > 0,
    );
    expect(sentRows).toHaveLength(1);
    const nowSeconds = Math.floor(server.clock.nowMs() / 1000);
    const records = await client.api('GetWhatsAppSendRecord', {
      BeginTime: nowSeconds - 3600,
      EndTime: nowSeconds + 3600,
      TaskId: first.TaskId,
    });
    expect(records.Records[0]).toMatchObject({ Phone: '8613800138000', Category: 'utility', Direction: 'Sent' });
    expect(records.Records[0].Cost).toBeGreaterThan(0);
  });

  it("refuses another account's message and template, a missing variable, and an archived message", async () => {
    const mine = await oldCustomerMessage();
    const theirs = await oldCustomerMessage();
    const other = await mine.client.reply('SendInboxTemplateReply', {
      MessageId: theirs.message.MessageId,
      TemplateId: mine.templateId,
      Values: ['A'],
      IdempotencyKey: key(),
    });
    expect(other.RetCode).toBe(RetCode.NotFound);
    const otherTemplate = await mine.client.reply('SendInboxTemplateReply', {
      MessageId: mine.message.MessageId,
      TemplateId: theirs.templateId,
      Values: ['A'],
      IdempotencyKey: key(),
    });
    expect(otherTemplate.RetCode).not.toBe(0);
    const missing = await mine.client.reply('SendInboxTemplateReply', {
      MessageId: mine.message.MessageId,
      TemplateId: mine.templateId,
      Values: [],
      IdempotencyKey: key(),
    });
    expect(missing.RetCode).not.toBe(0);
    await mine.client.api('UpdateInboxMessage', { MessageIds: [mine.message.MessageId], Change: 'archive' });
    const archived = await mine.client.reply('SendInboxTemplateReply', {
      MessageId: mine.message.MessageId,
      TemplateId: mine.templateId,
      Values: ['A'],
      IdempotencyKey: key(),
    });
    expect(archived.RetCode).toBe(RetCode.InboxMessageArchived);
    const detail = await mine.client.api('GetInboxMessage', { MessageId: mine.message.MessageId });
    expect(detail.Replies).toEqual([]);
    await expect(server.deps.database.db.query.outbox.findMany()).resolves.not.toContainEqual(
      expect.objectContaining({ text: 'Hello A, your order ships today.' }),
    );
  });
});
