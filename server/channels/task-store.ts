import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { KernelTaskEvent } from './channel';
import { channelOf } from './registry';

// Task state changes, each only as its channel's task lifecycle allows, and the live counts.

export type TaskRow = typeof channelTasks.$inferSelect;

/** The status a channel's deleted task is stored with (hidden from lists and records). */
export function deletedStatusOf(channelId: string): number {
  const { task } = channelOf(channelId).lifecycles;
  const settled = task.statusesAllowing('task.delete')[0];
  return task.next(settled, 'task.delete')!.status;
}

export async function lockTask(tx: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(channelTasks).where(eq(channelTasks.id, id)).for('update');
  return row;
}

/** Whether the task's lifecycle allows an event now (e.g. 'send.fail' only while sending). */
export function taskCan(task: TaskRow, event: KernelTaskEvent): boolean {
  return channelOf(task.channel).lifecycles.task.can(task.status, event, task.resultState);
}

/** Moves a task by a lifecycle event, or refuses with IllegalTransition. */
export async function moveTask(
  tx: Db,
  task: TaskRow,
  event: KernelTaskEvent,
  extra: Partial<TaskRow> = {},
): Promise<TaskRow> {
  const next = channelOf(task.channel).lifecycles.task.next(task.status, event, task.resultState);
  if (!next) throw new ApiError(RetCode.IllegalTransition);
  const [row] = await tx
    .update(channelTasks)
    .set({ status: next.status, resultState: next.sub, ...extra })
    .where(eq(channelTasks.id, task.id))
    .returning();
  return row;
}

export interface CountDelta {
  submit?: number;
  submitFail?: number;
  success?: number;
  fail?: number;
  unknown?: number;
  cost?: number;
}

/**
 * Adds to a task's live counts and moves it on when they say so: every message submitted or refused
 * (send.allSubmitted), then every message final (complete, or failed when the carrier took none).
 */
export async function applyCounts(tx: Db, taskId: number, delta: CountDelta, now: Date): Promise<TaskRow> {
  const [updated] = await tx
    .update(channelTasks)
    .set({
      submitCount: sql`${channelTasks.submitCount} + ${delta.submit ?? 0}`,
      submitFailCount: sql`${channelTasks.submitFailCount} + ${delta.submitFail ?? 0}`,
      successCount: sql`${channelTasks.successCount} + ${delta.success ?? 0}`,
      failCount: sql`${channelTasks.failCount} + ${delta.fail ?? 0}`,
      unknownCount: sql`${channelTasks.unknownCount} + ${delta.unknown ?? 0}`,
      cost: sql`${channelTasks.cost} + ${delta.cost ?? 0}`,
    })
    .where(eq(channelTasks.id, taskId))
    .returning();
  let task = updated;
  const allSubmitted = task.submitCount + task.submitFailCount >= task.totalCount;
  // The carrier took none: the task fails (a channel whose last status is "all submitted", voice, ends here).
  if (taskCan(task, 'send.allSubmitted') && allSubmitted && task.submitCount === 0)
    return moveTask(tx, task, 'send.fail', { finishedAt: now, reason: 'carrierRefusedAll' });
  if (taskCan(task, 'send.allSubmitted') && allSubmitted) task = await moveTask(tx, task, 'send.allSubmitted');
  const final = task.successCount + task.failCount + task.unknownCount + task.submitFailCount;
  if (taskCan(task, 'send.complete') && final >= task.totalCount) {
    task =
      task.submitCount > 0
        ? await moveTask(tx, task, 'send.complete', { finishedAt: now })
        : await moveTask(tx, task, 'send.fail', { finishedAt: now, reason: 'carrierRefusedAll' });
  }
  return task;
}
