import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { workflowRuns, workflowRunSteps } from '../db/schema';
import { DAY_MS } from '../clock';
import { unix } from '../lib/time';
import { SEQUENCE_STATUS } from '../../src/gateway/contract/statuses';
import type { WorkflowInsight } from '../../src/gateway/contract/actions/workflows';
import { latestVersion, type WorkflowRow } from './engine';

// GetSEQ2Insight (spec 000 §7, spec 001 §4 "Workflow: … total users, users in process, users
// completed … first send date, duration in days"): the journey's figures from its runs and steps. A step's
// figures count contacts, not passes (docs/decisions.md "Journey engine"): a contact that comes back to a
// step through a loop is one contact there.

const IN_PROCESS: number[] = [SEQUENCE_STATUS.Scheduled, SEQUENCE_STATUS.Queued, SEQUENCE_STATUS.Paused];

/** The runs of a workflow by status, and per node the contacts that reached it, wait at it, passed it, failed at it. */
async function journeyCounts(db: Db, workflowId: number) {
  const byStatus = await db
    .select({ status: workflowRuns.status, count: sql<number>`count(*)::int` })
    .from(workflowRuns)
    .where(eq(workflowRuns.workflowId, workflowId))
    .groupBy(workflowRuns.status);
  const waiting = await db
    .select({ nodeId: workflowRuns.nodeId, count: sql<number>`count(*)::int` })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), inArray(workflowRuns.status, IN_PROCESS)))
    .groupBy(workflowRuns.nodeId);
  const steps = await db
    .select({
      nodeId: workflowRunSteps.nodeId,
      done: sql<number>`(count(DISTINCT ${workflowRunSteps.runId}) FILTER (WHERE ${workflowRunSteps.outcome} <> 'failed'))::int`,
      failed: sql<number>`(count(DISTINCT ${workflowRunSteps.runId}) FILTER (WHERE ${workflowRunSteps.outcome} = 'failed'))::int`,
      first: sql<Date | null>`min(${workflowRunSteps.createdAt}) FILTER (WHERE ${workflowRunSteps.taskId} <> '')`,
    })
    .from(workflowRunSteps)
    .where(eq(workflowRunSteps.workflowId, workflowId))
    .groupBy(workflowRunSteps.nodeId);
  // Reached: took the step at least once, or waits at it now (UNION keeps each contact once per node).
  const entered = await rowsOf<{ nodeId: string; count: number }>(
    db,
    sql`SELECT node_id AS "nodeId", count(*)::int AS count FROM (
        SELECT run_id, node_id FROM workflow_run_steps WHERE workflow_id = ${workflowId}
        UNION SELECT id, node_id FROM workflow_runs
          WHERE workflow_id = ${workflowId} AND status IN ${sql.raw(`(${IN_PROCESS.join(',')})`)}
      ) reached GROUP BY node_id`,
  );
  return { byStatus, waiting, steps, entered };
}

export async function workflowInsightOf(db: Db, workflow: WorkflowRow, now: Date): Promise<WorkflowInsight> {
  const version = await latestVersion(db, workflow.id);
  const document = version?.document ?? workflow.document;
  const { byStatus, waiting, steps, entered } = await journeyCounts(db, workflow.id);
  const countOf = (status: number) => byStatus.find((row) => row.status === status)?.count ?? 0;
  const firstSend = steps.reduce<Date | null>((first, row) => {
    const at = row.first ? new Date(row.first) : null;
    return at && (!first || at < first) ? at : first;
  }, null);
  const nodes = document.nodes.map((node) => {
    const stepsAt = steps.find((row) => row.nodeId === node.id);
    return {
      NodeId: node.id,
      Entered: entered.find((row) => row.nodeId === node.id)?.count ?? 0,
      Waiting: waiting.find((row) => row.nodeId === node.id)?.count ?? 0,
      Done: stepsAt?.done ?? 0,
      Failed: stepsAt?.failed ?? 0,
    };
  });
  return {
    SeqId: workflow.seqId,
    Status: workflow.status,
    Version: version?.version ?? 0,
    Document: document,
    TotalUsers: byStatus.reduce((sum, row) => sum + row.count, 0),
    InProcessUsers: IN_PROCESS.reduce((sum, status) => sum + countOf(status), 0),
    CompletedUsers: countOf(SEQUENCE_STATUS.Completed),
    Sequences: Object.values(SEQUENCE_STATUS).map((status) => ({ Status: status, Count: countOf(status) })),
    Nodes: nodes,
    FirstSendTime: firstSend ? unix(firstSend) : 0,
    DurationDays: firstSend ? Math.floor((now.getTime() - firstSend.getTime()) / DAY_MS) : 0,
  };
}
