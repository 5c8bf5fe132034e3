import { and, desc, eq, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern } from '../db/rows';
import { inboxMessages, inboxReplies } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_LIMITS, INBOX_STATUS } from '../../src/gateway/contract/inbox';
import type { InboxMessage, InboxReply, InboxView } from '../../src/gateway/contract/actions/inbox';
import { inboxMessageLifecycle, type InboxMessageEvent } from '../../src/machines/lifecycles/inbox-message.machine';

// The smart inbox's messages (issue 15 item 7, docs/decisions.md "Smart inbox"): what arrives is stored once
// per platform id; every status change goes through the shared lifecycle
// (src/machines/lifecycles/inbox-message.machine.ts).

export type InboxRow = typeof inboxMessages.$inferSelect;
type ReplyRow = typeof inboxReplies.$inferSelect;

/** One message as a platform delivered it. */
export interface ArrivedMessage {
  userId: number;
  platformType: number;
  typeCode: number;
  externalId: string;
  chatId: string;
  chatTitle: string;
  senderName: string;
  text: string;
  receivedAt: Date;
}

/** Stores messages that arrived; one already stored (the same platform id) is left as it is. Answers how many were new. */
export async function storeArrived(db: Db, messages: ArrivedMessage[], now: Date): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insert(inboxMessages)
    .values(
      messages.map((m) => ({
        ...m,
        messageId: newPublicId('IB'),
        status: INBOX_STATUS.Unread,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: [inboxMessages.userId, inboxMessages.platformType, inboxMessages.externalId] })
    .returning({ id: inboxMessages.id });
  return rows.length;
}

export const messageData = (row: InboxRow, assignee: InboxMessage['Assignee']): InboxMessage => ({
  MessageId: row.messageId,
  PlatformType: row.platformType,
  Type: row.typeCode,
  ChatId: row.chatId,
  ChatTitle: row.chatTitle,
  SenderName: row.senderName,
  Text: row.text,
  Status: row.status,
  Favorited: row.favorited,
  ReceivedTime: unix(row.receivedAt),
  RepliedTime: row.repliedAt ? unix(row.repliedAt) : null,
  Assignee: assignee,
});

export const replyData = (row: ReplyRow): InboxReply => ({
  Text: row.text,
  Result: row.result,
  Error: row.error,
  CreateTime: unix(row.createdAt),
});

const DAY_MS = 86_400_000;

/** Spec 001 §9: the inbox covers the last 30 days, X and YouTube comments 7. */
function inWindow(now: Date): SQL {
  const month = new Date(now.getTime() - INBOX_LIMITS.windowDays * DAY_MS);
  const week = new Date(now.getTime() - INBOX_LIMITS.shortWindowDays * DAY_MS);
  return or(
    and(inArray(inboxMessages.typeCode, [41, 51]), gte(inboxMessages.receivedAt, week)),
    and(sql`${inboxMessages.typeCode} NOT IN (41, 51)`, gte(inboxMessages.receivedAt, month)),
  ) as SQL;
}

function viewCondition(view: InboxView): SQL | undefined {
  if (view === 'all') return ne(inboxMessages.status, INBOX_STATUS.Archived);
  if (view === 'favorited') return eq(inboxMessages.favorited, true);
  const status = {
    unread: INBOX_STATUS.Unread,
    reviewed: INBOX_STATUS.Reviewed,
    replied: INBOX_STATUS.Replied,
    archived: INBOX_STATUS.Archived,
  }[view];
  return eq(inboxMessages.status, status);
}

export async function listMessages(
  db: Db,
  userId: number,
  now: Date,
  query: {
    Page: number;
    NumPerPage: number;
    View: InboxView;
    PlatformType?: number;
    Search?: string;
    Assignee?: string;
  },
) {
  const conditions: (SQL | undefined)[] = [eq(inboxMessages.userId, userId), inWindow(now), viewCondition(query.View)];
  if (query.PlatformType !== undefined) conditions.push(eq(inboxMessages.platformType, query.PlatformType));
  if (query.Assignee) conditions.push(assigneeCondition(userId, query.Assignee));
  if (query.Search) {
    const pattern = containsPattern(query.Search);
    conditions.push(
      or(
        ilike(inboxMessages.text, pattern),
        ilike(inboxMessages.senderName, pattern),
        ilike(inboxMessages.chatTitle, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(inboxMessages)
    .where(where);
  const rows = await db
    .select()
    .from(inboxMessages)
    .where(where)
    .orderBy(desc(inboxMessages.receivedAt), desc(inboxMessages.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** 'unassigned', or one teammate of the caller's (another account's TeammateId matches nothing). */
function assigneeCondition(userId: number, assignee: string): SQL {
  if (assignee === 'unassigned') return sql`${inboxMessages.assigneeId} IS NULL`;
  return sql`${inboxMessages.assigneeId} IN (SELECT id FROM inbox_teammates WHERE user_id = ${userId} AND teammate_id = ${assignee})`;
}

export async function unreadCount(db: Db, userId: number, now: Date): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.status, INBOX_STATUS.Unread), inWindow(now)));
  return total;
}

export async function ownedMessage(db: Db, userId: number, messageId: string): Promise<InboxRow> {
  const [row] = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.messageId, messageId)));
  if (!row) throw notFound();
  return row;
}

export async function repliesOf(db: Db, row: InboxRow) {
  return db
    .select()
    .from(inboxReplies)
    .where(eq(inboxReplies.messageId, row.id))
    .orderBy(inboxReplies.createdAt, inboxReplies.id);
}

/**
 * The condition "one of these messages of the account", once every id is found to be the account's:
 * an unknown or foreign id is 230004 before anything changes (a crafted id changes nothing of anyone's).
 */
export async function everyMessageOwned(db: Db, userId: number, messageIds: string[]): Promise<SQL | undefined> {
  const unique = [...new Set(messageIds)];
  const owned = and(eq(inboxMessages.userId, userId), inArray(inboxMessages.messageId, unique));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(inboxMessages)
    .where(owned);
  if (total !== unique.length) throw notFound();
  return owned;
}

export type InboxChange = 'review' | 'markUnread' | 'archive' | 'restore' | 'favorite' | 'unfavorite';

const changeEvent: Record<Exclude<InboxChange, 'favorite' | 'unfavorite'>, InboxMessageEvent['type']> = {
  review: 'message.review',
  markUnread: 'message.markUnread',
  archive: 'message.archive',
  restore: 'message.restore',
};

/**
 * Applies one change to the caller's messages. Opening a list's selection is forgiving: a message the
 * lifecycle does not move (reviewing a replied one) is left as it is; answers how many changed. Messages
 * of another account or unknown ids: 230004, nothing changed.
 */
export async function changeMessages(
  db: Db,
  userId: number,
  messageIds: string[],
  change: InboxChange,
  now: Date,
): Promise<number> {
  const owned = await everyMessageOwned(db, userId, messageIds);
  if (change === 'favorite' || change === 'unfavorite') {
    const favorited = change === 'favorite';
    const rows = await db
      .update(inboxMessages)
      .set({ favorited, updatedAt: now })
      .where(and(owned, ne(inboxMessages.favorited, favorited)))
      .returning({ id: inboxMessages.id });
    return rows.length;
  }
  const rows = await db
    .select({ id: inboxMessages.id, status: inboxMessages.status, repliedAt: inboxMessages.repliedAt })
    .from(inboxMessages)
    .where(owned);
  const moves = new Map<number, number[]>();
  for (const row of rows) {
    // an answered message comes back from the archive as Replied
    const event = change === 'restore' && row.repliedAt ? 'message.restoreAnswered' : changeEvent[change];
    const to = inboxMessageLifecycle.next(row.status, event);
    if (to && to.status !== row.status) moves.set(to.status, [...(moves.get(to.status) ?? []), row.id]);
  }
  let changed = 0;
  for (const [status, ids] of moves) {
    const moved = await db
      .update(inboxMessages)
      .set({ status, updatedAt: now })
      .where(inArray(inboxMessages.id, ids))
      .returning({ id: inboxMessages.id });
    changed += moved.length;
  }
  return changed;
}

/** The message moved by a lifecycle event, or 234001 when it may not move. */
export function nextInboxStatus(status: number, event: InboxMessageEvent['type']): number {
  const next = inboxMessageLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}
