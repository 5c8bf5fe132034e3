import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mktPlans, workflows } from '../db/schema';
import { MKT_PLAN_STATUS, WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import { planDocument } from '../../src/gateway/contract/workflow/plan-document';
import { WORKFLOW_NAME_MAX } from '../../src/gateway/contract/workflow/document';
import { saveWorkflow } from '../workflows/store';
import { nextPlanStatus, ownedPlan, type PlanRow } from './store';

// Applying a plan (docs/decisions.md "Marketing plans"): its steps become a draft workflow in the workflow
// store, which the user opens on the canvas (/mkthub/editworkflow/{SeqId}) to choose the audience and the
// templates; the plan is Applied and keeps the workflow's SeqId. One transaction: both or neither.
// Applying makes no campaign: a campaign is one complete send, which a plan's step texts are not.

/** The plan's name, or "name (2)", "name (3)"… when a workflow already has it. */
async function freeWorkflowName(db: Db, userId: number, name: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ name: sql<string>`lower(${workflows.name})` })
        .from(workflows)
        .where(and(eq(workflows.userId, userId), ne(workflows.status, WORKFLOW_STATUS.Deleted)))
    ).map((row) => row.name),
  );
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = name.slice(0, WORKFLOW_NAME_MAX - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export async function applyPlan(db: Db, userId: number, planId: string, now: Date): Promise<PlanRow> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const plan = await ownedPlan(tx, userId, planId, true);
    const status = nextPlanStatus(plan.status, 'plan.apply');
    // a Submitted plan has steps (SaveMKTPlan refuses to submit without); the lifecycle checked the rest
    const document = planDocument(plan.content ?? { Goal: '', Audience: '', Steps: [] });
    const workflow = await saveWorkflow(
      tx,
      userId,
      { Name: await freeWorkflowName(tx, userId, plan.name), Document: document },
      now,
    );
    const [row] = await tx
      .update(mktPlans)
      .set({ status, seqId: workflow.seqId, updatedAt: now })
      .where(and(eq(mktPlans.id, plan.id), eq(mktPlans.status, MKT_PLAN_STATUS.Submitted)))
      .returning();
    return row;
  });
}
