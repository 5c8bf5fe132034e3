import type { ServerDeps } from '../context';
import { subscriptionPackages, subscriptionRecords, RECORD_STATUS } from '../db/schema';
import { DAY_MS } from '../clock';

/**
 * Puts an account on a plan of its own, active from now for 30 days: a package with just these modules
 * and limits (the module gate and the quotas read the plan in force).
 */
export async function putOnOwnPlan(
  deps: ServerDeps,
  userId: number,
  plan: { key: string; modules: string[]; limits?: Record<string, number> },
): Promise<void> {
  const db = deps.database.db;
  const subscriptionNo = `${plan.key}-${userId}`;
  await db.insert(subscriptionPackages).values({
    subscriptionNo,
    sortOrder: 99,
    enName: `Test plan ${plan.key}`,
    cnName: `测试套餐 ${plan.key}`,
    prices: [{ Period: 1, PeriodUnit: 'month', Price: 0 }],
    modWhitelist: plan.modules,
    limits: plan.limits ?? {},
  });
  const now = deps.clock.now();
  await db.insert(subscriptionRecords).values({
    userId,
    subscriptionNo,
    status: RECORD_STATUS.Active,
    period: 1,
    periodUnit: 'month',
    costAmount: 0,
    createdAt: now,
    startsAt: now,
    endsAt: new Date(now.getTime() + 30 * DAY_MS),
  });
}
