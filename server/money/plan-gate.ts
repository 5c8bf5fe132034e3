import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { subscriptionPackages, subscriptionRecords, RECORD_STATUS } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ModuleName } from '../../src/gateway/contract/actions/subscriptions';

// Spec 000 §4's module gate on the server: the console hides a module's routes, and the gateway refuses
// its Actions, when the plan in force (an active record whose period holds now) lacks the module.

export interface PlanInForce {
  recordId: number;
  /** When the record's term began (the plan's allowances count from here). */
  startsAt: Date;
  modules: string[];
  /** The package's limits (SocialMediaAccountLimit, EmailLimit, AIGCRequestLimit). */
  limits: Record<string, number>;
}

export async function planInForce(db: Db, userId: number, now: Date): Promise<PlanInForce | null> {
  const [row] = await db
    .select({
      recordId: subscriptionRecords.id,
      startsAt: subscriptionRecords.startsAt,
      modules: subscriptionPackages.modWhitelist,
      limits: subscriptionPackages.limits,
    })
    .from(subscriptionRecords)
    .innerJoin(subscriptionPackages, eq(subscriptionPackages.subscriptionNo, subscriptionRecords.subscriptionNo))
    .where(
      and(
        eq(subscriptionRecords.userId, userId),
        eq(subscriptionRecords.status, RECORD_STATUS.Active),
        lte(subscriptionRecords.startsAt, now),
        gt(subscriptionRecords.endsAt, now),
      ),
    )
    .orderBy(desc(subscriptionRecords.createdAt), desc(subscriptionRecords.id))
    .limit(1);
  return row ?? null;
}

/** The plan in force when it has the module; ModuleNotInPlan otherwise (no plan, or one without it). */
export async function requireModule(db: Db, userId: number, module: ModuleName, now: Date): Promise<PlanInForce> {
  const plan = await planInForce(db, userId, now);
  if (!plan?.modules.includes(module)) throw new ApiError(RetCode.ModuleNotInPlan);
  return plan;
}
