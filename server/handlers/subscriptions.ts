import { asc, count, desc, eq } from 'drizzle-orm';
import { subscriptionPackages, subscriptionRecords, RECORD_STATUS } from '../db/schema';
import type { BuyRecord, ModuleName, SubscriptionPackage } from '../../src/gateway/contract/actions/subscriptions';
import type { HandlerMap, UserContext } from '../context';
import type { Db } from '../db/database';
import { idempotent } from '../money/idempotency';
import { fundPlanByCard } from '../money/plan-by-card';
import {
  buyPackage,
  hadFreePackage,
  planPurchase,
  planUpgrade,
  upgradePackage,
  type PurchaseOutcome,
} from '../money/purchases';
import type { PackageRow, RecordRow } from '../money/plan-math';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const modules = (pkg: PackageRow | undefined) =>
  (pkg?.modWhitelist ?? []).map((mod) => ({ ProductMod: mod as ModuleName }));
const quantities = (pkg: PackageRow | undefined) =>
  Object.entries(pkg?.limits ?? {}).map(([LimitKey, Value]) => ({ LimitKey, Value }));

export function toBuyRecord(record: RecordRow, pkg: PackageRow | undefined, now: Date): BuyRecord {
  const ended = record.status === RECORD_STATUS.Active && record.endsAt <= now;
  return {
    Id: record.id,
    Status: ended ? RECORD_STATUS.Expired : record.status,
    SubscriptionNo: record.subscriptionNo,
    CnName: pkg?.cnName ?? record.subscriptionNo,
    EnName: pkg?.enName ?? record.subscriptionNo,
    Free: pkg?.free ?? false,
    Period: record.period,
    PeriodUnit: record.periodUnit,
    CostAmount: record.costAmount,
    CreateTime: seconds(record.createdAt),
    EndTime: seconds(record.endsAt),
    ModWhitelist: modules(pkg),
    Quantity: quantities(pkg),
  };
}

function toPackage(pkg: PackageRow, freeTaken: boolean): SubscriptionPackage {
  return {
    SubscriptionNo: pkg.subscriptionNo,
    SortOrder: pkg.sortOrder,
    Free: pkg.free,
    CnName: pkg.cnName,
    EnName: pkg.enName,
    Price: pkg.prices,
    ModWhitelist: modules(pkg),
    Quantity: quantities(pkg),
    Buyable: !(pkg.free && freeTaken),
  };
}

const purchaseReply = (outcome: PurchaseOutcome, now: Date) => ({
  Record: toBuyRecord(outcome.record, outcome.pkg, now),
  Amount: outcome.amount,
  BalanceAfter: outcome.balanceAfter,
});

const asDb = (tx: unknown) => tx as Db;
const readOnly = <T>(ctx: UserContext, run: (tx: Db) => Promise<T>) => ctx.db.transaction((tx) => run(asDb(tx)));

export const subscriptionHandlers: HandlerMap = {
  async DescribeSubscriptionBuyRecord({ NumPerPage, Page, OrderType }, ctx) {
    const order = OrderType === 'asc' ? asc(subscriptionRecords.createdAt) : desc(subscriptionRecords.createdAt);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(subscriptionRecords)
      .where(eq(subscriptionRecords.userId, ctx.user.id));
    const rows = await ctx.db
      .select({ record: subscriptionRecords, pkg: subscriptionPackages })
      .from(subscriptionRecords)
      .leftJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
      .where(eq(subscriptionRecords.userId, ctx.user.id))
      .orderBy(order, OrderType === 'asc' ? asc(subscriptionRecords.id) : desc(subscriptionRecords.id))
      .limit(NumPerPage)
      .offset((Page - 1) * NumPerPage);
    const now = ctx.clock.now();
    return { Total: total.n, Records: rows.map((r) => toBuyRecord(r.record, r.pkg ?? undefined, now)) };
  },

  async DescribeSubscriptionPackage(_input, ctx) {
    const [rows, freeTaken] = await Promise.all([
      ctx.db.select().from(subscriptionPackages).orderBy(asc(subscriptionPackages.sortOrder)),
      hadFreePackage(ctx.db, ctx.user.id),
    ]);
    return { Packages: rows.map((pkg) => toPackage(pkg, freeTaken)) };
  },

  async GetSubscriptionPackagePrice({ SubscriptionNo, PeriodUnit, Quantity, Upgrade }, ctx) {
    const now = ctx.clock.now();
    return readOnly(ctx, async (tx) => {
      if (Upgrade) {
        const { quote } = await planUpgrade(tx, ctx.user.id, SubscriptionNo, now);
        return {
          SubscriptionNo,
          PeriodUnit: 'day' as const,
          Quantity: Math.max(1, Math.ceil((quote.endsAt.getTime() - now.getTime()) / 86_400_000)),
          ListAmount: quote.listAmount,
          CreditAmount: quote.creditAmount,
          Amount: quote.amount,
          Currency: 'usd',
          EndTime: seconds(quote.endsAt),
        };
      }
      const plan = await planPurchase(tx, ctx.user.id, SubscriptionNo, PeriodUnit, Quantity, now);
      return {
        SubscriptionNo,
        PeriodUnit,
        Quantity,
        ListAmount: plan.amount,
        CreditAmount: 0,
        Amount: plan.amount,
        Currency: 'usd',
        EndTime: seconds(plan.endsAt),
      };
    });
  },

  async BuySubscriptionPackage(input, ctx) {
    if (input.PayMethod === 'card') {
      const now = ctx.clock.now();
      const { amount } = await planPurchase(
        ctx.db,
        ctx.user.id,
        input.SubscriptionNo,
        input.PeriodUnit,
        input.Quantity,
        now,
      );
      await fundPlanByCard(ctx, {
        userId: ctx.user.id,
        amount,
        paymentMethodId: input.PaymentMethodId,
        idempotencyKey: input.IdempotencyKey,
        subscriptionNo: input.SubscriptionNo,
      });
    }
    return idempotent(ctx, 'BuySubscriptionPackage', input, async (tx) => {
      const now = ctx.clock.now();
      const outcome = await buyPackage(tx, {
        userId: ctx.user.id,
        subscriptionNo: input.SubscriptionNo,
        unit: input.PeriodUnit,
        count: input.Quantity,
        now,
      });
      return purchaseReply(outcome, now);
    });
  },

  async UpgradeSubscriptionPackage(input, ctx) {
    if (input.PayMethod === 'card') {
      const { quote } = await planUpgrade(ctx.db, ctx.user.id, input.SubscriptionNo, ctx.clock.now());
      await fundPlanByCard(ctx, {
        userId: ctx.user.id,
        amount: quote.amount,
        paymentMethodId: input.PaymentMethodId,
        idempotencyKey: input.IdempotencyKey,
        subscriptionNo: input.SubscriptionNo,
      });
    }
    return idempotent(ctx, 'UpgradeSubscriptionPackage', input, async (tx) => {
      const now = ctx.clock.now();
      const outcome = await upgradePackage(tx, { userId: ctx.user.id, subscriptionNo: input.SubscriptionNo, now });
      return purchaseReply(outcome, now);
    });
  },
};
