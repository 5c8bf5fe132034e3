import type { Db } from '../db/database';
import { DAY_MS } from '../clock';
import { unix } from '../lib/time';
import { SEQUENCE_STATUS } from '../../src/gateway/contract/statuses';
import type { WorkflowInsight } from '../../src/gateway/contract/actions/workflows';
import { journeyCounts, latestVersion, type WorkflowRow } from './engine';

// GetSEQ2Insight (spec 000 §7, spec 001 §4 "Workflow: … total users, users in process, users
// completed … first send date, duration in days"): the journey's figures from its runs and steps.

const IN_PROCESS: number[] = [SEQUENCE_STATUS.Scheduled, SEQUENCE_STATUS.Queued, SEQUENCE_STATUS.Paused];

export async function workflowInsightOf(db: Db, workflow: WorkflowRow, now: Date): Promise<WorkflowInsight> {
  const version = await latestVersion(db, workflow.id);
  const document = version?.document ?? workflow.document;
  const { byStatus, waiting, steps } = await journeyCounts(db, workflow.id);
  const countOf = (status: number) => byStatus.find((row) => row.status === status)?.count ?? 0;
  const firstSend = steps.reduce<Date | null>((first, row) => {
    const at = row.first ? new Date(row.first) : null;
    return at && (!first || at < first) ? at : first;
  }, null);
  const nodes = document.nodes.map((node) => {
    const stepsAt = steps.filter((row) => row.nodeId === node.id);
    const done = stepsAt.filter((row) => row.outcome !== 'failed').reduce((sum, row) => sum + row.count, 0);
    const failed = stepsAt.filter((row) => row.outcome === 'failed').reduce((sum, row) => sum + row.count, 0);
    const waitingHere = waiting.find((row) => row.nodeId === node.id)?.count ?? 0;
    return { NodeId: node.id, Entered: done + failed + waitingHere, Waiting: waitingHere, Done: done, Failed: failed };
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
