import type { Context, Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { and, asc, eq, gt } from 'drizzle-orm';
import { outbox, sandboxTgUpdates } from '../../db/schema';
import {
  SANDBOX_BLOCKED_GROUP,
  SANDBOX_MEMBER,
  SANDBOX_READ_ONLY_GROUP,
  SANDBOX_UPDATE_BASE,
  sandboxBot,
  sandboxGroups,
  sandboxMemberAnswer,
  sandboxTokenKey,
  type SandboxGroup,
} from './sandbox-rules';

// The sandbox Bot API on the gateway: /sandbox/telegram/bot<token>/<method>, the methods Herald calls
// (getMe, getUpdates, getChat, sendMessage, sendPhoto) with Telegram's answer shape, and its own
// `sandboxMemberSays` (a member writes in a group). What the bot posts
// lands in the outbox (/dev/outbox) as channel "telegram". Rules: sandbox-rules.ts.

type Params = Record<string, unknown>;

const fail = (c: Context, code: number, description: string) =>
  c.json({ ok: false, error_code: code, description }, code as 400);

async function paramsOf(c: Context): Promise<Params> {
  const query = Object.fromEntries(new URL(c.req.url).searchParams) as Params;
  if (c.req.method !== 'POST') return query;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('json')) return { ...query, ...((await c.req.json().catch(() => ({}))) as Params) };
  if (type.includes('form')) return { ...query, ...((await c.req.parseBody()) as Params) };
  return query;
}

const chatJson = (group: SandboxGroup) => ({ id: Number(group.id), title: group.title, type: 'supergroup' });

export function registerTelegramSandbox(app: Hono, deps: ServerDeps): void {
  app.on(['GET', 'POST'], '/sandbox/telegram/:bot/:method', async (c) => {
    const bot = c.req.param('bot');
    const token = bot.startsWith('bot') ? bot.slice(3) : '';
    const me = sandboxBot(token);
    if (!me) return fail(c, 401, 'Unauthorized');
    const params = await paramsOf(c);
    const groups = sandboxGroups(token);
    const groupOf = (chatId: unknown) => groups.find((g) => g.id === String(chatId ?? ''));

    switch (c.req.param('method')) {
      case 'getMe':
        return c.json({
          ok: true,
          result: { id: me.id, is_bot: true, first_name: me.firstName, username: me.username },
        });
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0) || 0;
        const memberships = groups
          .map((group, index) => ({ update_id: index + 1, my_chat_member: { chat: chatJson(group) } }))
          .filter((update) => update.update_id >= offset);
        const said = await deps.database.db
          .select()
          .from(sandboxTgUpdates)
          .where(
            and(
              eq(sandboxTgUpdates.tokenHash, sandboxTokenKey(token)),
              gt(sandboxTgUpdates.id, Math.max(0, offset - SANDBOX_UPDATE_BASE - 1)),
            ),
          )
          .orderBy(asc(sandboxTgUpdates.id))
          .limit(100);
        const messages = said.flatMap((row) => {
          const group = groupOf(row.chatId);
          if (!group) return [];
          const message = {
            message_id: 1_000_000 + row.id,
            date: Math.floor(row.createdAt.getTime() / 1000),
            chat: chatJson(group),
            from: { id: 5_000_000 + row.id, is_bot: false, first_name: row.fromName },
            text: row.text,
            ...(row.replyTo ? { reply_to_message: { message_id: row.replyTo, chat: chatJson(group) } } : {}),
          };
          return [{ update_id: SANDBOX_UPDATE_BASE + row.id, message }];
        });
        return c.json({ ok: true, result: [...memberships, ...messages] });
      }
      case 'sandboxMemberSays': {
        const group = groupOf(params.chat_id);
        if (!group) return fail(c, 400, 'Bad Request: chat not found');
        const text = String(params.text ?? '').trim();
        if (!text) return fail(c, 400, 'Bad Request: message text is empty');
        const fromName = String(params.from_name ?? '').trim() || SANDBOX_MEMBER;
        const [row] = await deps.database.db
          .insert(sandboxTgUpdates)
          .values({ tokenHash: sandboxTokenKey(token), chatId: group.id, fromName, text, createdAt: deps.clock.now() })
          .returning({ id: sandboxTgUpdates.id });
        return c.json({ ok: true, result: { update_id: SANDBOX_UPDATE_BASE + row.id } });
      }
      case 'getChat': {
        const group = groupOf(params.chat_id);
        if (!group) return fail(c, 400, 'Bad Request: chat not found');
        if (group.letter === SANDBOX_BLOCKED_GROUP)
          return fail(c, 403, 'Forbidden: bot was kicked from the supergroup chat');
        return c.json({ ok: true, result: chatJson(group) });
      }
      case 'sendMessage':
      case 'sendPhoto': {
        const photo = c.req.param('method') === 'sendPhoto';
        const group = groupOf(params.chat_id);
        if (!group) return fail(c, 400, 'Bad Request: chat not found');
        if (group.letter === SANDBOX_BLOCKED_GROUP)
          return fail(c, 403, 'Forbidden: bot was kicked from the supergroup chat');
        if (group.letter === SANDBOX_READ_ONLY_GROUP)
          return fail(c, 403, 'Forbidden: not enough rights to send messages to the chat');
        const text = String((photo ? params.caption : params.text) ?? '');
        if (photo && !params.photo) return fail(c, 400, 'Bad Request: there is no photo in the request');
        if (!photo && !text.trim()) return fail(c, 400, 'Bad Request: message text is empty');
        const now = deps.clock.now();
        const [row] = await deps.database.db
          .insert(outbox)
          .values({
            channel: 'telegram',
            to: `${group.title} (${group.id})`,
            subject: `@${me.username}`,
            text: photo ? `${text}\n[photo] ${String(params.photo)}` : text,
            createdAt: now,
          })
          .returning({ id: outbox.id });
        const answer = sandboxMemberAnswer(text);
        if (answer)
          await deps.database.db.insert(sandboxTgUpdates).values({
            tokenHash: sandboxTokenKey(token),
            chatId: group.id,
            fromName: SANDBOX_MEMBER,
            text: answer,
            replyTo: row.id,
            createdAt: now,
          });
        const date = Math.floor(now.getTime() / 1000);
        return c.json({
          ok: true,
          result: { message_id: row.id, date, chat: chatJson(group), ...(photo ? { caption: text } : { text }) },
        });
      }
      default:
        return fail(c, 404, 'Not Found');
    }
  });
}
