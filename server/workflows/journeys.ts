import { and, eq, ne } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { workflows } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SEQUENCE_STATUS, WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import { readinessIssues } from '../../src/gateway/contract/workflow/rules';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { workflowLifecycle, type WorkflowEvent } from '../../src/machines/lifecycles/workflow.machine';
import { audienceWhere, dateAttributeId } from './engine-audience';
import { enrollMembers, freezeVersion, moveRuns, queueRuns, type WorkflowRow } from './engine';

// Starting, pausing, resuming, stopping and recovering a journey (issue 14 item 2): each moves the
// workflow by the shared lifecycle (an illegal change answers IllegalTransition) and its runs with it.

type JourneyEvent = Exclude<WorkflowEvent['type'], 'workflow.saveDraft' | 'workflow.delete'>;

/** A document that may run: every readiness rule holds and the trigger's audience or date attribute exists. */
export async function refuseUnready(tx: Db, workflow: WorkflowRow, now: Date) {
  await refuseUnreadyDocument(tx, workflow.userId, workflow.document, now);
}

/** The same check for a document not stored yet (a simulation of the canvas's draft). */
export async function refuseUnreadyDocument(tx: Db, userId: number, document: WorkflowDocument, now: Date) {
  const [first] = readinessIssues(document);
  if (first)
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: [{ Field: 'Document', Key: `validation:workflowRule.${first.code}` }], NodeId: first.nodeId },
    );
  const trigger = document.nodes.find((node) => node.kind === 'trigger');
  if (trigger?.kind !== 'trigger') return;
  // A list or segment deleted since the draft was drawn (or another account's) answers not found.
  if (trigger.config.audienceId) await audienceWhere(tx, userId, trigger.config.audienceId, now);
  if (trigger.config.source === 'date' && (await dateAttributeId(tx, userId, trigger.config.attribute)) === null)
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: [{ Field: 'Document', Key: 'validation:workflowRule.dateAttributeUnknown' }], NodeId: trigger.id },
    );
}

async function lockedWorkflow(tx: Db, userId: number, seqId: string): Promise<WorkflowRow> {
  const [row] = await tx
    .select()
    .from(workflows)
    .where(and(eq(workflows.seqId, seqId), eq(workflows.userId, userId), ne(workflows.status, WORKFLOW_STATUS.Deleted)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const RUNS_OF: Record<JourneyEvent, { from: number[]; to: 'active' | number }> = {
  'workflow.start': { from: [], to: 'active' },
  'workflow.pause': { from: [SEQUENCE_STATUS.Scheduled, SEQUENCE_STATUS.Queued], to: SEQUENCE_STATUS.Paused },
  'workflow.resume': { from: [SEQUENCE_STATUS.Paused], to: 'active' },
  'workflow.stop': {
    from: [SEQUENCE_STATUS.Scheduled, SEQUENCE_STATUS.Queued, SEQUENCE_STATUS.Paused],
    to: SEQUENCE_STATUS.Expired,
  },
  'workflow.recover': { from: [SEQUENCE_STATUS.Expired], to: 'active' },
};

/** Moves the caller's workflow by a journey event and its runs with it; answers the workflow after. */
export async function moveJourney(
  deps: ServerDeps,
  userId: number,
  seqId: string,
  event: JourneyEvent,
): Promise<WorkflowRow> {
  const now = deps.clock.now();
  const { row, wake } = await deps.database.db.transaction(async (tx) => {
    const current = await lockedWorkflow(tx, userId, seqId);
    const next = workflowLifecycle.next(current.status, event);
    if (!next) throw new ApiError(RetCode.IllegalTransition);
    if (event === 'workflow.start' || event === 'workflow.recover') await refuseUnready(tx, current, now);
    const [row] = await tx
      .update(workflows)
      .set({ status: next.status, updatedAt: now })
      .where(eq(workflows.id, current.id))
      .returning();
    // Saving a started workflow freezes a version each time (store.ts), so only a start needs one here.
    if (event === 'workflow.start') await freezeVersion(tx, row, now);
    const rule = RUNS_OF[event];
    const wake = rule.from.length ? await moveRuns(tx, row.id, rule.from, rule.to, now) : [];
    if (next.status === WORKFLOW_STATUS.Running) wake.push(...(await enrollMembers(tx, row, now)));
    return { row, wake };
  });
  await queueRuns(deps, wake);
  return row;
}
