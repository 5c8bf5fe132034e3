import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isUniqueViolation, rowsOf } from '../db/rows';
import { audienceContacts, audienceListMembers, audienceLists } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ContactList } from '../../src/gateway/contract/audience/contact-fields';
import { ApiError, notFound } from '../errors';

// Lists (groups, spec 000 §2 /audience/group): unique names per account, members added at most 500
// at a time (spec 001 §9, checked by the contract).

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

export async function listLists(db: Db, userId: number, listId?: number): Promise<ContactList[]> {
  const rows = await rowsOf<{ id: number; name: string; count: number; created_at: Date; updated_at: Date }>(
    db,
    sql`SELECT l.id, l.name, l.created_at, l.updated_at,
        (SELECT count(*)::int FROM audience_list_members m WHERE m.list_id = l.id) AS count
      FROM audience_lists l WHERE l.user_id = ${userId} ${listId ? sql`AND l.id = ${listId}` : sql``}
      ORDER BY l.created_at DESC, l.id DESC`,
  );
  return rows.map((row) => ({
    ListId: Number(row.id),
    Name: row.name,
    ContactCount: Number(row.count),
    CreateTime: seconds(row.created_at),
    UpdateTime: seconds(row.updated_at),
  }));
}

export async function ownList(db: Db, userId: number, listId: number) {
  const [row] = await db
    .select()
    .from(audienceLists)
    .where(and(eq(audienceLists.id, listId), eq(audienceLists.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function accountListIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ id: audienceLists.id }).from(audienceLists).where(eq(audienceLists.userId, userId));
  return new Set(rows.map((row) => row.id));
}

export async function createList(db: Db, userId: number, name: string, now: Date): Promise<number> {
  try {
    const [row] = await db
      .insert(audienceLists)
      .values({ userId, name, createdAt: now, updatedAt: now })
      .returning({ id: audienceLists.id });
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(RetCode.ListNameExists);
    throw error;
  }
}

export async function renameList(db: Db, userId: number, listId: number, name: string, now: Date) {
  await ownList(db, userId, listId);
  try {
    await db.update(audienceLists).set({ name, updatedAt: now }).where(eq(audienceLists.id, listId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(RetCode.ListNameExists);
    throw error;
  }
}

export async function deleteList(db: Db, userId: number, listId: number) {
  await ownList(db, userId, listId);
  await db.transaction(async (tx) => {
    await tx.delete(audienceListMembers).where(eq(audienceListMembers.listId, listId));
    await tx.delete(audienceLists).where(eq(audienceLists.id, listId));
  });
}

const memberCount = async (db: Db, listId: number) =>
  (
    await db
      .select({ count: sql<number>`count(*)::int` })
      .from(audienceListMembers)
      .where(eq(audienceListMembers.listId, listId))
  )[0].count;

/** Adds the account's own contacts among `contactIds` (others are ignored); answers how many were new. */
export async function addToList(db: Db, userId: number, listId: number, contactIds: number[], now: Date) {
  await ownList(db, userId, listId);
  const own = await db
    .select({ id: audienceContacts.id })
    .from(audienceContacts)
    .where(and(eq(audienceContacts.userId, userId), inArray(audienceContacts.id, contactIds)));
  const added = own.length
    ? await db
        .insert(audienceListMembers)
        .values(own.map((row) => ({ listId, contactId: row.id, addedAt: now })))
        .onConflictDoNothing()
        .returning({ id: audienceListMembers.contactId })
    : [];
  if (added.length) await db.update(audienceLists).set({ updatedAt: now }).where(eq(audienceLists.id, listId));
  return { Added: added.length, ContactCount: await memberCount(db, listId) };
}

export async function removeFromList(db: Db, userId: number, listId: number, contactIds: number[], now: Date) {
  await ownList(db, userId, listId);
  const removed = await db
    .delete(audienceListMembers)
    .where(and(eq(audienceListMembers.listId, listId), inArray(audienceListMembers.contactId, contactIds)))
    .returning({ id: audienceListMembers.contactId });
  if (removed.length) await db.update(audienceLists).set({ updatedAt: now }).where(eq(audienceLists.id, listId));
  return { Removed: removed.length, ContactCount: await memberCount(db, listId) };
}

/** The lists a contact belongs to (the contact page). */
export async function listsOfContact(db: Db, contactId: number) {
  const rows = await db
    .select({ ListId: audienceLists.id, Name: audienceLists.name })
    .from(audienceListMembers)
    .innerJoin(audienceLists, eq(audienceLists.id, audienceListMembers.listId))
    .where(eq(audienceListMembers.contactId, contactId))
    .orderBy(asc(audienceLists.name));
  return rows;
}
