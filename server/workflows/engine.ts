import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { audienceContacts, users, workflowRuns, workflowRunSteps, workflows, workflowVersions } from '../db/schema';
import { QUEUE } from '../queue';
import type { TaskRow } from '../channels/task-store';
import { SEQUENCE_STATUS, WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import type { Branch, WorkflowDocument, WorkflowNode } from '../../src/gateway/contract/workflow/document';
import { conditionHolds, triggerWhere } from './engine-audience';
import { periodsOf } from '../sms/limits';
import { delayMs, entryNodeId, nextNodeId, nodeOf, windowOpensAt } from './engine-graph';
import { sendJourneyMessage } from './engine-send';

// The journey engine (issue 14 item 2, docs/decisions.md "Journey engine"). A started workflow's
// document is frozen as a version; each contact who enters has one durable run on the version current
// when it entered. A step job (QUEUE.journeyStep, data { runId, nodeId, step }) takes its run's step only
// when the run is still at that node and place in its path, active and due; it claims the row (run, step)
// and, while the run stays due now, takes its next steps too. The worker takes a fetched batch of jobs in
// one transaction with the runs locked (docs/decisions.md "Journey engine throughput"). A job run twice, or
// a job for a step already taken, finds the run elsewhere and does nothing: each visit of a node is taken
// exactly once, and a run that comes back to a node (a loop through a delay) takes it anew.
// Waiting runs (delays, send windows) are due by the server clock (server/clock.ts) and queued by the sweep.

export type WorkflowRow = typeof workflows.$inferSelect;
type RunRow = typeof workflowRuns.$inferSelect;
export interface StepJob {
  runId: number;
  nodeId: string;
  /** The step's place in the run's path; absent in jobs queued before migration 0025 (node only). */
  step?: number;
}
/** A run whose next step is to be queued. */
export interface QueuedRun {
  id: number;
  nodeId: string;
  step: number;
}

/** A status code as an SQL literal (an untyped parameter in a CASE would be read as text). */
const literal = (code: number) => sql.raw(String(Math.trunc(code)));

const ACTIVE = [SEQUENCE_STATUS.Scheduled, SEQUENCE_STATUS.Queued];

/** Freezes the workflow's document as its next version. */
export async function freezeVersion(tx: Db, workflow: WorkflowRow, now: Date) {
  const [last] = await tx
    .select({ version: workflowVersions.version })
    .from(workflowVersions)
    .where(eq(workflowVersions.workflowId, workflow.id))
    .orderBy(desc(workflowVersions.version))
    .limit(1);
  const [row] = await tx
    .insert(workflowVersions)
    .values({
      workflowId: workflow.id,
      userId: workflow.userId,
      version: (last?.version ?? 0) + 1,
      document: workflow.document,
      createdAt: now,
    })
    .returning();
  return row;
}

export async function latestVersion(db: Db, workflowId: number) {
  const [row] = await db
    .select()
    .from(workflowVersions)
    .where(eq(workflowVersions.workflowId, workflowId))
    .orderBy(desc(workflowVersions.version))
    .limit(1);
  return row ?? null;
}

const queueSteps = (deps: ServerDeps, runs: QueuedRun[]) =>
  runs.length
    ? deps.jobs
        .sendMany(
          QUEUE.journeyStep,
          runs.map((run) => ({ data: { runId: run.id, nodeId: run.nodeId, step: run.step } satisfies StepJob })),
        )
        .catch((error) => console.error('[jobs] journey steps', error))
    : Promise.resolve();

/** The account's time zone (users.timezone; UTC when unset): send windows and date triggers read its days. */
export async function accountZone(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ zone: users.timezone }).from(users).where(eq(users.id, userId));
  return user?.zone || 'UTC';
}

/**
 * The contacts the trigger lets in (docs/decisions.md "Journey triggers") without a run get one on the latest
 * version, queued at the trigger (a contact enters a workflow once): a list's or segment's members, the
 * contacts whose date attribute has come since the workflow first started, or — `contactId`, from
 * TriggerSEQ2Event — the one contact an API event names. Runs in the caller's transaction; answers the new runs.
 */
export async function enrollMembers(tx: Db, workflow: WorkflowRow, now: Date, contactId?: number) {
  const version = await latestVersion(tx, workflow.id);
  if (!version) return [];
  const trigger = version.document.nodes.find((node) => node.kind === 'trigger');
  const entry = entryNodeId(version.document);
  if (!trigger || trigger.kind !== 'trigger' || !entry) return [];
  if ((trigger.config.source === 'event') !== (contactId !== undefined)) return [];
  const zone = await accountZone(tx, workflow.userId);
  const [first] = await tx
    .select({ at: sql<Date>`min(${workflowVersions.createdAt})`.mapWith(workflowVersions.createdAt) })
    .from(workflowVersions)
    .where(eq(workflowVersions.workflowId, workflow.id));
  const days = { from: periodsOf(first?.at ?? now, zone).dayKey, to: periodsOf(now, zone).dayKey };
  const members = await triggerWhere(tx, workflow.userId, trigger.config, now, days);
  const one = contactId === undefined ? sql`` : sql` AND c.id = ${contactId}`;
  return rowsOf<QueuedRun>(
    tx,
    sql`INSERT INTO workflow_runs (workflow_id, version_id, user_id, contact_id, node_id, status, due_at, created_at, updated_at)
      SELECT ${workflow.id}, ${version.id}, ${workflow.userId}, c.id, ${entry}, ${SEQUENCE_STATUS.Queued}, ${now}, ${now}, ${now}
      FROM audience_contacts c WHERE c.user_id = ${workflow.userId} AND ${members}${one}
      ON CONFLICT (workflow_id, contact_id) DO NOTHING
      RETURNING id, node_id AS "nodeId", step`,
  );
}

/** Queues the step jobs of runs made or woken in a committed transaction. */
export const queueRuns = queueSteps;

/** Moves the workflow's runs of some statuses to a status; answers those now queued (due). */
export async function moveRuns(
  tx: Db,
  workflowId: number,
  from: number[],
  to: 'active' | number,
  now: Date,
): Promise<QueuedRun[]> {
  const status =
    to === 'active'
      ? sql`CASE WHEN due_at <= ${now} THEN ${literal(SEQUENCE_STATUS.Queued)} ELSE ${literal(SEQUENCE_STATUS.Scheduled)} END`
      : literal(to);
  const rows = await rowsOf<QueuedRun & { status: number }>(
    tx,
    sql`UPDATE workflow_runs SET status = ${status}, updated_at = ${now}
      WHERE workflow_id = ${workflowId} AND status IN ${sql.raw(`(${from.join(',')})`)}
      RETURNING id, node_id AS "nodeId", step, status`,
  );
  return rows.filter((row) => row.status === SEQUENCE_STATUS.Queued);
}

interface Step {
  outcome: 'done' | 'skipped' | 'failed';
  reason: string;
  task: TaskRow | null;
  /** The node the run moves to (null: the run is complete). */
  next: string | null;
  dueAt: Date;
}

async function takeStep(
  tx: Db,
  deps: ServerDeps,
  run: RunRow,
  workflow: WorkflowRow,
  document: WorkflowDocument,
  node: WorkflowNode,
  now: Date,
): Promise<Step> {
  const step = (next: string | null, dueAt = now): Step => ({ outcome: 'done', reason: '', task: null, next, dueAt });
  switch (node.kind) {
    case 'delay':
      return step(nextNodeId(document, node.id), new Date(now.getTime() + delayMs(node.config)));
    case 'window': {
      const zone = await accountZone(tx, run.userId);
      return step(nextNodeId(document, node.id), windowOpensAt(now, node.config, zone));
    }
    case 'condition': {
      const branch: Branch = (await conditionHolds(tx, run, node.config, now)) ? 'yes' : 'no';
      return step(nextNodeId(document, node.id, branch));
    }
    case 'sms':
    case 'mms':
    case 'email': {
      const [contact] = await tx.select().from(audienceContacts).where(eq(audienceContacts.id, run.contactId));
      if (!contact) return { outcome: 'failed', reason: 'contactGone', task: null, next: null, dueAt: now };
      const sent = await sendJourneyMessage(tx, node.kind, {
        deps,
        userId: run.userId,
        workflowName: workflow.name,
        contact,
        templateId: node.config.templateId,
        now,
      });
      if (sent.outcome === 'done') return { ...step(nextNodeId(document, node.id)), task: sent.task };
      return { ...step(sent.outcome === 'failed' ? null : nextNodeId(document, node.id)), ...sent, task: null };
    }
    case 'exit':
      return step(null);
    default:
      return step(nextNodeId(document, node.id));
  }
}

/** Steps one job takes at most: a cycle that waits 0 (a zero delay) goes on in a new job, never for ever. */
export const STEPS_PER_JOB = 32;

type VersionRow = typeof workflowVersions.$inferSelect;
/**
 * What one batch of step jobs reads once: the workflows (status, name) and their frozen versions. A map per
 * batch of jobs, never kept across batches: a pause or stop is seen by the next batch, and before that by
 * each run's own status (pause and stop move the runs, under the run's lock).
 */
export interface StepBatch {
  workflows: Map<number, WorkflowRow | null>;
  versions: Map<number, VersionRow | null>;
}
export const stepBatch = (): StepBatch => ({ workflows: new Map(), versions: new Map() });

async function batchWorkflow(tx: Db, batch: StepBatch, id: number) {
  if (!batch.workflows.has(id)) {
    const [row] = await tx.select().from(workflows).where(eq(workflows.id, id));
    batch.workflows.set(id, row ?? null);
  }
  return batch.workflows.get(id) ?? null;
}

async function batchVersion(tx: Db, batch: StepBatch, id: number) {
  if (!batch.versions.has(id)) {
    const [row] = await tx.select().from(workflowVersions).where(eq(workflowVersions.id, id));
    batch.versions.set(id, row ?? null);
  }
  return batch.versions.get(id) ?? null;
}

type ClaimRow = typeof workflowRunSteps.$inferInsert;

/**
 * Claims the steps taken (one row per (run, place), the primary key) in one statement. A place taken before
 * cannot happen while its run moves under its lock in the same transaction; if it does, all rolls back.
 */
async function claimSteps(tx: Db, claims: ClaimRow[]) {
  if (!claims.length) return;
  const claimed = await tx
    .insert(workflowRunSteps)
    .values(claims)
    .onConflictDoNothing()
    .returning({ runId: workflowRunSteps.runId });
  if (claimed.length !== claims.length) {
    const places = claims.map((claim) => `${claim.runId}:${claim.step} (${claim.nodeId})`).join(', ');
    throw new Error(`journey steps ${places}: one taken twice`);
  }
  claims.length = 0;
}

/** The moved runs written back in one statement. */
async function writeRuns(tx: Db, runs: RunRow[], now: Date) {
  if (!runs.length) return;
  const values = runs.map(
    (run) =>
      sql`(${run.id}::bigint, ${run.nodeId}::text, ${run.step}::int, ${run.status}::int, ${run.dueAt}::timestamptz, ${run.reason}::text)`,
  );
  await tx.execute(sql`UPDATE workflow_runs r SET node_id = v.node_id, step = v.step, status = v.status,
      due_at = v.due_at, reason = v.reason, updated_at = ${now}
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, node_id, step, status, due_at, reason) WHERE r.id = v.id`);
}

const statusAfter = (step: Step, now: Date) =>
  step.outcome === 'failed'
    ? SEQUENCE_STATUS.Failed
    : step.next === null
      ? SEQUENCE_STATUS.Completed
      : step.dueAt.getTime() > now.getTime()
        ? SEQUENCE_STATUS.Scheduled
        : SEQUENCE_STATUS.Queued;

interface Taken {
  tasks: TaskRow[];
  next: StepJob[];
}

/**
 * A batch of step jobs in one transaction. The jobs' runs are locked at once (in id order); each job takes
 * its run's step only if the run is still at that node and place, active and due — and then the run's next
 * steps while it stays due now (trigger → delay; condition → send → exit), up to STEPS_PER_JOB. Jobs are
 * taken in order against the runs as the batch has moved them, so a second job for a run in the same batch
 * finds it elsewhere. Every step claims its row (run, place): the claims go in one statement at the end (and
 * before a condition of a run with claims pending — "received" reads the run's steps), the moved runs in
 * another. A batch that stops (a kill) commits nothing: its runs are where the last commit left them, queued,
 * and their jobs (retried by pg-boss, or queued again by the sweep at start) take them from there.
 */
async function takeJobs(tx: Db, deps: ServerDeps, jobs: StepJob[], batch: StepBatch): Promise<Taken> {
  // a job's runId may be a string: PostgreSQL's bigint comes back as one from raw RETURNING (enrolment, sweep)
  const ids = [...new Set(jobs.map((job) => Number(job.runId)))];
  const locked = await tx
    .select()
    .from(workflowRuns)
    .where(inArray(workflowRuns.id, ids))
    .orderBy(asc(workflowRuns.id))
    .for('update');
  const runs = new Map(locked.map((run) => [run.id, run]));
  const moved = new Set<number>();
  const claims: ClaimRow[] = [];
  const taken: Taken = { tasks: [], next: [] };
  const now = deps.clock.now();
  for (const job of jobs) {
    const run = runs.get(Number(job.runId));
    if (!run || run.nodeId !== job.nodeId || !ACTIVE.includes(run.status as 0 | 1)) continue;
    if (job.step !== undefined && job.step !== run.step) continue;
    if (run.dueAt.getTime() > now.getTime()) continue;
    const workflow = await batchWorkflow(tx, batch, run.workflowId);
    if (!workflow || workflow.status !== WORKFLOW_STATUS.Running) continue;
    const version = await batchVersion(tx, batch, run.versionId);
    if (!version) continue;
    const first = run.step;
    let step: Step;
    do {
      const node = nodeOf(version.document, run.nodeId);
      if (node?.kind === 'condition' && claims.some((claim) => claim.runId === run.id)) await claimSteps(tx, claims);
      step = node
        ? await takeStep(tx, deps, run, workflow, version.document, node, now)
        : { outcome: 'failed', reason: 'nodeGone', task: null, next: null, dueAt: now };
      claims.push({
        runId: run.id,
        step: run.step,
        nodeId: run.nodeId,
        workflowId: run.workflowId,
        outcome: step.outcome,
        taskId: step.task?.taskId ?? '',
        reason: step.reason,
        createdAt: now,
      });
      if (step.task) taken.tasks.push(step.task);
      run.status = statusAfter(step, now);
      run.step++;
      run.nodeId = step.next ?? run.nodeId;
      run.dueAt = step.dueAt;
      run.reason = step.reason;
    } while (run.status === SEQUENCE_STATUS.Queued && run.step - first < STEPS_PER_JOB);
    moved.add(run.id);
    // Still due after STEPS_PER_JOB steps (a cycle without a wait): the next job goes on.
    if (run.status === SEQUENCE_STATUS.Queued) taken.next.push({ runId: run.id, nodeId: run.nodeId, step: run.step });
  }
  await claimSteps(tx, claims);
  await writeRuns(
    tx,
    [...moved].map((id) => runs.get(id)!),
    now,
  );
  return taken;
}

/** After the commit: the kernel parses the batch's tasks (one send for the batch), the runs still due go on. */
async function afterCommit(deps: ServerDeps, taken: Taken) {
  if (taken.tasks.length)
    await deps.jobs
      .sendMany(
        QUEUE.taskParse,
        taken.tasks.map((task) => ({ data: { taskId: task.id } })),
      )
      .catch((error) => console.error(`[jobs] enqueue ${QUEUE.taskParse} failed`, error));
  if (taken.next.length)
    await deps.jobs
      .sendMany(
        QUEUE.journeyStep,
        taken.next.map((data) => ({ data })),
      )
      .catch((error) => console.error('[jobs] journey steps', error));
}

/**
 * A batch of step jobs (the worker's), in one transaction. If it fails, each job is taken again in a
 * transaction of its own, so one run's failure does not hold the others back; the failing job then fails.
 */
export async function runJourneySteps(deps: ServerDeps, jobs: StepJob[], batch: StepBatch = stepBatch()) {
  if (jobs.length > 1) {
    const taken = await deps.database.db
      .transaction((tx) => takeJobs(tx, deps, jobs, batch))
      .catch((error: unknown) => {
        console.error('[jobs] journey step batch failed: its jobs one by one', error);
        return null;
      });
    if (taken) return afterCommit(deps, taken);
  }
  for (const job of jobs) await runJourneyStep(deps, job, batch);
}

/** One step job (and the run's next steps while it stays due), in a transaction of its own. */
export async function runJourneyStep(deps: ServerDeps, job: StepJob, batch: StepBatch = stepBatch()): Promise<void> {
  const taken = await deps.database.db.transaction((tx) => takeJobs(tx, deps, [job], batch));
  await afterCommit(deps, taken);
}

/**
 * The sweep: contacts who joined a running workflow's list or segment enter it, runs whose wait is over
 * (by the server clock) are queued, and queued runs whose job was lost (a restart) are queued again.
 */
/** A run queued this long by a periodic sweep is taken for one whose job was lost. */
export const LOST_JOB_MS = 30 * 60_000;
/** Lost runs queued again per sweep: a backlog is never sent twice at once. */
export const LOST_JOB_BATCH = 500;

export async function sweepJourneys(
  deps: ServerDeps,
  options: { staleMs?: number; staleLimit?: number } = {},
): Promise<number> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const running = await db.select().from(workflows).where(eq(workflows.status, WORKFLOW_STATUS.Running));
  let queued = 0;
  for (const workflow of running) {
    const entered = await db
      .transaction((tx) => enrollMembers(tx, workflow, now))
      .catch((error: unknown) => {
        console.error(`[jobs] journey ${workflow.seqId} enrolment`, error);
        return [];
      });
    await queueSteps(deps, entered);
    queued += entered.length;
  }
  // A queued run whose job was lost (the process died between the commit and the send) is queued again.
  // Jobs are durable, so a run merely waiting behind a long backlog is not lost: periodic sweeps take only
  // runs queued for LOST_JOB_MS, at most LOST_JOB_BATCH a sweep (re-sending a whole backlog every
  // minute had the queue grow without end, bench/journey.ts at 100,000); the sweep at start takes all.
  const stale = new Date(now.getTime() - (options.staleMs ?? LOST_JOB_MS));
  const staleLimit = options.staleLimit ?? LOST_JOB_BATCH;
  const due = await rowsOf<QueuedRun>(
    db,
    sql`UPDATE workflow_runs r SET status = ${SEQUENCE_STATUS.Queued}, updated_at = ${now}
      FROM workflows w
      WHERE w.id = r.workflow_id AND w.status = ${WORKFLOW_STATUS.Running} AND r.due_at <= ${now}
        AND (r.status = ${SEQUENCE_STATUS.Scheduled} OR r.id IN (
          SELECT q.id FROM workflow_runs q JOIN workflows qw ON qw.id = q.workflow_id
          WHERE qw.status = ${WORKFLOW_STATUS.Running} AND q.status = ${SEQUENCE_STATUS.Queued}
            AND q.due_at <= ${now} AND q.updated_at <= ${stale}
          ORDER BY q.updated_at LIMIT ${staleLimit}))
      RETURNING r.id, r.node_id AS "nodeId", r.step`,
  );
  await queueSteps(deps, due);
  return queued + due.length;
}
