import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mktPlans } from '../db/schema';
import { ApiError } from '../errors';
import { unix } from '../lib/time';
import { ownedPlan } from './store';
import { RetCode } from '../../src/gateway/contract/retcodes';

// A plan's day 0 (docs/decisions.md "Plans on the calendar"): set, moved or taken off. It only places the
// plan's steps on the marketing calendar; it starts nothing (the journey starts on its canvas).

/** Sets (a time later than now) or clears (null) the plan's start; answers the stored start. */
export async function schedulePlan(
  db: Db,
  userId: number,
  planId: string,
  startAt: Date | null,
  now: Date,
): Promise<{ PlanId: string; StartTime: number }> {
  if (startAt && startAt.getTime() <= now.getTime()) throw new ApiError(RetCode.ScheduleInPast);
  return db.transaction(async (tx) => {
    const plan = await ownedPlan(tx, userId, planId, true);
    await tx.update(mktPlans).set({ startAt, updatedAt: now }).where(eq(mktPlans.id, plan.id));
    return { PlanId: plan.planId, StartTime: startAt ? unix(startAt) : 0 };
  });
}
