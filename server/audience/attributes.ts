import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/rows';
import { audienceAttributes } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  ATTRIBUTE_TYPE,
  ATTRIBUTES_MAX,
  parseAttributeValue,
  type AttributeType,
  type AttributeValue,
} from '../../src/gateway/contract/audience/rules';
import type { ContactAttribute } from '../../src/gateway/contract/audience/contact-fields';
import type { ImportAttribute } from '../../src/gateway/contract/audience/import-rules';
import { ApiError, fieldError, notFound } from '../errors';

// Custom contact attributes (spec 001 §3): a name (letters, digits, underscore, not a digit first) and
// a type that never changes once made, since stored values and segments rely on it.

type AttributeRow = typeof audienceAttributes.$inferSelect;

export const attributeOf = (row: AttributeRow): ContactAttribute => ({
  AttributeId: row.id,
  Name: row.name,
  Type: row.type as AttributeType,
  Source: row.source,
  Values: row.categoryValues,
  CreateTime: Math.floor(row.createdAt.getTime() / 1000),
});

export async function listAttributes(db: Db, userId: number): Promise<AttributeRow[]> {
  return db
    .select()
    .from(audienceAttributes)
    .where(eq(audienceAttributes.userId, userId))
    .orderBy(asc(audienceAttributes.id));
}

/** The account's attributes as the import and the value checks use them. */
export async function attributeMap(db: Db, userId: number): Promise<Map<number, ImportAttribute>> {
  const rows = await listAttributes(db, userId);
  return new Map(rows.map((row) => [row.id, { type: row.type as AttributeType, values: row.categoryValues }]));
}

function checkValues(type: number, values: string[]): string[] {
  if (type !== ATTRIBUTE_TYPE.Category) return [];
  if (values.length === 0) throw fieldError('Values', 'validation:categoryValuesRequired');
  if (new Set(values).size !== values.length) throw fieldError('Values', 'validation:categoryValuesRepeat');
  return values;
}

export async function createAttribute(
  db: Db,
  userId: number,
  input: { Name: string; Type: number; Source: 'contact' | 'sampling'; Values: string[] },
  now: Date,
): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(audienceAttributes)
    .where(eq(audienceAttributes.userId, userId));
  if (total >= ATTRIBUTES_MAX) throw fieldError('Name', 'validation:tooManyAttributes');
  const categoryValues = checkValues(input.Type, input.Values);
  try {
    const [row] = await db
      .insert(audienceAttributes)
      .values({ userId, name: input.Name, type: input.Type, source: input.Source, categoryValues, createdAt: now })
      .returning({ id: audienceAttributes.id });
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(RetCode.AttributeNameExists);
    throw error;
  }
}

export async function ownAttribute(db: Db, userId: number, attributeId: number): Promise<AttributeRow> {
  const [row] = await db
    .select()
    .from(audienceAttributes)
    .where(and(eq(audienceAttributes.id, attributeId), eq(audienceAttributes.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function updateAttribute(
  db: Db,
  userId: number,
  input: { AttributeId: number; Name: string; Values: string[] },
): Promise<void> {
  const row = await ownAttribute(db, userId, input.AttributeId);
  const categoryValues = checkValues(row.type, input.Values);
  try {
    await db
      .update(audienceAttributes)
      .set({ name: input.Name, categoryValues })
      .where(eq(audienceAttributes.id, row.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(RetCode.AttributeNameExists);
    throw error;
  }
}

/** Deletes the attribute and its values on every contact of the account. */
export async function deleteAttribute(db: Db, userId: number, attributeId: number): Promise<void> {
  const row = await ownAttribute(db, userId, attributeId);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE audience_contacts SET attributes = attributes - ${String(row.id)} WHERE user_id = ${userId} AND attributes ? ${String(row.id)}`,
    );
    await tx.delete(audienceAttributes).where(eq(audienceAttributes.id, row.id));
  });
}

/** Typed values of a contact form, checked against the account's attributes; '' removes a value. */
export function attributeValuesOf(
  input: Record<string, AttributeValue>,
  attributes: ReadonlyMap<number, ImportAttribute>,
): { set: Record<string, AttributeValue>; removed: string[] } {
  const set: Record<string, AttributeValue> = {};
  const removed: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const attribute = attributes.get(Number(key));
    if (!attribute) throw fieldError(`Attributes.${key}`, 'validation:attributeUnknown');
    if (value === '') {
      removed.push(key);
      continue;
    }
    const parsed = parseAttributeValue(String(value), attribute.type, attribute.values);
    if ('error' in parsed) throw fieldError(`Attributes.${key}`, parsed.error);
    set[key] = parsed.value;
  }
  return { set, removed };
}
