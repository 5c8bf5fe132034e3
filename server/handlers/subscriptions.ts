import { asc, count, desc, eq } from 'drizzle-orm';
import { subscriptionPackages, subscriptionRecords } from '../db/schema';
import type { BuyRecord, ModuleName } from '../../src/gateway/actions/subscriptions';
import type { HandlerMap } from '../context';

type PackageRow = typeof subscriptionPackages.$inferSelect;
type RecordRow = typeof subscriptionRecords.$inferSelect;

export const RECORD_ACTIVE = 1;
export const RECORD_EXPIRED = 2;

export function toBuyRecord(record: RecordRow, pkg: PackageRow | undefined, now: Date): BuyRecord {
  const active = record.status === RECORD_ACTIVE && record.endsAt > now;
  return {
    Id: record.id,
    Status: active ? RECORD_ACTIVE : RECORD_EXPIRED,
    SubscriptionNo: record.subscriptionNo,
    CnName: pkg?.cnName ?? record.subscriptionNo,
    EnName: pkg?.enName ?? record.subscriptionNo,
    Free: pkg?.free ?? false,
    Period: record.period,
    PeriodUnit: record.periodUnit,
    CostAmount: record.costAmount,
    CreateTime: Math.floor(record.createdAt.getTime() / 1000),
    EndTime: Math.floor(record.endsAt.getTime() / 1000),
    ModWhitelist: (pkg?.modWhitelist ?? []).map((mod) => ({ ProductMod: mod as ModuleName })),
    Quantity: Object.entries(pkg?.limits ?? {}).map(([LimitKey, Value]) => ({ LimitKey, Value })),
  };
}

export const subscriptionHandlers: HandlerMap = {
  async DescribeSubscriptionBuyRecord({ NumPerPage, Page, OrderType }, ctx) {
    const order = OrderType === 'asc' ? asc(subscriptionRecords.createdAt) : desc(subscriptionRecords.createdAt);
    const [total] = await ctx.db.select({ n: count() }).from(subscriptionRecords).where(eq(subscriptionRecords.userId, ctx.user.id));
    const rows = await ctx.db
      .select({ record: subscriptionRecords, pkg: subscriptionPackages })
      .from(subscriptionRecords)
      .leftJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
      .where(eq(subscriptionRecords.userId, ctx.user.id))
      .orderBy(order, desc(subscriptionRecords.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    const now = ctx.clock.now();
    return { Total: total.n, Records: rows.map((r) => toBuyRecord(r.record, r.pkg ?? undefined, now)) };
  },
};
