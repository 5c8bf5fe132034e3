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

type OrderBy = keyof typeof ORDER_COLUMNS;

/** The sort columns; `cast` reads a cursor's text value back, `nullable` columns sort their empties last. */
const ORDER_COLUMNS = {
  CreateTime: { column: sql`c.created_at`, cast: sql`timestamptz`, nullable: false },
  Email: { column: sql`c.email`, cast: sql`text`, nullable: true },
  Phone: { column: sql`c.phone`, cast: sql`text`, nullable: true },
  FirstName: { column: sql`c.first_name`, cast: sql`text`, nullable: false },
  LastName: { column: sql`c.last_name`, cast: sql`text`, nullable: false },
} as const;

export interface ContactFilter extends ContactQuery {
  /** A segment's compiled condition (segments.ts), when the list is filtered by one. */
  segment?: SQL;
}

/** A position in a list's order: the sort value (as text, null for an empty one) and the contact id. */
interface ContactCursor {
  orderBy: OrderBy;
  value: string | null;
  id: number;
}

export function encodeContactCursor(cursor: ContactCursor): string {
  return Buffer.from(JSON.stringify([cursor.orderBy, cursor.value, cursor.id])).toString('base64url');
}

/** A timestamptz as PostgreSQL writes it (ISO DateStyle), so a made-up value is refused, not a 5xx. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function cursorValueFits(orderBy: OrderBy, value: unknown): value is string | null {
  if (value === null) return ORDER_COLUMNS[orderBy].nullable;
  if (typeof value !== 'string' || value.includes('\0')) return false;
  return orderBy !== 'CreateTime' || TIMESTAMP_TEXT.test(value);
}

function decodeContactCursor(text: string, orderBy: OrderBy, field: string): ContactCursor {
  try {
    const [order, value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (order === orderBy && cursorValueFits(orderBy, value) && Number.isSafeInteger(id))
      return { orderBy, value, id: id as number };
  } catch {
    // falls through to the field error
  }
  throw fieldError(field, 'validation:cursorInvalid');
}

/**
 * Rows strictly after `cursor` when scanning in `ascending` order with empty values first or last.
 * Not-null columns compare as a row, so the (user_id, created_at, id) index seeks straight to the page.
 */
function seek(orderBy: OrderBy, cursor: ContactCursor, ascending: boolean, nullsFirst: boolean): SQL {
  const { column, cast, nullable } = ORDER_COLUMNS[orderBy];
  const cmp = sql.raw(ascending ? '>' : '<');
  if (!nullable) return sql`(${column}, c.id) ${cmp} (${cursor.value}::${cast}, ${cursor.id}::bigint)`;
  if (cursor.value === null)
    return nullsFirst
      ? sql`(${column} IS NOT NULL OR c.id ${cmp} ${cursor.id})`
      : sql`(${column} IS NULL AND c.id ${cmp} ${cursor.id})`;
  const value = sql`${cursor.value}::${cast}`;
  const base = sql`(${column} ${cmp} ${value} OR (${column} = ${value} AND c.id ${cmp} ${cursor.id}))`;
  return nullsFirst ? base : sql`(${base} OR ${column} IS NULL)`;
}

/**
 * A page of an account's contacts. Offset paging for short jumps, keyset paging (After/Before, the
 * cursors of a reply's last and first rows) for the next and previous page at any depth, and FromEnd
 * (the order reversed, then the rows turned back) so the last pages of a million cost what the first do.
 * The count is skipped when the caller already has it (CountTotal false).
 */
export async function queryContacts(
  db: Db,
  userId: number,
  filter: ContactFilter,
): Promise<{ Total: number; Contacts: Contact[]; Next: string; Previous: string }> {
  const orderBy: OrderBy = filter.OrderBy ?? 'CreateTime';
  if (filter.After && filter.Before) throw fieldError('Before', 'validation:cursorInvalid');
  const after = filter.After ? decodeContactCursor(filter.After, orderBy, 'After') : undefined;
  const before = filter.Before ? decodeContactCursor(filter.Before, orderBy, 'Before') : undefined;
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
  const total =
    filter.CountTotal === false
      ? -1
      : (
          await rowsOf<{ total: number }>(
            db,
            sql`SELECT count(*)::int AS total FROM audience_contacts c WHERE ${condition}`,
          )
        )[0].total;

  // The list's order is ascending or descending with empty values last; a backward scan (Before,
  // FromEnd) reads it reversed, so its empty values come first.
  const listAscending = filter.OrderType === 'asc';
  const backward = Boolean(before || filter.FromEnd);
  const ascending = backward ? !listAscending : listAscending;
  const nullsFirst = backward;
  const seekWhere = [condition];
  if (after) seekWhere.push(seek(orderBy, after, listAscending, false));
  if (before) seekWhere.push(seek(orderBy, before, !listAscending, true));
  const { column, nullable } = ORDER_COLUMNS[orderBy];
  const direction = sql.raw(ascending ? 'ASC' : 'DESC');
  const nulls = nullable ? sql.raw(nullsFirst ? 'NULLS FIRST' : 'NULLS LAST') : sql``;
  const order = sql`ORDER BY ${column} ${direction} ${nulls}, c.id ${direction}`;
  // The page's ids first (an index-only scan skips the offset without reading rows), then their rows.
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT c.*, p.sort_key FROM (SELECT c.id, ${column}::text AS sort_key FROM audience_contacts c
        WHERE ${sql.join(seekWhere, sql` AND `)} ${order}
        LIMIT ${filter.Limit ?? 100} OFFSET ${filter.Offset ?? 0}) p
      JOIN audience_contacts c ON c.id = p.id ${order}`,
  );
  if (backward) rows.reverse();
  const cursorAt = (row: Record<string, unknown> | undefined) =>
    row ? encodeContactCursor({ orderBy, value: row.sort_key as string | null, id: Number(row.id) }) : '';
  return {
    Total: total,
    Contacts: rows.map((row) => contactOf(contactRowOf(row))),
    Next: cursorAt(rows[rows.length - 1]),
    Previous: cursorAt(rows[0]),
  };
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
