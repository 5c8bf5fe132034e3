import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { aiUsage } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { AiUsage } from '../../src/gateway/contract/actions/ai-text';
import type { PlanInForce } from '../money/plan-gate';
import type { UserContext } from '../context';
import { aiTextFor, AiTextError } from '../providers/ai';

// The AIGCRequestLimit quota (docs/decisions.md "AI text"): one use per successful generation in the
// plan period. A use is taken before the provider is asked, in one statement that counts only while
// under the limit (two tabs at once cannot pass it: the upsert locks the row and re-checks the
// condition), and given back when the generation fails.

export const AI_LIMIT_KEY = 'AIGCRequestLimit';

export const aiLimitOf = (plan: PlanInForce | null) => Math.max(0, Number(plan?.limits[AI_LIMIT_KEY] ?? 0));

const ofRecord = (userId: number, recordId: number) => and(eq(aiUsage.userId, userId), eq(aiUsage.recordId, recordId));

export async function aiUsageOf(db: Db, userId: number, plan: PlanInForce | null): Promise<AiUsage> {
  const limit = aiLimitOf(plan);
  if (!plan) return { Used: 0, Limit: limit };
  const [row] = await db.select({ used: aiUsage.used }).from(aiUsage).where(ofRecord(userId, plan.recordId));
  return { Used: row?.used ?? 0, Limit: limit };
}

/** Takes one use, or refuses with AiQuotaUsedUp; answers the count after taking it. */
export async function takeAiUse(db: Db, userId: number, plan: PlanInForce): Promise<AiUsage> {
  const limit = aiLimitOf(plan);
  if (limit < 1) throw new ApiError(RetCode.AiQuotaUsedUp);
  const [row] = await db
    .insert(aiUsage)
    .values({ userId, recordId: plan.recordId, used: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.recordId],
      set: { used: sql`${aiUsage.used} + 1` },
      setWhere: sql`${aiUsage.used} < ${limit}`,
    })
    .returning({ used: aiUsage.used });
  if (!row) throw new ApiError(RetCode.AiQuotaUsedUp);
  return { Used: row.used, Limit: limit };
}

/** Gives back a use taken for a generation that failed (in the plan period it was taken in). */
export async function giveBackAiUse(db: Db, userId: number, plan: Pick<PlanInForce, 'recordId'>): Promise<void> {
  await db
    .update(aiUsage)
    .set({ used: sql`${aiUsage.used} - 1` })
    .where(and(ofRecord(userId, plan.recordId), gt(aiUsage.used, 0)));
}

/**
 * One generation under the quota: takes a use, runs `work` (which asks the provider), and gives the use back
 * when it fails; a provider's failure answers AiGenerationFailed (logged), anything else is rethrown.
 */
export async function withAiUse<T>(
  ctx: UserContext,
  plan: PlanInForce,
  work: () => Promise<T>,
): Promise<{ result: T; usage: AiUsage }> {
  const usage = await takeAiUse(ctx.db, ctx.user.id, plan);
  try {
    return { result: await work(), usage };
  } catch (error) {
    await giveBackAiUse(ctx.db, ctx.user.id, plan);
    if (error instanceof AiTextError) {
      console.warn(`AI text (${aiTextFor(ctx).name}): ${error.kind}: ${error.message}`);
      throw new ApiError(RetCode.AiGenerationFailed);
    }
    throw error;
  }
}
