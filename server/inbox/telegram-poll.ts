import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { tgBots } from '../db/schema';
import type { MessagingPlatform } from '../platforms';
import { INBOX_PLATFORM } from '../../src/gateway/contract/inbox';
import { storeArrived, type ArrivedMessage } from './store';
import { rememberGroups } from '../telegram/bots';

// Telegram messages into the inbox (docs/decisions.md "Smart inbox"): each connected bot's updates are read
// with getUpdates from the offset after the last one stored, the Bot API's long-polling delivery. Group
// messages are type 71, private chats 70. A message arrives once (stored by chat and message id), so two
// workers polling the same bot at once store it once; the offset only moves forward.

export interface PollWork {
  db: Db;
  now: Date;
  platform: MessagingPlatform;
}

type BotRow = typeof tgBots.$inferSelect;

/** Reads one bot's new updates into its account's inbox; answers how many messages were new. */
export async function pollBot(work: PollWork, bot: BotRow): Promise<number> {
  const updates = await work.platform.updates(bot.token, bot.inboxOffset + 1);
  if (updates.length === 0) return 0;
  const messages: ArrivedMessage[] = updates.flatMap((update) => {
    if (update.kind !== 'message' || !update.messageId || !update.text) return [];
    const group = update.chat.type === 'group' || update.chat.type === 'supergroup';
    return [
      {
        userId: bot.userId,
        platformType: INBOX_PLATFORM.Telegram,
        typeCode: group ? 71 : 70,
        externalId: `${update.chat.id}:${update.messageId}`,
        chatId: update.chat.id,
        chatTitle: update.chat.title,
        senderName: update.senderName ?? '',
        text: update.text,
        receivedAt: update.date ? new Date(update.date * 1000) : work.now,
      },
    ];
  });
  const stored = await storeArrived(work.db, messages, work.now);
  // the groups it joined too: a membership read here is not answered again by the real Bot API
  await rememberGroups(work.db, bot.userId, updates, work.now);
  const last = Math.max(...updates.map((u) => u.updateId));
  await work.db
    .update(tgBots)
    .set({ inboxOffset: sql`greatest(${tgBots.inboxOffset}, ${last})` })
    .where(eq(tgBots.userId, bot.userId));
  return stored;
}

/** Polls every connected bot (one refusing, a revoked token, does not stop the others). */
export async function pollTelegramInboxes(work: PollWork): Promise<number> {
  const bots = await work.db.select().from(tgBots);
  let stored = 0;
  for (const bot of bots) {
    try {
      stored += await pollBot(work, bot);
    } catch (error) {
      console.warn('[inbox] telegram poll', bot.botId, error instanceof Error ? error.message : error);
    }
  }
  return stored;
}
