import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern, isUniqueViolation } from '../db/rows';
import { workflows } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import { SEND_KINDS, type WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { invariantIssues } from '../../src/gateway/contract/workflow/rules';
import type { WorkflowData, WorkflowSummary } from '../../src/gateway/contract/actions/workflows';
import { freezeVersion, latestVersion } from './engine';
import { refuseUnready } from './journeys';
import { workflowLifecycle, type WorkflowEvent } from '../../src/machines/lifecycles/workflow.machine';

// Workflow drafts (issue 14, docs/decisions.md "Workflow store"): one row per workflow of an account.
// A document is stored only when it keeps every invariant of the shared rules (the canvas machine's own
// guards), so a crafted request cannot store what the canvas refuses; readiness is for submit.

type WorkflowRow = typeof workflows.$inferSelect;

/** The first broken invariant as a field error at Document, in the canvas's own words. */
function refuseBrokenDocument(document: WorkflowDocument) {
  const [first] = invariantIssues(document);
  if (!first) return;
  throw new ApiError(
    RetCode.ValidationError,
    {},
    { Fields: [{ Field: 'Document', Key: `validation:workflowRule.${first.code}` }], NodeId: first.nodeId },
  );
}

/** The channels of the document's send steps (in SEND_KINDS order) and its step count (all but the trigger). */
function shapeOf(document: WorkflowDocument) {
  const kinds = new Set(document.nodes.map((node) => node.kind));
  return {
    channels: SEND_KINDS.filter((kind) => kinds.has(kind)),
    steps: document.nodes.filter((node) => node.kind !== 'trigger').length,
  };
}

function nextStatus(status: number, event: WorkflowEvent['type']): number {
  const next = workflowLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export function workflowSummaryOf(row: WorkflowRow): WorkflowSummary {
  return {
    SeqId: row.seqId,
    Name: row.name,
    Status: row.status,
    Channels: row.channels,
    Steps: row.steps,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
  };
}

/** GetSEQ2Workflow: the stored document and, while the journey runs, the version new entrants take. */
export async function workflowDataOf(db: Db, row: WorkflowRow): Promise<WorkflowData> {
  const live = row.status === WORKFLOW_STATUS.Running || row.status === WORKFLOW_STATUS.Paused;
  const version = live ? await latestVersion(db, row.id) : null;
  return {
    ...workflowSummaryOf(row),
    Document: row.document,
    Revision: row.revision,
    Running: version ? { Version: version.version, Document: version.document } : null,
  };
}

/** The caller's workflow (never another account's, never a deleted one), or NotFound. */
export async function ownedWorkflow(db: Db, userId: number, seqId: string): Promise<WorkflowRow> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(
      and(eq(workflows.seqId, seqId), eq(workflows.userId, userId), ne(workflows.status, WORKFLOW_STATUS.Deleted)),
    );
  if (!row) throw notFound();
  return row;
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) return new ApiError(RetCode.WorkflowNameExists);
  return error;
};

/** Creates a draft (no seqId) or saves the caller's workflow again. */
export async function saveWorkflow(
  db: Db,
  userId: number,
  input: { SeqId?: string; Name: string; Document: WorkflowDocument; Revision?: number },
  now: Date,
): Promise<WorkflowRow> {
  refuseBrokenDocument(input.Document);
  const shape = shapeOf(input.Document);
  try {
    if (!input.SeqId) {
      const [row] = await db
        .insert(workflows)
        .values({
          seqId: newPublicId('SQ'),
          userId,
          name: input.Name,
          status: WORKFLOW_STATUS.Draft,
          document: input.Document,
          ...shape,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    }
    const current = await ownedWorkflow(db, userId, input.SeqId);
    const status = nextStatus(current.status, 'workflow.saveDraft');
    // A started workflow is edited into a new version (runs inside finish on theirs): it must be ready.
    if (status !== WORKFLOW_STATUS.Draft) await refuseUnready(db, { ...current, document: input.Document }, now);
    const [row] = await db
      .update(workflows)
      .set({
        name: input.Name,
        status,
        document: input.Document,
        ...shape,
        revision: sql`${workflows.revision} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(workflows.id, current.id),
          input.Revision === undefined ? undefined : eq(workflows.revision, input.Revision),
        ),
      )
      .returning();
    // Saved elsewhere since the editor's revision: refused, nothing written (the editor chooses).
    if (!row)
      throw new ApiError(
        RetCode.WorkflowChangedElsewhere,
        {},
        { Fields: [{ Field: 'Revision', Key: 'errors:WorkflowChangedElsewhere' }] },
      );
    if (status !== WORKFLOW_STATUS.Draft) await freezeVersion(db, row, now);
    return row;
  } catch (error) {
    throw nameTaken(error);
  }
}

export async function listWorkflows(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string },
) {
  const conditions: (SQL | undefined)[] = [eq(workflows.userId, userId), ne(workflows.status, WORKFLOW_STATUS.Deleted)];
  if (query.Keyword) {
    const like = containsPattern(query.Keyword);
    conditions.push(or(ilike(workflows.name, like), ilike(workflows.seqId, like)));
  }
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(workflows)
    .where(where);
  const rows = await db
    .select()
    .from(workflows)
    .where(where)
    .orderBy(desc(workflows.updatedAt), desc(workflows.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes workflows of the caller as the lifecycle allows; all or none. */
export async function deleteWorkflows(db: Db, userId: number, seqIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(seqIds)];
    const rows = await tx
      .select()
      .from(workflows)
      .where(
        and(inArray(workflows.seqId, ids), eq(workflows.userId, userId), ne(workflows.status, WORKFLOW_STATUS.Deleted)),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextStatus(row.status, 'workflow.delete');
    await tx
      .update(workflows)
      .set({ status: WORKFLOW_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          workflows.id,
          rows.map((row) => row.id),
        ),
      );
  });
}
