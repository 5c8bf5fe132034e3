import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isUniqueViolation, rowsOf } from '../db/rows';
import { audienceContacts, audienceListMembers } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { internationalPhone, type AttributeValue } from '../../src/gateway/contract/audience/rules';
import { hasReachableChannel, type Contact } from '../../src/gateway/contract/audience/contact-fields';
import type { ContactQuery } from '../../src/gateway/contract/actions/audience';
import { ApiError, fieldError, notFound } from '../errors';
import { attributeMap, attributeValuesOf } from './attributes';
import { contactOf, contactRowOf, type ContactRow } from './contact-rows';

// Contacts of an account: every statement filters by user_id, so one tenant never reads another's.

const ORDER_COLUMNS = {
  CreateTime: sql`c.created_at`,
  Email: sql`c.email`,
  Phone: sql`c.phone`,
  FirstName: sql`c.first_name`,
  LastName: sql`c.last_name`,
} as const;

export interface ContactFilter extends ContactQuery {
  /** A segment's compiled condition (segments.ts), when the list is filtered by one. */
  segment?: SQL;
}

export async function queryContacts(
  db: Db,
  userId: number,
  filter: ContactFilter,
): Promise<{ Total: number; Contacts: Contact[] }> {
  const where: SQL[] = [sql`c.user_id = ${userId}`];
  if (filter.Search) {
    const needle = filter.Search.toLowerCase();
    const digits = needle.replace(/^\+/, '');
    where.push(sql`(strpos(coalesce(c.email, ''), ${needle}) > 0 OR starts_with(coalesce(c.phone, ''), ${digits})
      OR starts_with(coalesce(c.whatsapp, ''), ${digits}) OR strpos(lower(c.first_name || ' ' || c.last_name), ${needle}) > 0)`);
  }
  if (filter.Tag) where.push(sql`${filter.Tag} = ANY(c.tags)`);
  if (filter.ListId)
    where.push(
      sql`EXISTS (SELECT 1 FROM audience_list_members m WHERE m.contact_id = c.id AND m.list_id = ${filter.ListId})`,
    );
  if (filter.segment) where.push(filter.segment);
  const condition = sql.join(where, sql` AND `);
  const [{ total }] = await rowsOf<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM audience_contacts c WHERE ${condition}`,
  );
  const direction = filter.OrderType === 'asc' ? sql`ASC` : sql`DESC`;
  const column = ORDER_COLUMNS[filter.OrderBy ?? 'CreateTime'];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT c.* FROM audience_contacts c WHERE ${condition}
      ORDER BY ${column} ${direction} NULLS LAST, c.id ${direction}
      LIMIT ${filter.Limit ?? 100} OFFSET ${filter.Offset ?? 0}`,
  );
  return { Total: total, Contacts: rows.map((row) => contactOf(contactRowOf(row))) };
}

export async function ownContact(db: Db, userId: number, contactId: number): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(audienceContacts)
    .where(and(eq(audienceContacts.id, contactId), eq(audienceContacts.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export interface ContactFields {
  Email: string;
  Phone: string;
  WhatsApp: string;
  FirstName: string;
  LastName: string;
  Tags: string[];
  Attributes: Record<string, AttributeValue>;
  Suppressed: string[];
}

async function rowValues(db: Db, userId: number, input: ContactFields, current?: ContactRow) {
  if (!hasReachableChannel(input)) throw fieldError('Email', 'validation:contactChannelRequired');
  const { set, removed } = attributeValuesOf(input.Attributes, await attributeMap(db, userId));
  const attributes = { ...(current?.attributes ?? {}), ...set };
  for (const key of removed) delete attributes[key];
  return {
    email: input.Email ? input.Email.toLowerCase() : null,
    phone: input.Phone ? internationalPhone(input.Phone) : null,
    whatsapp: input.WhatsApp ? internationalPhone(input.WhatsApp) : null,
    firstName: input.FirstName,
    lastName: input.LastName,
    tags: [...new Set(input.Tags)],
    attributes,
    suppressed: [...new Set(input.Suppressed)],
  };
}

function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError(RetCode.ContactExists);
  throw error;
}

export async function createContact(db: Db, userId: number, input: ContactFields, now: Date): Promise<number> {
  const values = await rowValues(db, userId, input);
  try {
    const [row] = await db
      .insert(audienceContacts)
      .values({ userId, ...values, createdAt: now, updatedAt: now })
      .returning({ id: audienceContacts.id });
    return row.id;
  } catch (error) {
    refuseDuplicate(error);
  }
}

export async function updateContact(db: Db, userId: number, contactId: number, input: ContactFields, now: Date) {
  const current = await ownContact(db, userId, contactId);
  const values = await rowValues(db, userId, input, current);
  try {
    await db
      .update(audienceContacts)
      .set({ ...values, updatedAt: now })
      .where(eq(audienceContacts.id, current.id));
  } catch (error) {
    refuseDuplicate(error);
  }
}

export async function deleteContacts(db: Db, userId: number, contactIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(audienceContacts)
      .where(and(eq(audienceContacts.userId, userId), inArray(audienceContacts.id, contactIds)))
      .returning({ id: audienceContacts.id });
    const ids = deleted.map((row) => row.id);
    if (ids.length) await tx.delete(audienceListMembers).where(inArray(audienceListMembers.contactId, ids));
    return ids.length;
  });
}

export async function tagContacts(
  db: Db,
  userId: number,
  contactIds: number[],
  tags: string[],
  untag: boolean,
  now: Date,
) {
  const change = untag
    ? sql`ARRAY(SELECT t FROM unnest(tags) t WHERE NOT (t = ANY(${sql.param(tags)}::text[])))`
    : sql`ARRAY(SELECT DISTINCT t FROM unnest(tags || ${sql.param(tags)}::text[]) t ORDER BY t)`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE audience_contacts SET tags = ${change}, updated_at = ${now.toISOString()}::timestamptz
      WHERE user_id = ${userId} AND id = ANY(${sql.param(contactIds)}::bigint[]) RETURNING id`,
  );
  return rows.length;
}

/** Spec 000 §7 GetCDPTags: every tag on the account's contacts, sorted. */
export async function accountTags(db: Db, userId: number): Promise<string[]> {
  const rows = await rowsOf<{ tag: string }>(
    db,
    sql`SELECT DISTINCT unnest(tags) AS tag FROM audience_contacts WHERE user_id = ${userId} ORDER BY tag`,
  );
  return rows.map((row) => row.tag);
}
