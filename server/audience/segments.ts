import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { audienceSegments } from '../db/schema';
import type { AttributeType } from '../../src/gateway/contract/audience/rules';
import type { SegmentRules } from '../../src/gateway/contract/audience/segments';
import { notFound } from '../errors';
import { listAttributes } from './attributes';
import { accountListIds } from './lists';
import { checkSegmentRules, segmentWhere, type SegmentContext } from './segment-sql';

// Saved segments and their counts. A segment is rules, not members: it is evaluated when asked.

export async function segmentContext(db: Db, userId: number, now: Date): Promise<SegmentContext> {
  const attributes = await listAttributes(db, userId);
  return {
    attributeTypes: new Map(attributes.map((row) => [row.id, row.type as AttributeType])),
    listIds: await accountListIds(db, userId),
    now,
  };
}

/** The rules as one SQL condition over `c`, after refusing attributes or lists of another account. */
export async function compileSegment(db: Db, userId: number, rules: SegmentRules, now: Date) {
  const context = await segmentContext(db, userId, now);
  checkSegmentRules(rules, context);
  return segmentWhere(rules, context);
}

export async function countSegment(db: Db, userId: number, rules: SegmentRules, now: Date) {
  const where = await compileSegment(db, userId, rules, now);
  // Two counts, not one scan with count(*) FILTER (WHERE …): in a WHERE clause the planner can turn a channel
  // condition's EXISTS into a semi-join and use the tags index, where a FILTER evaluates every condition on
  // every contact, the EXISTS as one index probe per contact (docs/decisions.md "Segment count at a million").
  const [row] = await rowsOf<{ count: number; total: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM audience_contacts c WHERE c.user_id = ${userId} AND ${where})::int AS count,
      (SELECT count(*) FROM audience_contacts c WHERE c.user_id = ${userId})::int AS total`,
  );
  return { Count: row.count, Total: row.total };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const segmentOf = (row: typeof audienceSegments.$inferSelect) => ({
  SegmentId: row.id,
  Name: row.name,
  Rules: row.rules,
  CreateTime: seconds(row.createdAt),
  UpdateTime: seconds(row.updatedAt),
});

export async function listSegments(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(audienceSegments)
    .where(eq(audienceSegments.userId, userId))
    .orderBy(desc(audienceSegments.updatedAt), desc(audienceSegments.id));
  return rows.map(segmentOf);
}

export async function ownSegment(db: Db, userId: number, segmentId: number) {
  const [row] = await db
    .select()
    .from(audienceSegments)
    .where(and(eq(audienceSegments.id, segmentId), eq(audienceSegments.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function saveSegment(
  db: Db,
  userId: number,
  input: { SegmentId?: number; Name: string; Rules: SegmentRules },
  now: Date,
): Promise<number> {
  checkSegmentRules(input.Rules, await segmentContext(db, userId, now));
  if (input.SegmentId) {
    await ownSegment(db, userId, input.SegmentId);
    await db
      .update(audienceSegments)
      .set({ name: input.Name, rules: input.Rules, updatedAt: now })
      .where(eq(audienceSegments.id, input.SegmentId));
    return input.SegmentId;
  }
  const [row] = await db
    .insert(audienceSegments)
    .values({ userId, name: input.Name, rules: input.Rules, createdAt: now, updatedAt: now })
    .returning({ id: audienceSegments.id });
  return row.id;
}

export async function deleteSegment(db: Db, userId: number, segmentId: number) {
  await ownSegment(db, userId, segmentId);
  await db.delete(audienceSegments).where(eq(audienceSegments.id, segmentId));
}
