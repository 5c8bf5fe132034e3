import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/harness';
import { audienceContacts } from '../../db/schema';
import { audienceTenant, createAudienceTestServer } from '../../audience/testkit';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { CONTACT_ORDER_FIELDS } from '../../../src/gateway/contract/actions/audience';

// ListContacts' keyset paging (After/Before cursors) and FromEnd against an order computed here:
// ties on the sort key, empty e-mails and phones, filters, rows deleted between pages, two tenants.

let server: TestServer;
let owner: Awaited<ReturnType<typeof audienceTenant>>;
let other: Awaited<ReturnType<typeof audienceTenant>>;

interface Row {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  tags: string[];
  createdAt: Date;
}
let rows: Row[] = [];

const COUNT = 47;
const PAGE = 6;

async function insert(userId: number, count: number, offset: number): Promise<Row[]> {
  const values = Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    const day = new Date(Date.UTC(2026, 0, 1 + (n % 4)));
    return {
      userId,
      // every third contact has no e-mail, every fifth no phone (empty values sort last)
      email: n % 3 === 0 ? null : `p${String(n % 20).padStart(2, '0')}x${String(n).padStart(3, '0')}@example.com`,
      phone: n % 5 === 0 ? null : `1415555${String(n).padStart(4, '0')}`,
      firstName: `n${n % 4}`,
      lastName: `m${n % 7}`,
      tags: n % 2 === 0 ? ['even'] : ['odd'],
      createdAt: day,
      updatedAt: day,
    };
  });
  const inserted = await server.deps.database.db.insert(audienceContacts).values(values).returning();
  return inserted.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

beforeAll(async () => {
  server = await createAudienceTestServer();
  owner = await audienceTenant(server);
  other = await audienceTenant(server);
  rows = await insert(owner.id, COUNT, 0);
  await insert(other.id, 9, 500);
}, 300_000);
afterAll(async () => server?.close());

type OrderBy = (typeof CONTACT_ORDER_FIELDS)[number];
const keyOf = (row: Row, orderBy: OrderBy): string | number | null =>
  ({
    CreateTime: row.createdAt.getTime(),
    Email: row.email,
    Phone: row.phone,
    FirstName: row.firstName,
    LastName: row.lastName,
  })[orderBy];

/** The list's order: the sort key ascending or descending with empty values last, then the id the same way. */
function expected(list: Row[], orderBy: OrderBy, ascending: boolean): number[] {
  const sign = ascending ? 1 : -1;
  return [...list]
    .sort((a, b) => {
      const x = keyOf(a, orderBy);
      const y = keyOf(b, orderBy);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

const ids = (reply: { Contacts: { ContactId: number }[] }) => reply.Contacts.map((c) => c.ContactId);

describe('ListContacts keyset paging', () => {
  for (const OrderBy of CONTACT_ORDER_FIELDS)
    for (const OrderType of ['asc', 'desc'] as const)
      it(`walks every page forward and backward by cursor, ${OrderBy} ${OrderType}`, async () => {
        const order = expected(rows, OrderBy, OrderType === 'asc');
        const first = await owner.api('ListContacts', { OrderBy, OrderType, Limit: PAGE });
        expect(first.Total).toBe(COUNT);
        const forward = ids(first);
        for (let next = first.Next; ;) {
          const page = await owner.api('ListContacts', {
            OrderBy,
            OrderType,
            Limit: PAGE,
            After: next,
            CountTotal: false,
          });
          expect(page.Total).toBe(-1);
          if (page.Contacts.length === 0) {
            expect(page.Next).toBe('');
            break;
          }
          forward.push(...ids(page));
          next = page.Next;
        }
        expect(forward).toEqual(order);

        const last = await owner.api('ListContacts', { OrderBy, OrderType, Limit: PAGE, FromEnd: true });
        expect(ids(last)).toEqual(order.slice(-PAGE));
        const backward = ids(last);
        for (let previous = last.Previous; ;) {
          const page = await owner.api('ListContacts', { OrderBy, OrderType, Limit: PAGE, Before: previous });
          if (page.Contacts.length === 0) break;
          backward.unshift(...ids(page));
          previous = page.Previous;
        }
        expect(backward).toEqual(order);

        const fromEnd = await owner.api('ListContacts', { OrderBy, OrderType, Limit: PAGE, FromEnd: true, Offset: 10 });
        expect(ids(fromEnd)).toEqual(order.slice(COUNT - 10 - PAGE, COUNT - 10));
        const offset = await owner.api('ListContacts', { OrderBy, OrderType, Limit: PAGE, Offset: 13 });
        expect(ids(offset)).toEqual(order.slice(13, 13 + PAGE));
      });

  it('pages a filtered list by cursor and from its end', async () => {
    const even = rows.filter((row) => row.tags.includes('even'));
    const order = expected(even, 'CreateTime', false);
    const first = await owner.api('ListContacts', { Tag: 'even', Limit: PAGE });
    expect(first.Total).toBe(even.length);
    const second = await owner.api('ListContacts', { Tag: 'even', Limit: PAGE, After: first.Next });
    expect([...ids(first), ...ids(second)]).toEqual(order.slice(0, 2 * PAGE));
    const last = await owner.api('ListContacts', { Tag: 'even', Limit: PAGE, FromEnd: true });
    expect(ids(last)).toEqual(order.slice(-PAGE));
  });

  it('goes on from the cursor when rows were deleted between pages', async () => {
    const order = expected(rows, 'Email', true);
    const first = await owner.api('ListContacts', { OrderBy: 'Email', OrderType: 'asc', Limit: PAGE });
    // the cursor's own row and the row that would have opened the next page are gone
    await owner.api('DeleteContacts', { ContactIds: [order[PAGE - 1], order[PAGE]] });
    const next = await owner.api('ListContacts', {
      OrderBy: 'Email',
      OrderType: 'asc',
      Limit: PAGE,
      After: first.Next,
    });
    expect(ids(next)).toEqual(order.slice(PAGE + 1, 2 * PAGE + 1));
    rows = rows.filter((row) => row.id !== order[PAGE - 1] && row.id !== order[PAGE]);
  });

  it("never shows another tenant's contacts, whatever the cursor", async () => {
    const first = await owner.api('ListContacts', { Limit: PAGE });
    const theirs = await other.api('ListContacts', { Limit: 100, After: first.Next });
    const mine = new Set(rows.map((row) => row.id));
    expect(theirs.Contacts.length).toBeGreaterThan(0);
    expect(ids(theirs).filter((id) => mine.has(id))).toEqual([]);
    const fromEnd = await other.api('ListContacts', { Limit: 100, FromEnd: true });
    expect(fromEnd.Total).toBe(9);
    expect(ids(fromEnd).filter((id) => mine.has(id))).toEqual([]);
  });

  it('refuses a cursor it did not make, or one of another order, naming the field', async () => {
    const first = await owner.api('ListContacts', { Limit: PAGE });
    for (const input of [
      { After: 'not-a-cursor' },
      { After: first.Next, OrderBy: 'Email' as const },
      { Before: Buffer.from('["CreateTime","x",1.5]').toString('base64url') },
      { After: Buffer.from('["CreateTime","yesterday",1]').toString('base64url') },
      { After: Buffer.from('["CreateTime",null,1]').toString('base64url') },
      { After: first.Next, Before: first.Previous },
    ]) {
      const reply = await owner.reply('ListContacts', input);
      expect(reply.status).toBe(200);
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect((reply.Data as unknown as { Fields: { Field: string; Key: string }[] }).Fields[0].Key).toBe(
        'validation:cursorInvalid',
      );
    }
  });
});
