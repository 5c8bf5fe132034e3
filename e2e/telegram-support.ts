import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoToken } from './sms-support';
import { api, inboxMessageWith } from './support';

// Telegram helpers: sandbox bot tokens (docs/decisions.md "Telegram sandbox") and real PNG files.

/** A sandbox Bot API token for a bot id (digits, a colon, 35 characters). */
export const sandboxToken = (botId: number) => `${botId}:${'Ab3_-'.repeat(7)}`;

/** A decodable greyscale PNG of width × height pixels. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 180)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo account with a sandbox bot and its groups A and B verified; answers their ids. */
export async function demoWithGroups(request: APIRequestContext, botId: number) {
  const token = await demoToken(request);
  await api(request, 'ConnectTGBot', { Token: sandboxToken(botId) }, token);
  const { Chats } = await api<{ Chats: { ChatId: string; Title: string }[] }>(
    request,
    'GetSMMTGFrequentChatId',
    {},
    token,
  );
  const groups = Chats.filter((chat) => /^Sandbox group [AB]$/.test(chat.Title));
  for (const group of groups) await api(request, 'VerifyTGGroup', { ChatId: group.ChatId }, token);
  return { token, groups };
}

/** The demo account with a sandbox bot whose group A member just wrote `text`; answers the message's id once it is in the inbox. */
export async function demoInboxMessage(request: APIRequestContext, botId: number, text: string) {
  const token = await demoToken(request);
  const bot = sandboxToken(botId);
  await api(request, 'ConnectTGBot', { Token: bot }, token);
  const { Chats } = await api<{ Chats: { ChatId: string; Title: string }[] }>(
    request,
    'GetSMMTGFrequentChatId',
    {},
    token,
  );
  const group = Chats.find((chat) => chat.Title === 'Sandbox group A')!;
  await memberSays(request, bot, group.ChatId, text);
  const messageId = await inboxMessageWith(request, token, text);
  return { token, bot, group, messageId };
}

/** A sandbox group member writes (the sandbox's own `sandboxMemberSays`, docs/decisions.md "Smart inbox"). */
export async function memberSays(request: APIRequestContext, bot: string, chatId: string, text: string, from?: string) {
  const reply = await request.post(`/sandbox/telegram/bot${bot}/sandboxMemberSays`, {
    data: { chat_id: chatId, text, ...(from ? { from_name: from } : {}) },
  });
  expect(reply.ok()).toBe(true);
}
