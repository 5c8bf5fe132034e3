import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { smsTasks } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TASK_RESULT_STATE, SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { smsTaskLifecycle, type SmsTaskEvent } from '../../src/machines/lifecycles/sms-task.machine';
import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
  type SmsMessageEvent,
} from '../../src/machines/lifecycles/sms-message.machine';

// Task and message state changes, each only as its lifecycle machine allows.

export type SmsTaskRow = typeof smsTasks.$inferSelect;

export const MESSAGE_STATE_CODE = SMS_MESSAGE_STATE_CODE;
export const MESSAGE_RESULT_OF_CODE = SMS_MESSAGE_RESULT_OF_CODE;

/** Message state codes from which an event is allowed: the WHERE of every bulk UPDATE. */
export function messageCodesAllowing(event: SmsMessageEvent['type']): number[] {
  return smsMessageLifecycle.statusesAllowing(event);
}

export async function lockTask(tx: Db, id: number): Promise<SmsTaskRow | undefined> {
  const [row] = await tx.select().from(smsTasks).where(eq(smsTasks.id, id)).for('update');
  return row;
}

/** Moves a task by a lifecycle event, or refuses with IllegalTransition. */
export async function moveTask(
  tx: Db,
  task: SmsTaskRow,
  event: SmsTaskEvent,
  extra: Partial<SmsTaskRow> = {},
): Promise<SmsTaskRow> {
  const next = smsTaskLifecycle.next(task.status, event, task.resultState);
  if (!next) throw new ApiError(RetCode.IllegalTransition);
  const [row] = await tx
    .update(smsTasks)
    .set({ status: next.status, resultState: next.sub, ...extra })
    .where(eq(smsTasks.id, task.id))
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
 * (SubmitSuccess), then every message final (complete, or failed when the carrier took none).
 */
export async function applyCounts(tx: Db, taskId: number, delta: CountDelta, now: Date): Promise<SmsTaskRow> {
  const [updated] = await tx
    .update(smsTasks)
    .set({
      submitCount: sql`${smsTasks.submitCount} + ${delta.submit ?? 0}`,
      submitFailCount: sql`${smsTasks.submitFailCount} + ${delta.submitFail ?? 0}`,
      successCount: sql`${smsTasks.successCount} + ${delta.success ?? 0}`,
      failCount: sql`${smsTasks.failCount} + ${delta.fail ?? 0}`,
      unknownCount: sql`${smsTasks.unknownCount} + ${delta.unknown ?? 0}`,
      cost: sql`${smsTasks.cost} + ${delta.cost ?? 0}`,
    })
    .where(eq(smsTasks.id, taskId))
    .returning();
  let task = updated;
  if (task.status !== SMS_TASK_STATUS.Processing) return task;
  if (
    task.resultState === SMS_TASK_RESULT_STATE.Process &&
    task.submitCount + task.submitFailCount >= task.totalCount
  ) {
    task = await moveTask(tx, task, { type: 'send.allSubmitted' });
  }
  const final = task.successCount + task.failCount + task.unknownCount + task.submitFailCount;
  if (task.resultState === SMS_TASK_RESULT_STATE.SubmitSuccess && final >= task.totalCount) {
    task =
      task.submitCount > 0
        ? await moveTask(tx, task, { type: 'send.complete' }, { finishedAt: now })
        : await moveTask(tx, task, { type: 'send.fail' }, { finishedAt: now, reason: 'carrierRefusedAll' });
  }
  return task;
}
