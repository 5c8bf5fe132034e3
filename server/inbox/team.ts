import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { UserContext } from '../context';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/rows';
import { inboxMessages, inboxTeammates } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { queueMail } from '../mail';
import { translate } from '../messages';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_TEAM_LIMIT, type InboxTeammate } from '../../src/gateway/contract/actions/inbox-team';
import type { InboxMessage } from '../../src/gateway/contract/actions/inbox';
import { everyMessageOwned, messageData, type InboxRow } from './store';

// Inbox assignment (docs/decisions.md "Inbox assignment"): the account's roster of teammates (names and
// addresses; Herald has one login per account), messages assigned to one of them or to nobody, and a mail
// with a link to each message newly given to a teammate (the mail queue: SMTP or the sandbox outbox).

type TeammateRow = typeof inboxTeammates.$inferSelect;

const teammateData = (row: TeammateRow): InboxTeammate => ({
  TeammateId: row.teammateId,
  Name: row.name,
  Email: row.email,
  CreateTime: unix(row.createdAt),
});

const fieldRefusal = (name: 'InboxTeammateExists' | 'InboxTeammateUnknown', field: string) =>
  new ApiError(RetCode[name], {}, { Fields: [{ Field: field, Key: `errors:${name}` }] });

export async function listTeammates(db: Db, userId: number): Promise<InboxTeammate[]> {
  const rows = await db
    .select()
    .from(inboxTeammates)
    .where(eq(inboxTeammates.userId, userId))
    .orderBy(asc(inboxTeammates.name), asc(inboxTeammates.id));
  return rows.map(teammateData);
}

/** Adds a teammate; the roster's limit is held under a per-account lock so two tabs cannot pass it. */
export async function addTeammate(
  db: Db,
  userId: number,
  input: { Name: string; Email: string },
  now: Date,
): Promise<InboxTeammate> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`inbox-team:${userId}`}))`);
      const [{ total }] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(inboxTeammates)
        .where(eq(inboxTeammates.userId, userId));
      if (total >= INBOX_TEAM_LIMIT) throw new ApiError(RetCode.InboxTeamFull, { limit: INBOX_TEAM_LIMIT });
      const [row] = await tx
        .insert(inboxTeammates)
        .values({ teammateId: newPublicId('TM'), userId, name: input.Name, email: input.Email, createdAt: now })
        .returning();
      return teammateData(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldRefusal('InboxTeammateExists', 'Email');
    throw error;
  }
}

/** Removes a teammate of the caller's; their messages become unassigned (ON DELETE SET NULL). */
export async function removeTeammate(db: Db, userId: number, teammateId: string): Promise<void> {
  const removed = await db
    .delete(inboxTeammates)
    .where(and(eq(inboxTeammates.userId, userId), eq(inboxTeammates.teammateId, teammateId)))
    .returning({ id: inboxTeammates.id });
  if (removed.length === 0) throw notFound();
}

async function ownedTeammate(db: Db, userId: number, teammateId: string): Promise<TeammateRow> {
  const [row] = await db
    .select()
    .from(inboxTeammates)
    .where(and(eq(inboxTeammates.userId, userId), eq(inboxTeammates.teammateId, teammateId)));
  if (!row) throw fieldRefusal('InboxTeammateUnknown', 'TeammateId');
  return row;
}

/**
 * Assigns the caller's messages to a teammate (or to nobody) and mails the teammate one link per message
 * newly theirs. Unknown or foreign message ids: 230004, nothing changed. Answers how many changed.
 */
export async function assignMessages(
  ctx: Pick<UserContext, 'db' | 'jobs' | 'lang' | 'origin' | 'clock'> & { user: { id: number } },
  messageIds: string[],
  teammateId: string | null,
): Promise<number> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const owned = await everyMessageOwned(db, userId, messageIds);
  const teammate = teammateId ? await ownedTeammate(db, userId, teammateId) : null;
  const changedRows = await db
    .update(inboxMessages)
    .set({ assigneeId: teammate?.id ?? null, updatedAt: ctx.clock.now() })
    .where(
      and(
        owned,
        teammate
          ? or(isNull(inboxMessages.assigneeId), ne(inboxMessages.assigneeId, teammate.id))
          : sql`${inboxMessages.assigneeId} IS NOT NULL`,
      ),
    )
    .returning();
  if (teammate) {
    for (const row of changedRows) {
      const t = (key: string) =>
        translate(`mail:inboxAssigned.${key}`, ctx.lang, {
          name: teammate.name,
          sender: row.senderName || row.chatTitle,
          text: row.text.slice(0, 500),
          link: `${ctx.origin}/mkthub/inbox/detail/${row.messageId}`,
        });
      await queueMail(ctx, {
        to: teammate.email,
        subject: t('subject'),
        text: [t('greeting'), '', t('intro'), '', t('text'), '', t('link')].join('\n'),
      });
    }
  }
  return changedRows.length;
}

/** Messages as the console reads them, each with its assignee's name (one query for the page). */
export async function messagesWithAssignees(db: Db, rows: InboxRow[]): Promise<InboxMessage[]> {
  const ids = [...new Set(rows.map((row) => row.assigneeId).filter((id): id is number => id !== null))];
  const teammates = ids.length ? await db.select().from(inboxTeammates).where(inArray(inboxTeammates.id, ids)) : [];
  const byId = new Map(teammates.map((row) => [row.id, row]));
  return rows.map((row) => {
    const teammate = row.assigneeId === null ? undefined : byId.get(row.assigneeId);
    return messageData(row, teammate ? { TeammateId: teammate.teammateId, Name: teammate.name } : null);
  });
}
