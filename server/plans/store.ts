import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern, isUniqueViolation } from '../db/rows';
import { lockMarketingNames, marketingNameFree } from './names';
import { mktPlans } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { MKT_PLAN_STATUS } from '../../src/gateway/contract/statuses';
import type { PlanContent, PlanData, PlanSummary } from '../../src/gateway/contract/actions/mkt-plans';
import { mktPlanLifecycle, type MktPlanEvent } from '../../src/machines/lifecycles/mkt-plan.machine';

// Marketing plans (issue 14 item 4, docs/decisions.md "Marketing plans"): one row per plan of an account.
// Every status change goes through the shared lifecycle (src/machines/lifecycles/mkt-plan.machine.ts),
// the same file the console asks which row actions to show.

export type PlanRow = typeof mktPlans.$inferSelect;

export interface PlanInput {
  PlanId?: string;
  Name: string;
  Aim: number;
  Industry: string;
  ProductCategory: string;
  Type: string;
  Tone: string;
  Channels: string[];
  Brief: string;
  Content: PlanContent | null;
  Submit: boolean;
}

export function nextPlanStatus(status: number, event: MktPlanEvent['type']): number {
  const next = mktPlanLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export function planSummaryOf(row: PlanRow): PlanSummary {
  return {
    PlanId: row.planId,
    Name: row.name,
    Aim: row.aim,
    Industry: row.industry,
    ProductCategory: row.productCategory,
    Type: row.type,
    Tone: row.tone,
    Channels: row.channels,
    Status: row.status,
    Steps: row.content?.Steps.length ?? 0,
    SeqId: row.seqId,
    StartTime: row.startAt ? unix(row.startAt) : 0,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
  };
}

export const planDataOf = (row: PlanRow): PlanData => ({
  ...planSummaryOf(row),
  Brief: row.brief,
  Content: row.content,
});

/** The name is taken: the spec's "plan or campaign name already in use", at the name field. */
export const planNameTaken = () =>
  new ApiError(RetCode.PlanNameExists, {}, { Fields: [{ Field: 'Name', Key: 'errors:PlanNameExists' }] });

/** The caller's plan (never another account's, never a deleted one), or NotFound. */
export async function ownedPlan(db: Db, userId: number, planId: string, lock = false): Promise<PlanRow> {
  const query = db
    .select()
    .from(mktPlans)
    .where(and(eq(mktPlans.planId, planId), eq(mktPlans.userId, userId), ne(mktPlans.status, MKT_PLAN_STATUS.Deleted)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Is the name free in the account (plans and campaigns, case-insensitive, deleted ones aside)? The edited plan's own name is. */
export const planNameAvailable = (db: Db, userId: number, name: string, planId?: string): Promise<boolean> =>
  marketingNameFree(db, userId, name, { planId });

/** Steps on the plan's channels only, in day order; a submitted plan has at least one. */
function checkedContent(input: PlanInput): PlanContent | null {
  const content = input.Content;
  const steps = content?.Steps ?? [];
  steps.forEach((step, index) => {
    if (!input.Channels.includes(step.Channel))
      throw fieldError(`Content.Steps.${index}.Channel`, 'validation:planStepChannelNotChosen');
  });
  if (input.Submit && steps.length === 0) throw fieldError('Content', 'validation:planStepsRequired');
  if (!content) return null;
  return { ...content, Steps: [...steps].sort((a, b) => a.Day - b.Day) };
}

/** Creates a plan (no PlanId) or saves the caller's plan again, as a draft or submitted. */
export async function savePlan(db: Db, userId: number, input: PlanInput, now: Date): Promise<PlanRow> {
  const content = checkedContent(input);
  const event = input.Submit ? 'plan.submit' : 'plan.saveDraft';
  const fields = {
    name: input.Name,
    aim: input.Aim,
    industry: input.Industry,
    productCategory: input.ProductCategory,
    type: input.Type,
    tone: input.Tone,
    channels: [...new Set(input.Channels)],
    brief: input.Brief,
    content,
    updatedAt: now,
  };
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockMarketingNames(tx, userId);
      if (!(await marketingNameFree(tx, userId, input.Name, { planId: input.PlanId }))) throw planNameTaken();
      if (!input.PlanId) {
        // a new plan starts as a draft: saved as one, or submitted from there
        const status = input.Submit ? nextPlanStatus(MKT_PLAN_STATUS.Draft, event) : MKT_PLAN_STATUS.Draft;
        const [row] = await tx
          .insert(mktPlans)
          .values({ planId: newPublicId('MP'), userId, status, ...fields, createdAt: now })
          .returning();
        return row;
      }
      const current = await ownedPlan(tx, userId, input.PlanId);
      const status = nextPlanStatus(current.status, event);
      const [row] = await tx
        .update(mktPlans)
        .set({ status, ...fields })
        .where(eq(mktPlans.id, current.id))
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw planNameTaken();
    throw error;
  }
}

export async function listPlans(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string; Status?: number },
) {
  const conditions: (SQL | undefined)[] = [eq(mktPlans.userId, userId), ne(mktPlans.status, MKT_PLAN_STATUS.Deleted)];
  if (query.Keyword) conditions.push(ilike(mktPlans.name, containsPattern(query.Keyword)));
  if (query.Status !== undefined) conditions.push(eq(mktPlans.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mktPlans)
    .where(where);
  const rows = await db
    .select()
    .from(mktPlans)
    .where(where)
    .orderBy(desc(mktPlans.updatedAt), desc(mktPlans.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes plans of the caller as the lifecycle allows; all or none. A plan's workflow stays. */
export async function deletePlans(db: Db, userId: number, planIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(planIds)];
    const rows = await tx
      .select()
      .from(mktPlans)
      .where(
        and(inArray(mktPlans.planId, ids), eq(mktPlans.userId, userId), ne(mktPlans.status, MKT_PLAN_STATUS.Deleted)),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextPlanStatus(row.status, 'plan.delete');
    await tx
      .update(mktPlans)
      .set({ status: MKT_PLAN_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          mktPlans.id,
          rows.map((row) => row.id),
        ),
      );
  });
}
