import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../testing/harness';
import { rowsOf } from '../db/rows';
import { addRecord, audienceTenant, createAudienceTestServer, recordsTask } from './testkit';
import { countSegment, segmentContext } from './segments';
import { segmentWhere } from './segment-sql';
import type { SegmentCondition, SegmentRules } from '../../src/gateway/contract/audience/segments';
import { referenceContact, referenceMatches, type ReferenceContact } from './segment-reference';

// Spec 001 §3 operators: the SQL the server runs must select exactly the contacts a plain TypeScript
// evaluation selects, for random contacts (with lists, SMS and e-mail records) and random AND/OR rules.

let server: TestServer;
let tenant: Awaited<ReturnType<typeof audienceTenant>>;
let attributeIds: { number: number; text: number; boolean: number; category: number; date: number };
let listIds: number[];
/** One task per channel the segment sources read: their records are the contacts' messages. */
let taskIds: { sms: number; email: number };
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createAudienceTestServer();
  tenant = await audienceTenant(server);
  const make = async (Name: string, Type: 1 | 2 | 3 | 4 | 5, Values: string[] = []) =>
    (await tenant.api('CreateContactAttribute', { Name, Type, Values })).AttributeId;
  attributeIds = {
    number: await make('score', 1),
    text: await make('city', 2),
    boolean: await make('vip', 3),
    category: await make('plan', 4, ['gold', 'silver', 'free']),
    date: await make('birthday', 5),
  };
  listIds = [
    (await tenant.api('CreateContactList', { Name: 'one' })).ListId,
    (await tenant.api('CreateContactList', { Name: 'two' })).ListId,
  ];
  taskIds = {
    sms: await recordsTask(server, tenant.id, 'sms'),
    email: await recordsTask(server, tenant.id, 'email'),
  };
}, 120_000);
afterAll(async () => server?.close());

const text = fc.constantFrom('', 'a', 'ab', 'B', 'ba', 'x.io', 'c1');
const day = (now: number) =>
  fc.integer({ min: -400, max: 30 }).map((d) => new Date(now - d * DAY - 3_600_000).toISOString().slice(0, 10));

function contactArb(now: number) {
  return fc.record({
    hasEmail: fc.boolean(),
    hasPhone: fc.boolean(),
    firstName: fc.stringMatching(/^[abAB]{0,3}$/),
    lastName: fc.constantFrom('', 'li', 'Lee'),
    tags: fc.uniqueArray(fc.constantFrom('vip', 'spring', 'old'), { maxLength: 3 }),
    createdDaysAgo: fc.integer({ min: 0, max: 400 * 24 }).map((h) => new Date(now - h * 3_600_000)),
    score: fc.option(
      fc.integer({ min: -4, max: 8 }).map((n) => n / 2),
      { nil: undefined },
    ),
    city: fc.option(fc.constantFrom('a', 'Ab', 'bab', 'x.io'), { nil: undefined }),
    vip: fc.option(fc.boolean(), { nil: undefined }),
    plan: fc.option(fc.constantFrom('gold', 'silver', 'free'), { nil: undefined }),
    birthday: fc.option(day(now), { nil: undefined }),
    lists: fc.subarray([0, 1]),
    records: fc.array(
      fc.record({
        channel: fc.constantFrom('sms' as const, 'email' as const),
        state: fc.constantFrom(0, 2, 3, 4, 5, 6, 7),
        hoursAgo: fc.integer({ min: 0, max: 2400 }),
      }),
      {
        maxLength: 3,
      },
    ),
  });
}

function conditionArb(): fc.Arbitrary<SegmentCondition> {
  const amount = fc.integer({ min: 1, max: 14 });
  const unit = fc.constantFrom('day' as const, 'week' as const, 'month' as const);
  const dateOps = (base: Partial<SegmentCondition>) =>
    fc
      .oneof(
        fc.record({ Operator: fc.constantFrom('inTheLast' as const, 'moreThan' as const), Amount: amount, Unit: unit }),
        fc.record({ a: amount, b: amount, Unit: unit }).map(({ a, b, Unit }) => ({
          Operator: 'betweenPastDates' as const,
          Amount: Math.max(a, b),
          Amount2: Math.min(a, b),
          Unit,
        })),
        fc.tuple(fc.integer({ min: -400, max: 10 }), fc.integer({ min: 0, max: 200 })).map(([from, length]) => ({
          Operator: 'fixedPeriod' as const,
          From: new Date(server.clock.now().getTime() - (from + length) * DAY).toISOString().slice(0, 10),
          To: new Date(server.clock.now().getTime() - from * DAY).toISOString().slice(0, 10),
        })),
        fc.record({ Operator: fc.constantFrom('isEmpty' as const, 'hasAnyValue' as const) }),
      )
      .map((ops) => ({ ...base, ...ops }) as SegmentCondition);
  const textOps = (base: Partial<SegmentCondition>) =>
    fc
      .record({
        Operator: fc.constantFrom(
          'equals',
          'notEquals',
          'contains',
          'notContains',
          'startsWith',
          'isEmpty',
          'hasAnyValue',
        ),
        Value: text.filter((v) => v !== ''),
      })
      .map((ops) => ({ ...base, ...ops }) as SegmentCondition);
  return fc.oneof(
    fc
      .constantFrom('email', 'phone', 'whatsapp', 'firstName', 'lastName')
      .chain((Field) => textOps({ Source: 1, Field })),
    fc
      .record({
        Operator: fc.constantFrom('hasTag', 'hasNotTag', 'isEmpty', 'hasAnyValue'),
        Value: fc.constantFrom('vip', 'old'),
      })
      .map((ops) => ({ Source: 1, Field: 'tags', ...ops }) as SegmentCondition),
    dateOps({ Source: 1, Field: 'createdAt' }),
    fc.constant(null).chain(() => textOps({ Source: 2, AttributeId: attributeIds.text })),
    fc
      .record({
        Operator: fc.constantFrom(
          'equals',
          'notEquals',
          'greaterThan',
          'lessThan',
          'isBetween',
          'isEmpty',
          'hasAnyValue',
        ),
        n: fc.integer({ min: -4, max: 8 }),
        m: fc.integer({ min: -4, max: 8 }),
      })
      .map(({ Operator, n, m }) => ({
        Source: 2,
        AttributeId: attributeIds.number,
        Operator,
        Number: Math.min(n, m) / 2,
        Number2: Math.max(n, m) / 2,
      })) as fc.Arbitrary<SegmentCondition>,
    fc
      .constantFrom('isTrue', 'isFalse', 'isEmpty', 'hasAnyValue')
      .map((Operator) => ({ Source: 2, AttributeId: attributeIds.boolean, Operator }) as SegmentCondition),
    fc
      .record({
        Operator: fc.constantFrom('isAnyOf', 'isNoneOf', 'isEmpty', 'hasAnyValue'),
        Values: fc.uniqueArray(fc.constantFrom('gold', 'silver', 'free'), { minLength: 1, maxLength: 2 }),
      })
      .map((ops) => ({ Source: 2, AttributeId: attributeIds.category, ...ops }) as SegmentCondition),
    fc.constant(null).chain(() => dateOps({ Source: 2, AttributeId: attributeIds.date })),
    fc
      .record({
        Operator: fc.constantFrom('memberOf', 'notMemberOf', 'memberOfNoList', 'memberOfAnyList'),
        list: fc.constantFrom(0, 1),
      })
      .map(({ Operator, list }) => ({ Source: 3, Operator, ListId: listIds[list] }) as SegmentCondition),
    fc
      .record({
        Operator: fc.constantFrom('receivedInTheLast', 'notReceivedInTheLast', 'failedInTheLast'),
        Amount: amount,
        Unit: unit,
        Source: fc.constantFrom(4 as const, 5 as const),
      })
      .map((ops) => ops as SegmentCondition),
  );
}

const match = fc.constantFrom('all' as const, 'any' as const);
const rulesArb: fc.Arbitrary<SegmentRules> = fc.record({
  Match: match,
  Groups: fc.array(fc.record({ Match: match, Conditions: fc.array(conditionArb(), { minLength: 1, maxLength: 3 }) }), {
    minLength: 1,
    maxLength: 2,
  }),
});

type GeneratedContact = ReturnType<typeof contactArb> extends fc.Arbitrary<infer C> ? C : never;

async function storeContacts(generated: GeneratedContact[]) {
  const db = server.deps.database.db;
  await db.execute(sql`DELETE FROM audience_list_members WHERE list_id = ANY(${sql.param(listIds)}::bigint[])`);
  await db.execute(sql`DELETE FROM audience_contacts WHERE user_id = ${tenant.id}`);
  await db.execute(
    sql`DELETE FROM channel_recipients WHERE task_id = ANY(${sql.param([taskIds.sms, taskIds.email])}::bigint[])`,
  );
  const now = server.clock.now().getTime();
  const stored: ReferenceContact[] = [];
  let seq = 0;
  for (const [i, c] of generated.entries()) {
    const attributes: Record<string, string | number | boolean> = {};
    if (c.score !== undefined) attributes[attributeIds.number] = c.score;
    if (c.city !== undefined) attributes[attributeIds.text] = c.city;
    if (c.vip !== undefined) attributes[attributeIds.boolean] = c.vip;
    if (c.plan !== undefined) attributes[attributeIds.category] = c.plan;
    if (c.birthday !== undefined) attributes[attributeIds.date] = c.birthday;
    const phone = c.hasPhone ? `1415555${String(1000 + i)}` : null;
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO audience_contacts (user_id, email, phone, whatsapp, first_name, last_name, tags, attributes, created_at, updated_at)
        VALUES (${tenant.id}, ${c.hasEmail ? `c${i}@x.io` : null}, ${phone}, ${null}, ${c.firstName}, ${c.lastName},
          ${sql.param(c.tags)}::text[], ${JSON.stringify(attributes)}::jsonb, ${c.createdDaysAgo.toISOString()}::timestamptz,
          ${c.createdDaysAgo.toISOString()}::timestamptz) RETURNING id`,
    );
    const lists = new Set(c.lists.map((l) => listIds[l]));
    for (const listId of lists)
      await db.execute(sql`INSERT INTO audience_list_members VALUES (${listId}, ${row.id}, now())`);
    const email = c.hasEmail ? `c${i}@x.io` : null;
    // a contact's SMS records are addressed to its phone, its e-mail records to its address
    const records = c.records
      .filter((r) => (r.channel === 'sms' ? phone : email))
      .map((r) => ({ channel: r.channel, state: r.state, submitAt: new Date(now - r.hoursAgo * 3_600_000) }));
    for (const record of records)
      await addRecord(server, {
        taskId: taskIds[record.channel],
        seq: seq++,
        address: record.channel === 'sms' ? phone! : email!,
        state: record.state,
        submitAt: record.submitAt,
      });
    stored.push(
      referenceContact({
        id: Number(row.id),
        email,
        phone,
        firstName: c.firstName,
        lastName: c.lastName,
        tags: c.tags,
        createdAt: c.createdDaysAgo,
        attributes,
        lists,
        records,
      }),
    );
  }
  return stored;
}

describe('segment SQL', () => {
  it('selects the same contacts as the reference evaluation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(contactArb(server.clock.now().getTime()), { maxLength: 12 }),
        rulesArb,
        async (generated, rules) => {
          const contacts = await storeContacts(generated);
          const now = server.clock.now();
          const context = await segmentContext(server.deps.database.db, tenant.id, now);
          const rows = await rowsOf<{ id: number }>(
            server.deps.database.db,
            sql`SELECT c.id FROM audience_contacts c WHERE c.user_id = ${tenant.id} AND ${segmentWhere(rules, context)} ORDER BY c.id`,
          );
          const expected = contacts
            .filter((c) => referenceMatches(c, rules, context.attributeTypes, now))
            .map((c) => c.id);
          expect(rows.map((r) => Number(r.id))).toEqual(expected);
          // the count a segment page shows is the same selection (its own statement shape)
          expect(await countSegment(server.deps.database.db, tenant.id, rules, now)).toEqual({
            Count: expected.length,
            Total: contacts.length,
          });
        },
      ),
      { numRuns: 80 },
    );
  }, 240_000);
});
