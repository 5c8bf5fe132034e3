import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { enqueueAfterCommit, QUEUE } from '../queue';
import type { ServerDeps } from '../context';
import type { ChannelRuntime } from './runtime';
import { channelOf } from './registry';
import { lockTask, moveTask, taskCan, type TaskRow } from './task-store';
import { startTask } from './delivery';

// Task content review (docs/decisions.md "Channel kernel"): pending -> in review (committed, so it
// shows) -> the channel's reviewer decides: waiting (and the send starts), pending manual review with
// the reason, or rejected with the reason. A person decides a flagged task (decideManualReview).

/** In automatic review: the lifecycle still allows a flag (manual review only passes or rejects). */
const inAutomaticReview = (task: TaskRow) => taskCan(task, 'review.flag');

export async function reviewTask(runtime: ChannelRuntime, taskId: number): Promise<void> {
  const { db } = runtime.deps.database;
  const started = await db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (task && taskCan(task, 'review.start')) return moveTask(tx, task, 'review.start');
    return task && inAutomaticReview(task) ? task : null;
  });
  if (!started) return;
  const verdict = channelOf(started.channel).reviewTask(started.content, await variableValues(db, started));
  const passed = await db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || !inAutomaticReview(task)) return false;
    if (verdict.verdict === 'pass') await moveTask(tx, task, 'review.pass', { reason: '' });
    else if (verdict.verdict === 'flag') await moveTask(tx, task, 'review.flag', { reason: verdict.reason });
    else await moveTask(tx, task, 'review.reject', { reason: verdict.reason, finishedAt: runtime.deps.clock.now() });
    return verdict.verdict === 'pass';
  });
  if (passed) await startTask(runtime, taskId);
}

/** The distinct variable values of a task's recipients (none for a template without variables). */
async function variableValues(db: Db, task: TaskRow): Promise<string[]> {
  if (task.variableCount === 0) return [];
  const rows = await rowsOf<{ value: string }>(
    db,
    sql`SELECT DISTINCT jsonb_array_elements_text(params) AS value FROM channel_recipients WHERE task_id = ${task.id} AND params IS NOT NULL`,
  );
  return rows.map((r) => r.value);
}

/**
 * A staff decision on a task in pending manual review: pass (waiting, and its start is queued) or
 * reject with a reason. Anything else is IllegalTransition.
 */
export async function decideManualReview(
  deps: ServerDeps,
  taskId: string,
  decision: { pass: boolean; reason: string; staffUserId: number },
): Promise<TaskRow> {
  const task = await deps.database.db.transaction(async (tx) => {
    const [found] = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM channel_tasks WHERE task_id = ${taskId}`);
    const row = found ? await lockTask(tx, Number(found.id)) : undefined;
    if (!row) throw new ApiError(RetCode.NotFound);
    if (!taskCan(row, 'review.pass') || inAutomaticReview(row)) throw new ApiError(RetCode.IllegalTransition);
    const extra = { reviewedBy: decision.staffUserId };
    return decision.pass
      ? moveTask(tx, row, 'review.pass', { ...extra, reason: '' })
      : moveTask(tx, row, 'review.reject', { ...extra, reason: decision.reason, finishedAt: deps.clock.now() });
  });
  if (decision.pass) await enqueueAfterCommit(deps, QUEUE.taskStart, { taskId: task.id });
  return task;
}
