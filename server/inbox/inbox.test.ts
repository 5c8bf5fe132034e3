import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { telegramPlatform } from '../platforms';
import { sandboxGroups } from '../platforms/telegram/sandbox-rules';
import { pollTelegramInboxes } from './telegram-poll';
import { DAY_MS } from '../clock';
import { inboxMessages, tgGroups } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { inboundMessageBody } from '../platforms/whatsapp/sandbox-webhooks';
import { connectSandboxWhatsApp, postWhatsAppWebhook } from '../whatsapp-send/wa-testkit';
import { INBOX_STATUS } from '../../src/gateway/contract/inbox';

// The smart inbox on the server: Telegram messages from the sandbox Bot API over real HTTP into the inbox
// (once each, whatever the polling), the lifecycle, replies (idempotent, 1000 characters, the windows),
// and tenant isolation.

let server: TestServer;
const token = (id: number) => `${id}:${'Zx9_-'.repeat(7)}`;

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const sandbox = (bot: string, method: string, body: object) =>
  fetch(`${server.deps.config.publicUrl}/sandbox/telegram/bot${bot}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ ok: boolean; result: unknown }>);

const poll = () =>
  pollTelegramInboxes({
    db: server.deps.database.db,
    now: server.deps.clock.now(),
    platform: telegramPlatform(server.deps.config),
  });

async function tenantWithBot(botId: number) {
  const account = await freshTenant(server);
  const client = typedApi(server, { token: account.token });
  const bot = token(botId);
  await client.api('ConnectTGBot', { Token: bot });
  return { ...client, id: account.id, bot, groups: sandboxGroups(bot) };
}

const key = () => `k${crypto.randomUUID().replaceAll('-', '')}`;

describe('Telegram messages into the inbox', () => {
  it('stores each member message once, however often the bots are polled, and counts it unread', async () => {
    const a = await tenantWithBot(810001);
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: a.groups[0].id, text: '你好，想问价格', from_name: 'Li Lei' });
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: a.groups[1].id, text: 'Second question' });
    await Promise.all([poll(), poll()]);
    await poll();
    const list = await a.api('ListInboxMessage', {});
    expect(list.Messages.map((m) => [m.Text, m.SenderName, m.Type, m.ChatTitle])).toEqual([
      ['Second question', 'Sandbox member', 71, 'Sandbox group B'],
      ['你好，想问价格', 'Li Lei', 71, 'Sandbox group A'],
    ]);
    expect((await a.api('GetInboxUnreadCount', {})).Unread).toBe(2);
    // the poll keeps the groups it read too (the real Bot API does not answer a confirmed update again)
    const groups = await server.deps.database.db.select().from(tgGroups).where(eq(tgGroups.userId, a.id));
    expect(groups).toHaveLength(7);
  });

  it('moves messages through the lifecycle and keeps the favorite mark', async () => {
    const a = await tenantWithBot(810002);
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: a.groups[0].id, text: 'Hello' });
    await poll();
    const [message] = (await a.api('ListInboxMessage', {})).Messages;
    const ids = [message.MessageId];
    expect((await a.api('UpdateInboxMessage', { MessageIds: ids, Change: 'review' })).Changed).toBe(1);
    expect((await a.api('UpdateInboxMessage', { MessageIds: ids, Change: 'review' })).Changed).toBe(0);
    await a.api('UpdateInboxMessage', { MessageIds: ids, Change: 'favorite' });
    await a.api('UpdateInboxMessage', { MessageIds: ids, Change: 'archive' });
    expect((await a.api('ListInboxMessage', {})).Total).toBe(0);
    const archived = (await a.api('ListInboxMessage', { View: 'archived' })).Messages[0];
    expect([archived.Status, archived.Favorited]).toEqual([INBOX_STATUS.Archived, true]);
    expect((await a.api('ListInboxMessage', { View: 'favorited' })).Total).toBe(1);
    const refused = await a.reply('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'Hi',
      IdempotencyKey: key(),
    });
    expect(refused.RetCode).toBe(RetCode.InboxMessageArchived);
    await a.api('UpdateInboxMessage', { MessageIds: ids, Change: 'restore' });
    expect((await a.api('GetInboxMessage', { MessageId: message.MessageId })).Message.Status).toBe(
      INBOX_STATUS.Reviewed,
    );
  });

  it('replies once per key through the bot, as a reply in the group, and refuses 1001 characters', async () => {
    const a = await tenantWithBot(810003);
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: a.groups[2].id, text: 'Open on Sunday?' });
    await poll();
    const [message] = (await a.api('ListInboxMessage', {})).Messages;
    const tooLong = await a.reply('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'x'.repeat(1001),
      IdempotencyKey: key(),
    });
    expect(tooLong.RetCode).toBe(RetCode.ValidationError);
    expect((tooLong.Data as unknown as { Fields: { Field: string }[] }).Fields[0].Field).toBe('Text');
    const input = { MessageId: message.MessageId, Text: 'Yes, 10:00 to 16:00.', IdempotencyKey: key() };
    const [first, second] = await Promise.all([a.api('ReplyInboxMessage', input), a.api('ReplyInboxMessage', input)]);
    expect(first.CreateTime).toBe(second.CreateTime);
    const detail = await a.api('GetInboxMessage', { MessageId: message.MessageId });
    expect(detail.Replies.map((r) => [r.Text, r.Result])).toEqual([['Yes, 10:00 to 16:00.', 'sent']]);
    expect(detail.Message.Status).toBe(INBOX_STATUS.Replied);
    const sent = await server.deps.database.db.query.outbox.findMany();
    expect(sent.filter((row) => row.text === 'Yes, 10:00 to 16:00.')).toHaveLength(1);
  });

  it('stores the platform refusal as nothing: a group that blocked the bot keeps the message unanswered', async () => {
    const a = await tenantWithBot(810004);
    const blocked = a.groups.find((g) => g.letter === 'G')!;
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: blocked.id, text: 'Still there?' });
    await poll();
    const [message] = (await a.api('ListInboxMessage', {})).Messages;
    const refused = await a.reply('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'Yes',
      IdempotencyKey: key(),
    });
    expect(refused.RetCode).toBe(RetCode.InboxReplyRefused);
    const detail = await a.api('GetInboxMessage', { MessageId: message.MessageId });
    expect([detail.Replies.length, detail.Message.Status]).toEqual([0, INBOX_STATUS.Unread]);
  });

  it('answers a bot question with a member message, and shows only the last 30 days', async () => {
    const a = await tenantWithBot(810005);
    await sandbox(a.bot, 'sendMessage', { chat_id: a.groups[3].id, text: 'Did you like our new menu?' });
    await poll();
    const [answer] = (await a.api('ListInboxMessage', {})).Messages;
    expect(answer.Text).toContain('Did you like our new menu?');
    const monthAgo = new Date(server.clock.nowMs() - 31 * DAY_MS);
    await server.deps.database.db
      .update(inboxMessages)
      .set({ receivedAt: monthAgo })
      .where(eq(inboxMessages.messageId, answer.MessageId));
    expect((await a.api('ListInboxMessage', {})).Total).toBe(0);
    expect((await a.api('GetInboxUnreadCount', {})).Unread).toBe(0);
  });

  it('never shows or changes another account’s messages', async () => {
    const a = await tenantWithBot(810006);
    const b = await tenantWithBot(810007);
    await sandbox(a.bot, 'sandboxMemberSays', { chat_id: a.groups[0].id, text: 'For A only' });
    await poll();
    const [message] = (await a.api('ListInboxMessage', {})).Messages;
    expect((await b.api('ListInboxMessage', { Search: 'For A only' })).Total).toBe(0);
    for (const [action, input] of [
      ['GetInboxMessage', { MessageId: message.MessageId }],
      ['UpdateInboxMessage', { MessageIds: [message.MessageId], Change: 'archive' }],
      ['ReplyInboxMessage', { MessageId: message.MessageId, Text: 'hi', IdempotencyKey: key() }],
    ] as const)
      expect((await b.reply(action, input as never)).RetCode).toBe(RetCode.NotFound);
    expect((await a.api('GetInboxMessage', { MessageId: message.MessageId })).Message.Status).toBe(INBOX_STATUS.Unread);
  });
});

describe('WhatsApp messages into the inbox', () => {
  async function customerWrites(text: string, ageMs = 0) {
    const account = await freshTenant(server);
    const client = typedApi(server, { token: account.token });
    const { Account, Numbers } = await connectSandboxWhatsApp(server, account.token);
    const number = Numbers.find((n) => n.Status === 'CONNECTED')!;
    const ref = { wabaId: Account.WabaId, phoneNumberId: number.PhoneNumberId, displayPhone: number.DisplayPhone };
    const body = inboundMessageBody(ref, '8613800138000', '王芳', text, new Date(server.clock.nowMs() - ageMs));
    for (let i = 0; i < 2; i++) {
      const delivered = await postWhatsAppWebhook(server, body);
      expect(delivered.status).toBe(200);
    }
    const [message] = (await client.api('ListInboxMessage', { PlatformType: 8 })).Messages;
    return { client, message };
  }

  it('shows a customer message once and answers it inside the 24-hour window as a WhatsApp text', async () => {
    const { client, message } = await customerWrites('还有货吗？');
    expect([message.Type, message.SenderName, message.Text, message.ChatTitle]).toEqual([
      80,
      '王芳',
      '还有货吗？',
      '+8613800138000 → +1 555-010-0018',
    ]);
    expect((await client.api('ListInboxMessage', {})).Total).toBe(1);
    const reply = await client.api('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: '有的，今天发货。',
      IdempotencyKey: key(),
    });
    expect(reply.Result).toBe('sent');
    const sent = await server.deps.database.db.query.outbox.findMany();
    expect(sent.filter((row) => row.channel === 'whatsapp' && row.text === '有的，今天发货。')).toHaveLength(1);
  });

  it('refuses a free-form reply outside the window: nothing stored or sent', async () => {
    const { client, message } = await customerWrites('Hello from yesterday', DAY_MS + 60_000);
    const refused = await client.reply('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'Sorry for the wait',
      IdempotencyKey: key(),
    });
    expect(refused.RetCode).toBe(RetCode.InboxWhatsAppWindow);
    expect((await client.api('GetInboxMessage', { MessageId: message.MessageId })).Replies).toEqual([]);
  });
});
