import { eq, sql } from 'drizzle-orm';
import { channelTaskAudiences, channelTaskInputs, channelTasks } from '../db/schema';
import { enqueueAfterCommit, QUEUE } from '../queue';
import type { ChannelRuntime } from './runtime';
import { lockTask, moveTask, taskCan } from './task-store';
import { parseAudienceTask } from './parse-audience';

// The parse job: stores a parsing task's recipients from its input row, PARSE_CHUNK at a time, each
// chunk its own transaction with the progress (parsed_count), then moves the task to pending and
// queues its review. A crash re-runs from the progress; rows already stored are skipped.

const PARSE_CHUNK = 20_000;

export async function parseTask(runtime: ChannelRuntime, taskId: number): Promise<void> {
  const { db } = runtime.deps.database;
  const [task] = await db.select().from(channelTasks).where(eq(channelTasks.id, taskId));
  if (!task) return;
  if (!taskCan(task, 'parse.done')) {
    // Cancelled while parsing: its input is not needed any more.
    await db.delete(channelTaskInputs).where(eq(channelTaskInputs.taskId, taskId));
    await db.delete(channelTaskAudiences).where(eq(channelTaskAudiences.taskId, taskId));
    return;
  }
  // A task sent to a list or a segment reads its members now (issue 12 item 6).
  const [audience] = await db.select().from(channelTaskAudiences).where(eq(channelTaskAudiences.taskId, taskId));
  if (audience) return parseAudienceTask(runtime, task, audience);
  const [input] = await db.select().from(channelTaskInputs).where(eq(channelTaskInputs.taskId, taskId));
  // STACK.md: single-row inserts run ~5k/s on PGlite; one INSERT … SELECT FROM unnest per chunk.
  for (let from = task.parsedCount; input && from < task.totalCount; from += PARSE_CHUNK) {
    const to = Math.min(from + PARSE_CHUNK, task.totalCount);
    const seqs = Array.from({ length: to - from }, (_, i) => from + i);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO channel_recipients (task_id, seq, address, params, segments)
        SELECT ${taskId}, u.seq, u.address, u.params, u.segments FROM unnest(
          ${sql.param(seqs)}::int[], ${sql.param(input.addresses.slice(from, to))}::text[],
          ${sql.param(input.params.slice(from, to).map((p) => (p === null ? null : JSON.stringify(p))))}::jsonb[],
          ${sql.param(input.segments.slice(from, to))}::int[]
        ) AS u(seq, address, params, segments)
        ON CONFLICT DO NOTHING`);
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
