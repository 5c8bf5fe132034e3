import { eq, sql } from 'drizzle-orm';
import { channelTaskInputs, channelTasks } from '../db/schema';
import { rowsOf } from '../db/rows';
import { enqueueAfterCommit, QUEUE } from '../queue';
import type { ChannelRuntime } from './runtime';
import { lockTask, moveTask, taskCan } from './task-store';

// The parse job: stores a parsing task's recipients from its input row, PARSE_CHUNK at a time, each
// chunk its own transaction with the progress (parsed_count), then moves the task to pending and
// queues its review. A crash re-runs from the progress; rows already stored are skipped.

const PARSE_CHUNK = 25_000;

export async function parseTask(runtime: ChannelRuntime, taskId: number): Promise<void> {
  const { db } = runtime.deps.database;
  const [task] = await db.select().from(channelTasks).where(eq(channelTasks.id, taskId));
  if (!task) return;
  if (!taskCan(task, 'parse.done')) {
    // Cancelled while parsing: its input is not needed any more.
    await db.delete(channelTaskInputs).where(eq(channelTaskInputs.taskId, taskId));
    return;
  }
  for (let from = task.parsedCount; from < task.totalCount; from += PARSE_CHUNK) {
    const to = Math.min(from + PARSE_CHUNK, task.totalCount);
    await db.transaction(async (tx) => {
      await rowsOf(
        tx,
        sql`
        INSERT INTO channel_recipients (task_id, seq, address, params, segments)
        SELECT ${taskId}, u.n - 1, u.address, u.params, u.segments
        FROM channel_task_inputs i, unnest(i.addresses, i.params, i.segments) WITH ORDINALITY AS u(address, params, segments, n)
        WHERE i.task_id = ${taskId} AND u.n > ${from} AND u.n <= ${to}
        ON CONFLICT DO NOTHING`,
      );
      await tx.update(channelTasks).set({ parsedCount: to }).where(eq(channelTasks.id, taskId));
    });
  }
  const parsed = await db.transaction(async (tx) => {
    const current = await lockTask(tx, taskId);
    if (!current || !taskCan(current, 'parse.done')) return false;
    await moveTask(tx, current, 'parse.done', { parsedCount: current.totalCount });
    await tx.delete(channelTaskInputs).where(eq(channelTaskInputs.taskId, taskId));
    return true;
  });
  if (parsed) await enqueueAfterCommit(runtime.deps, QUEUE.taskReview, { taskId });
}
