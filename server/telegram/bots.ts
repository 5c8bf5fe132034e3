import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { tgBots, tgGroups } from '../db/schema';
import { ApiError } from '../errors';
import { unix } from '../lib/time';
import type { MessagingPlatform } from '../platforms';
import type { InboundUpdate } from '../platforms/platform';
import type { AuthUser } from '../auth/sessions';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { TG_LIMITS } from '../../src/gateway/contract/telegram';
import type { TgBot, TgChat } from '../../src/gateway/contract/actions/telegram';
import { requestRefusal } from './platform-errors';

// The account's bot and the groups it has seen (docs/decisions.md "Telegram"): one bot per account; a
// group is verified when the bot can read it with getChat; a trial account verifies at most 5 groups
// (spec 001 §9). Connecting another bot forgets the groups of the one before.

type BotRow = typeof tgBots.$inferSelect;
type GroupRow = typeof tgGroups.$inferSelect;

export interface TelegramWork {
  db: Db;
  now: Date;
  platform: MessagingPlatform;
}

export const tokenHint = (token: string) => `${token.split(':')[0]}:…${token.slice(-4)}`;

export const botData = (row: BotRow): TgBot => ({
  BotId: row.botId,
  Username: row.username,
  FirstName: row.firstName,
  TokenHint: tokenHint(row.token),
  CreateTime: unix(row.createdAt),
});

const chatData = (row: GroupRow): TgChat => ({
  ChatId: row.chatId,
  Title: row.title,
  Type: row.type,
  Verified: row.verifiedAt !== null,
});

export async function accountBot(db: Db, userId: number): Promise<BotRow | undefined> {
  const [row] = await db.select().from(tgBots).where(eq(tgBots.userId, userId));
  return row;
}

export async function requireBot(db: Db, userId: number): Promise<BotRow> {
  const row = await accountBot(db, userId);
  if (!row) throw new ApiError(RetCode.TelegramBotMissing);
  return row;
}

/** Asks getMe with the token; stores the bot only when Telegram accepts it. */
export async function connectBot(work: TelegramWork, userId: number, token: string): Promise<BotRow> {
  const account = await work.platform.connect(token).catch((error) => {
    throw requestRefusal(error, 'Token');
  });
  // inboxOffset 0: the inbox reads the (new) bot's updates from its first; a message read again is stored once
  const values = { botId: account.id, username: account.username, firstName: account.name, token, inboxOffset: 0 };
  return work.db.transaction(async (tx) => {
    const before = await accountBot(tx as unknown as Db, userId);
    if (before && before.botId !== account.id) await tx.delete(tgGroups).where(eq(tgGroups.userId, userId));
    const [row] = await tx
      .insert(tgBots)
      .values({ userId, ...values, createdAt: work.now })
      .onConflictDoUpdate({ target: tgBots.userId, set: values })
      .returning();
    return row;
  });
}

/**
 * The groups seen in a bot's updates, added to the account's groups (once each). Both readers of the
 * updates call it: with the real Bot API, updates read once (confirmed by the next offset) are not
 * answered again, so whichever reads a membership first must keep it.
 */
export async function rememberGroups(db: Db, userId: number, updates: InboundUpdate[], now: Date): Promise<void> {
  const seen = new Map(
    updates.filter((u) => u.chat.type === 'group' || u.chat.type === 'supergroup').map((u) => [u.chat.id, u.chat]),
  );
  if (seen.size === 0) return;
  await db
    .insert(tgGroups)
    .values(
      [...seen.values()].map((chat) => ({
        userId,
        chatId: chat.id,
        title: chat.title,
        type: chat.type,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** The chats of the bot's updates, merged into the account's groups, and the account's groups. */
export async function frequentChats(work: TelegramWork, userId: number) {
  const bot = await requireBot(work.db, userId);
  const updates = await work.platform.updates(bot.token).catch((error) => {
    throw requestRefusal(error);
  });
  await rememberGroups(work.db, userId, updates, work.now);
  const rows = await work.db.select().from(tgGroups).where(eq(tgGroups.userId, userId)).orderBy(tgGroups.title);
  return rows.map(chatData);
}

export async function verifiedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tgGroups)
    .where(and(eq(tgGroups.userId, userId), isNotNull(tgGroups.verifiedAt)));
  return row.n;
}

export const maxVerifiedGroups = (user: AuthUser): number | null => (user.upgraded ? null : TG_LIMITS.trialGroups);

/** getChat proves the bot is in the group; a trial account's 6th group is refused before asking. */
export async function verifyGroup(work: TelegramWork, user: AuthUser, chatId: string): Promise<TgChat> {
  const bot = await requireBot(work.db, user.id);
  const [existing] = await work.db
    .select()
    .from(tgGroups)
    .where(and(eq(tgGroups.userId, user.id), eq(tgGroups.chatId, chatId)));
  if (existing?.verifiedAt) return chatData(existing);
  const max = maxVerifiedGroups(user);
  if (max !== null && (await verifiedCount(work.db, user.id)) >= max)
    throw new ApiError(
      RetCode.TelegramTrialGroupLimit,
      {},
      { Fields: [{ Field: 'ChatId', Key: 'validation:tgTrialGroupLimit' }] },
    );
  const chat = await work.platform.chat(bot.token, chatId).catch((error) => {
    throw requestRefusal(error, 'ChatId');
  });
  const values = { title: chat.title, type: chat.type, verifiedAt: work.now };
  const [row] = await work.db
    .insert(tgGroups)
    .values({ userId: user.id, chatId, ...values, createdAt: work.now })
    .onConflictDoUpdate({ target: [tgGroups.userId, tgGroups.chatId], set: values })
    .returning();
  return chatData(row);
}

/** The account's verified groups among these chat ids. */
export async function verifiedGroups(db: Db, userId: number): Promise<GroupRow[]> {
  return db
    .select()
    .from(tgGroups)
    .where(and(eq(tgGroups.userId, userId), isNotNull(tgGroups.verifiedAt)));
}
