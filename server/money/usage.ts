import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { USAGE_PRODUCTS } from '../../src/gateway/contract/billing/usage';

// Usage per product from the ledger's deductions (the product each move paid for), cut into days or
// months in the account's time zone. SMS counts products 9 and 6007 together (spec 001 §2: "SMS 9, also
// 6007"); SMS messages are the parts submitted by paid tasks, by their send time.

export type Granularity = 'day' | 'month';
interface Range {
  userId: number;
  start: Date;
  end: Date;
  granularity: Granularity;
  timeZone: string;
}

const SMS_PRODUCTS = [9, 6007];

/** A zone PostgreSQL knows, else UTC (a bad zone never fails the page). */
export function safeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Raw rows of a drizzle SQL query (PGlite and node-postgres both answer `{ rows }`). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function spendByProduct(db: Db, range: Range) {
  const zone = safeZone(range.timeZone);
  const found = await rows<{ product: number; bucket: Date | string; amount: string; n: string }>(
    db,
    sql`SELECT product_id AS product,
          date_trunc(${range.granularity}, created_at AT TIME ZONE ${zone}) AS bucket,
          -SUM(amount) AS amount, COUNT(*) AS n
        FROM ledger
        WHERE user_id = ${range.userId} AND bill_type = 'deduct' AND amount < 0
          AND product_id = ANY(${sql.param([...USAGE_PRODUCTS])}::int[])
          AND created_at >= ${range.start} AND created_at <= ${range.end}
        GROUP BY 1, 2 ORDER BY 2`,
  );
  const products = new Map<
    number,
    { ProductType: number; Total: number; Points: { Time: number; Amount: number; Count: number }[] }
  >();
  for (const product of USAGE_PRODUCTS) products.set(product, { ProductType: product, Total: 0, Points: [] });
  for (const row of found) {
    const entry = products.get(Number(row.product));
    if (!entry) continue;
    const amount = Number(row.amount);
    entry.Total += amount;
    entry.Points.push({ Time: bucketSeconds(row.bucket), Amount: amount, Count: Number(row.n) });
  }
  return [...products.values()];
}

export async function smsSpend(db: Db, range: Range) {
  const zone = safeZone(range.timeZone);
  const spend = await rows<{ bucket: Date | string; amount: string; n: string }>(
    db,
    sql`SELECT date_trunc(${range.granularity}, created_at AT TIME ZONE ${zone}) AS bucket,
          -SUM(amount) AS amount, COUNT(*) AS n
        FROM ledger
        WHERE user_id = ${range.userId} AND bill_type = 'deduct' AND amount < 0
          AND product_id = ANY(${sql.param(SMS_PRODUCTS)}::int[])
          AND created_at >= ${range.start} AND created_at <= ${range.end}
        GROUP BY 1`,
  );
  const sent = await rows<{ bucket: Date | string; messages: string }>(
    db,
    sql`SELECT date_trunc(${range.granularity}, send_at AT TIME ZONE ${zone}) AS bucket, SUM(submit_count) AS messages
        FROM channel_tasks
        WHERE user_id = ${range.userId} AND channel = 'sms' AND NOT trial AND send_at >= ${range.start} AND send_at <= ${range.end}
        GROUP BY 1`,
  );
  const points = new Map<number, { Time: number; Amount: number; Count: number; Messages: number }>();
  const at = (bucket: Date | string) => {
    const time = bucketSeconds(bucket);
    let point = points.get(time);
    if (!point) points.set(time, (point = { Time: time, Amount: 0, Count: 0, Messages: 0 }));
    return point;
  };
  for (const row of spend) Object.assign(at(row.bucket), { Amount: Number(row.amount), Count: Number(row.n) });
  for (const row of sent) at(row.bucket).Messages = Number(row.messages);
  const Points = [...points.values()].sort((a, b) => a.Time - b.Time);
  return { Total: Points.reduce((sum, p) => sum + p.Amount, 0), Points };
}

/** A bucket is a local wall-clock time without zone: its seconds as if UTC, what the charts label. */
function bucketSeconds(bucket: Date | string): number {
  const text = bucket instanceof Date ? bucket.toISOString() : `${String(bucket).replace(' ', 'T')}Z`;
  return Math.floor(new Date(text).getTime() / 1000);
}
