import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { inboxMessages, inboxReplies } from '../db/schema';
import { ApiError } from '../errors';
import { PlatformError, type MessagingPlatform, type SocialPlatforms } from '../platforms';
import { accountBot } from '../telegram/bots';
import type { WhatsAppPlatform } from '../platforms/whatsapp/platform';
import { accountOf } from '../whatsapp/accounts';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_PLATFORM, replyRefusal, SOCIAL_INBOX_TYPES } from '../../src/gateway/contract/inbox';
import { nextInboxStatus, ownedMessage, type InboxRow } from './store';
import { replyOnSocial } from './social-reply';

// Replies from the inbox (docs/decisions.md "Smart inbox"): checked against the reply windows, sent once
// per IdempotencyKey through the platform the message came from, and kept with the platform's answer.

export interface ReplyWork {
  db: Db;
  now: Date;
  telegram: MessagingPlatform;
  whatsapp: () => Promise<WhatsAppPlatform>;
  social: SocialPlatforms;
}

type ReplyRow = typeof inboxReplies.$inferSelect;

const refusalCode = {
  facebookWindow: RetCode.InboxFacebookWindow,
  whatsappWindow: RetCode.InboxWhatsAppWindow,
  archived: RetCode.InboxMessageArchived,
  instagramWindow: RetCode.InboxInstagramWindow,
  commentTooOld: RetCode.InboxCommentTooOld,
} as const;

/** Sends the text through the message's platform; answers the platform's id of the reply. */
async function sendThroughPlatform(
  work: ReplyWork,
  userId: number,
  message: InboxRow,
  text: string,
  replyKey: string,
): Promise<string> {
  if (SOCIAL_INBOX_TYPES[message.platformType])
    return replyOnSocial(work.db, work.social, userId, message, { text, idempotencyKey: replyKey });
  if (message.platformType === INBOX_PLATFORM.WhatsApp) {
    // chat id: the business number the customer wrote to and the customer's wa_id
    const [phoneNumberId, to] = message.chatId.split(':');
    const account = await accountOf(work.db, userId);
    if (!account) throw new ApiError(RetCode.InboxPlatformUnavailable);
    const platform = await work.whatsapp();
    return platform.sendText({ phoneNumberId, token: account.token }, { to, text, replyTo: message.externalId });
  }
  if (message.platformType !== INBOX_PLATFORM.Telegram) throw new ApiError(RetCode.InboxPlatformUnavailable);
  const bot = await accountBot(work.db, userId);
  if (!bot) throw new ApiError(RetCode.InboxPlatformUnavailable);
  const [, messageId] = message.externalId.split(':');
  const sent = await work.telegram.send(bot.token, { chatId: message.chatId, text, replyToMessageId: messageId });
  return String(sent.messageId);
}

function platformRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof PlatformError && error.refusal !== 'unavailable' && error.refusal !== 'rateLimited')
    return new ApiError(RetCode.InboxReplyRefused, { reason: error.description });
  return new ApiError(RetCode.InboxPlatformUnavailable);
}

/**
 * Replies to one of the caller's messages. The same key answers the first attempt's reply (sent, or still
 * sending in another request). A refusal, the window's or the platform's, stores nothing and leaves the
 * message as it was: the console keeps the text for another try.
 */
export async function replyToMessage(
  work: ReplyWork,
  userId: number,
  input: { MessageId: string; Text: string; IdempotencyKey: string },
): Promise<ReplyRow> {
  const { db, now } = work;
  const message = await ownedMessage(db, userId, input.MessageId);
  const [earlier] = await db
    .select()
    .from(inboxReplies)
    .where(and(eq(inboxReplies.userId, userId), eq(inboxReplies.requestKey, input.IdempotencyKey)));
  if (earlier && (earlier.messageId !== message.id || earlier.text !== input.Text))
    throw new ApiError(RetCode.IdempotencyConflict);
  if (earlier) return earlier;

  const refusal = replyRefusal(
    { typeCode: message.typeCode, receivedAtMs: message.receivedAt.getTime(), status: message.status },
    now.getTime(),
  );
  if (refusal) throw new ApiError(refusalCode[refusal]);
  const status = nextInboxStatus(message.status, 'message.reply');

  const [claimed] = await db
    .insert(inboxReplies)
    .values({
      messageId: message.id,
      userId,
      requestKey: input.IdempotencyKey,
      text: input.Text,
      result: 'sending',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    // another request with this key got there first: answer its reply
    const [first] = await db
      .select()
      .from(inboxReplies)
      .where(and(eq(inboxReplies.userId, userId), eq(inboxReplies.requestKey, input.IdempotencyKey)));
    return first;
  }

  let externalId: string;
  try {
    externalId = await sendThroughPlatform(work, userId, message, input.Text, `inbox-reply:${claimed.id}`);
  } catch (error) {
    await db.delete(inboxReplies).where(eq(inboxReplies.id, claimed.id));
    throw platformRefusal(error);
  }
  const [sent] = await db
    .update(inboxReplies)
    .set({ result: 'sent', externalId })
    .where(eq(inboxReplies.id, claimed.id))
    .returning();
  await db
    .update(inboxMessages)
    .set({ status, repliedAt: now, updatedAt: now })
    .where(eq(inboxMessages.id, message.id));
  return sent;
}
