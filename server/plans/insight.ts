import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks, workflowRunSteps } from '../db/schema';
import { unix } from '../lib/time';
import type { PlanTask } from '../../src/gateway/contract/actions/mkt-plans';
import { ownedWorkflow } from '../workflows/store';
import { workflowInsightOf } from '../workflows/insight';
import type { WorkflowRow } from '../workflows/engine';
import { ownedPlan } from './store';

// A plan's figures (GetPlainInsight, GetMKTPlanTask; docs/decisions.md "Marketing plans"): an applied plan
// lives on as its journey, so its figures are the journey's and the send tasks its steps made. Counted in
// SQL over the run steps that hold a task (never loaded into memory).

/** The plan's workflow, or null before applying and once the workflow is deleted. */
async function planWorkflow(db: Db, userId: number, seqId: string): Promise<WorkflowRow | null> {
  if (!seqId) return null;
  try {
    return await ownedWorkflow(db, userId, seqId);
  } catch {
    return null;
  }
}

/** The tasks of the workflow's steps (the caller's only). */
const stepTasks = (userId: number, workflowId: number) =>
  and(
    eq(workflowRunSteps.workflowId, workflowId),
    ne(workflowRunSteps.taskId, ''),
    eq(channelTasks.taskId, workflowRunSteps.taskId),
    eq(channelTasks.userId, userId),
  );

export async function planInsight(db: Db, userId: number, planId: string, now: Date) {
  const plan = await ownedPlan(db, userId, planId);
  const workflow = await planWorkflow(db, userId, plan.seqId);
  const channels = workflow
    ? await db
        .select({
          Channel: channelTasks.channel,
          Messages: sql<number>`coalesce(sum(${channelTasks.totalCount}), 0)::int`,
          Delivered: sql<number>`coalesce(sum(${channelTasks.successCount}), 0)::int`,
          Failed: sql<number>`coalesce(sum(${channelTasks.failCount}), 0)::int`,
        })
        .from(workflowRunSteps)
        .innerJoin(channelTasks, stepTasks(userId, workflow.id))
        .groupBy(channelTasks.channel)
        .orderBy(channelTasks.channel)
    : [];
  return {
    PlanId: plan.planId,
    Status: plan.status,
    SeqId: plan.seqId,
    Workflow: workflow ? await workflowInsightOf(db, workflow, now) : null,
    Channels: channels,
  };
}

export async function planTasks(
  db: Db,
  userId: number,
  query: { PlanId: string; Page: number; NumPerPage: number },
): Promise<{ Total: number; Tasks: PlanTask[] }> {
  const plan = await ownedPlan(db, userId, query.PlanId);
  const workflow = await planWorkflow(db, userId, plan.seqId);
  if (!workflow) return { Total: 0, Tasks: [] };
  const where = stepTasks(userId, workflow.id);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(workflowRunSteps)
    .innerJoin(channelTasks, where);
  const rows = await db
    .select({ task: channelTasks })
    .from(workflowRunSteps)
    .innerJoin(channelTasks, where)
    .orderBy(desc(channelTasks.createdAt), desc(channelTasks.taskId))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return {
    Total: total,
    Tasks: rows.map(({ task }) => ({
      TaskId: task.taskId,
      Channel: task.channel,
      AccountId: task.userId,
      SessionNo: task.sessionNo,
      Name: task.name,
      Status: task.status,
      TotalCount: task.totalCount,
      SuccessCount: task.successCount,
      FailCount: task.failCount,
      CreateTime: unix(task.createdAt),
    })),
  };
}
