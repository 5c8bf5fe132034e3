import { PlatformError, type InboundUpdate, type MessagingPlatform, type PlatformChat } from '../platform';

// The Telegram Bot API over HTTP (https://core.telegram.org/bots/api): POST <base>/bot<token>/<method>
// with a JSON body; every answer is {ok, result} or {ok: false, error_code, description}. The base URL is
// TELEGRAM_API_URL (https://api.telegram.org for the real service) or the gateway's sandbox.

interface BotApiReply<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
}
interface BotChat {
  id: number | string;
  title?: string;
  type: string;
  first_name?: string;
}
interface BotMessage {
  message_id: number;
  date: number;
  chat: BotChat;
  from?: { first_name?: string; last_name?: string; username?: string };
  text?: string;
  caption?: string;
}
interface BotUpdate {
  update_id: number;
  message?: BotMessage;
  channel_post?: BotMessage;
  my_chat_member?: { chat: BotChat };
}

export interface TelegramAdapterOptions {
  /** Without a trailing slash: https://api.telegram.org or http://host/sandbox/telegram */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const senderOf = (message: BotMessage): string | undefined => {
  const name = [message.from?.first_name, message.from?.last_name].filter(Boolean).join(' ');
  return name || message.from?.username || undefined;
};

const chatOf = (chat: BotChat): PlatformChat => ({
  id: String(chat.id),
  title: chat.title ?? chat.first_name ?? String(chat.id),
  type: chat.type,
});

function refusalOf(status: number, description: string): PlatformError {
  if (status === 401) return new PlatformError('unauthorized', description);
  if (status === 403) return new PlatformError('forbidden', description);
  if (status === 429) return new PlatformError('rateLimited', description);
  if (status === 400 && /not found/i.test(description)) return new PlatformError('notFound', description);
  if (status === 400) return new PlatformError('badRequest', description);
  return new PlatformError('unavailable', description || `HTTP ${status}`);
}

export function telegramAdapter(options: TelegramAdapterOptions): MessagingPlatform {
  const doFetch = options.fetch ?? fetch;
  async function call<T>(token: string, method: string, params: object = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PlatformError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const reply = (await response.json().catch(() => null)) as BotApiReply<T> | null;
    if (reply?.ok && reply.result !== undefined) return reply.result;
    throw refusalOf(reply?.error_code ?? response.status, reply?.description ?? '');
  }

  return {
    kind: 'telegram',
    async connect(token) {
      const me = await call<{ id: number; first_name: string; username?: string }>(token, 'getMe');
      return { id: String(me.id), name: me.first_name, username: me.username ?? '' };
    },
    async updates(token, offset) {
      const updates = await call<BotUpdate[]>(token, 'getUpdates', offset === undefined ? {} : { offset });
      return updates.flatMap((update): InboundUpdate[] => {
        const message = update.message ?? update.channel_post;
        if (message)
          return [
            {
              updateId: update.update_id,
              kind: 'message',
              chat: chatOf(message.chat),
              text: message.text ?? message.caption,
              messageId: String(message.message_id),
              senderName: senderOf(message),
              date: message.date,
            },
          ];
        if (update.my_chat_member)
          return [{ updateId: update.update_id, kind: 'membership', chat: chatOf(update.my_chat_member.chat) }];
        return [];
      });
    },
    async chat(token, chatId) {
      return chatOf(await call<BotChat>(token, 'getChat', { chat_id: chatId }));
    },
    async send(token, post) {
      const reply = post.replyToMessageId
        ? { reply_parameters: { message_id: Number(post.replyToMessageId), allow_sending_without_reply: true } }
        : {};
      const sent = post.imageUrl
        ? await call<{ message_id: number }>(token, 'sendPhoto', {
            chat_id: post.chatId,
            photo: post.imageUrl,
            caption: post.text,
            ...reply,
          })
        : await call<{ message_id: number }>(token, 'sendMessage', { chat_id: post.chatId, text: post.text, ...reply });
      return { messageId: sent.message_id };
    },
  };
}
