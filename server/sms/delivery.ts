import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { smsTasks } from '../db/schema';
import { debit, credit } from '../money/ledger';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import { renderTemplate } from '../../src/gateway/contract/sms-template';
import type { DeliveryReport } from '../providers/carrier';
import { sandboxReports } from '../providers/carrier/sandbox';
import { rowsOf } from '../db/rows';
import { unix } from '../lib/time';
import { QUEUE } from '../queue';
import type { SmsRuntime } from './runtime';
import {
  applyCounts,
  lockTask,
  MESSAGE_RESULT_OF_CODE,
  MESSAGE_STATE_CODE,
  messageCodesAllowing,
  moveTask,
  type CountDelta,
  type SmsTaskRow,
} from './task-store';
import { queueCallbackReports, type CallbackReport } from './callbacks';

// Delivery: a started task is cut into groups of `groupSize` recipients (seq ranges) that go out at
// `groupIntervalMs` intervals (spec 001 §9). A group job claims its messages, debits the group once
// (ledger key sms:<task>:g<n>), submits them with task:recipient keys, and records the answers.
// Every step is safe to repeat: a crash anywhere re-runs the group and the carrier answers a key it
// has seen with its first result, so no recipient is sent twice.

const CLAIMABLE = messageCodesAllowing('send.claim');
const ACCEPTABLE = messageCodesAllowing('carrier.accept');
const REFUSABLE = messageCodesAllowing('carrier.refuse');
const ABORTABLE = messageCodesAllowing('send.abort');
const REPORTABLE = messageCodesAllowing('report.success');

export const recordIdOf = (taskInternalId: number, seq: number) => `${taskInternalId}-${seq}`;
export const messageKeyOf = (taskInternalId: number, seq: number) => `${taskInternalId}:${seq}`;

async function enqueueCallbacks(runtime: SmsRuntime, ids: number[]): Promise<void> {
  for (const id of ids) await runtime.deps.jobs.send(QUEUE.callback, { id });
}

/** Waiting -> processing when the send time has come, then one job per group. */
export async function startTask(runtime: SmsRuntime, taskId: number): Promise<void> {
  const { database, clock } = runtime.deps;
  const now = clock.now();
  const outcome = await database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || task.status !== SMS_TASK_STATUS.Waiting) return null;
    if (task.sendAt.getTime() > now.getTime()) return { later: task.sendAt.getTime() - now.getTime(), started: null };
    return { later: 0, started: await moveTask(tx, task, { type: 'send.start' }, { startedAt: now }) };
  });
  if (!outcome) return;
  if (!outcome.started) {
    await runtime.deps.jobs.send(QUEUE.taskStart, { taskId }, { startAfterMs: Math.min(outcome.later, 3_600_000) });
    return;
  }
  await enqueueGroups(runtime, outcome.started, range(outcome.started.groupCount));
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export async function enqueueGroups(runtime: SmsRuntime, task: SmsTaskRow, groups: number[]): Promise<void> {
  const base = Date.now();
  await runtime.deps.jobs.sendMany(
    QUEUE.sendGroup,
    groups.map((groupNo, i) => ({
      data: { taskId: task.id, groupNo },
      options: { startAfter: new Date(base + i * runtime.deps.smsSettings.groupIntervalMs) },
    })),
  );
}

interface ClaimedMessage {
  seq: number;
  phone: string;
  params: string[] | null;
  segments: number;
}

export async function sendGroup(runtime: SmsRuntime, taskId: number, groupNo: number): Promise<void> {
  const { database, clock } = runtime.deps;
  const db = database.db;
  let claimed: { task: SmsTaskRow; messages: ClaimedMessage[] } | null;
  try {
    claimed = await db.transaction(async (tx) => {
      const task = await lockTask(tx, taskId);
      if (!task || task.status !== SMS_TASK_STATUS.Processing) return null;
      const from = groupNo * task.groupSize;
      const to = from + task.groupSize;
      const messages = await rowsOf<ClaimedMessage>(
        tx,
        sql`
        UPDATE sms_recipients SET state = ${MESSAGE_STATE_CODE.sending}
        WHERE task_id = ${taskId} AND seq >= ${from} AND seq < ${to} AND state = ANY(${sql.param(CLAIMABLE)}::smallint[])
        RETURNING seq, phone, params, segments`,
      );
      if (messages.length && !task.trial) {
        // The whole group's parts, whatever their state: the same amount on every retry.
        const [{ parts }] = await rowsOf<{ parts: string }>(
          tx,
          sql`SELECT COALESCE(SUM(segments), 0) AS parts FROM sms_recipients WHERE task_id = ${taskId} AND seq >= ${from} AND seq < ${to}`,
        );
        const amount = Number(parts) * task.price;
        if (amount > 0) {
          await debit(tx, {
            userId: task.userId,
            productType: SUB_WALLET_TYPES.Sms,
            amount,
            billType: 'deduct',
            uniqueKey: `sms:${task.taskId}:g${groupNo}`,
            description: `SMS ${task.taskId} group ${groupNo + 1}`,
            at: clock.now(),
          });
        }
      }
      return { task, messages };
    });
  } catch (error) {
    if (error instanceof ApiError && error.retCode === RetCode.InsufficientBalance) {
      await abortTask(runtime, taskId, 'HERALD_BALANCE', 'insufficientBalance');
      return;
    }
    throw error;
  }
  if (!claimed || claimed.messages.length === 0) return;
  const { task, messages } = claimed;
  const results = await runtime.carrier.submit(
    messages.map((m) => ({
      key: messageKeyOf(taskId, m.seq),
      phone: m.phone,
      body: renderTemplate(task.content, m.params ?? []),
      senderId: task.senderId,
    })),
  );
  const bySeq = new Map(results.map((r) => [Number(r.key.split(':')[1]), r]));
  const accepted = messages.filter((m) => bySeq.get(m.seq)?.accepted).map((m) => m.seq);
  const refused = messages.filter((m) => bySeq.get(m.seq) && !bySeq.get(m.seq)!.accepted);
  const now = clock.now();
  const callbackIds = await db.transaction(async (tx) => {
    await lockTask(tx, taskId);
    const price = task.trial ? 0 : task.price;
    const acceptedRows = await rowsOf<{ cost: string }>(
      tx,
      sql`
      UPDATE sms_recipients SET state = ${MESSAGE_STATE_CODE.submitted}, submit_at = ${now.toISOString()}::timestamptz, cost = segments * ${price}
      WHERE task_id = ${taskId} AND seq = ANY(${sql.param(accepted)}::int[]) AND state = ANY(${sql.param(ACCEPTABLE)}::smallint[])
      RETURNING cost`,
    );
    const refusedRows = await rowsOf<{ seq: number; phone: string; segments: number; error_code: string }>(
      tx,
      sql`
      UPDATE sms_recipients r SET state = ${MESSAGE_STATE_CODE.submitFail}, submit_at = ${now.toISOString()}::timestamptz, report_at = ${now.toISOString()}::timestamptz, error_code = u.code
      FROM unnest(${sql.param(refused.map((m) => m.seq))}::int[], ${sql.param(refused.map((m) => bySeq.get(m.seq)!.errorCode))}::text[]) AS u(seq, code)
      WHERE r.task_id = ${taskId} AND r.seq = u.seq AND r.state = ANY(${sql.param(REFUSABLE)}::smallint[])
      RETURNING r.seq, r.phone, r.segments, r.error_code`,
    );
    const refund = refusedRows.reduce((sum, r) => sum + r.segments, 0) * price;
    if (refund > 0) {
      await credit(tx, {
        userId: task.userId,
        productType: SUB_WALLET_TYPES.Sms,
        amount: refund,
        billType: 'refund',
        uniqueKey: `sms:${task.taskId}:g${groupNo}:refund`,
        description: `SMS ${task.taskId} group ${groupNo + 1}: refused by the carrier`,
        at: now,
      });
    }
    const delta: CountDelta = {
      submit: acceptedRows.length,
      submitFail: refusedRows.length,
      cost: acceptedRows.reduce((sum, r) => sum + Number(r.cost), 0),
    };
    await applyCounts(tx, taskId, delta, now);
    return queueCallbackReports(
      tx,
      task.userId,
      task,
      refusedRows.map((r) => ({
        RecordId: recordIdOf(taskId, r.seq),
        Phone: r.phone,
        Result: 'SubmitFail',
        ErrorCode: r.error_code,
        ReportTime: unix(now),
      })),
      now,
    );
  });
  await enqueueCallbacks(runtime, callbackIds);
}

/** Stops a processing task: messages not yet submitted end as SubmitFail with `code`; the task fails. */
export async function abortTask(runtime: SmsRuntime, taskId: number, code: string, reason: string): Promise<void> {
  const now = runtime.deps.clock.now();
  await runtime.deps.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || task.status !== SMS_TASK_STATUS.Processing) return;
    const aborted = await rowsOf<{ seq: number }>(
      tx,
      sql`
      UPDATE sms_recipients SET state = ${MESSAGE_STATE_CODE.submitFail}, error_code = ${code}, report_at = ${now.toISOString()}::timestamptz
      WHERE task_id = ${taskId} AND state = ANY(${sql.param(ABORTABLE)}::smallint[]) RETURNING seq`,
    );
    await tx
      .update(smsTasks)
      .set({ submitFailCount: sql`${smsTasks.submitFailCount} + ${aborted.length}` })
      .where(eq(smsTasks.id, taskId));
    const current = await lockTask(tx, taskId);
    if (current && current.status === SMS_TASK_STATUS.Processing)
      await moveTask(tx, current, { type: 'send.fail' }, { finishedAt: now, reason });
  });
}

/** The sandbox carrier's report job: its reports for the keys, recorded; early ones are retried. */
export async function handleCarrierReports(runtime: SmsRuntime, keys: string[]): Promise<void> {
  const reports = await sandboxReports(runtime.deps.database.db, runtime.deps.clock, keys);
  const notReady = await recordDeliveryReports(runtime, reports);
  if (notReady.length)
    throw new Error(`${notReady.length} reports arrived before their submission was recorded; retrying`);
}

/**
 * Records delivery reports (from any carrier): each message takes one report, from `submitted`
 * only, so a repeated report changes nothing. Answers the keys whose submission is not recorded yet.
 */
export async function recordDeliveryReports(runtime: SmsRuntime, reports: DeliveryReport[]): Promise<string[]> {
  const byTask = new Map<number, DeliveryReport[]>();
  for (const report of reports) {
    const [task, seq] = report.key.split(':').map(Number);
    if (!Number.isSafeInteger(task) || !Number.isSafeInteger(seq)) continue;
    byTask.set(task, [...(byTask.get(task) ?? []), report]);
  }
  const notReady: string[] = [];
  const outcomeCode = {
    success: MESSAGE_STATE_CODE.success,
    fail: MESSAGE_STATE_CODE.fail,
    unknown: MESSAGE_STATE_CODE.unknown,
  } as const;
  for (const [taskId, taskReports] of byTask) {
    const now = runtime.deps.clock.now();
    const seqs = taskReports.map((r) => Number(r.key.split(':')[1]));
    const callbackIds = await runtime.deps.database.db.transaction(async (tx) => {
      const task = await lockTask(tx, taskId);
      if (!task) return [];
      const updated = await rowsOf<{ seq: number; phone: string; state: number; error_code: string }>(
        tx,
        sql`
        UPDATE sms_recipients r SET state = u.state, error_code = u.code, report_at = ${now.toISOString()}::timestamptz
        FROM unnest(${sql.param(seqs)}::int[], ${sql.param(taskReports.map((r) => outcomeCode[r.outcome]))}::smallint[], ${sql.param(taskReports.map((r) => r.errorCode))}::text[]) AS u(seq, state, code)
        WHERE r.task_id = ${taskId} AND r.seq = u.seq AND r.state = ANY(${sql.param(REPORTABLE)}::smallint[])
        RETURNING r.seq, r.phone, r.state, r.error_code`,
      );
      const early = await rowsOf<{ seq: number }>(
        tx,
        sql`SELECT seq FROM sms_recipients WHERE task_id = ${taskId} AND seq = ANY(${sql.param(seqs)}::int[]) AND state = ANY(${sql.param(CLAIMABLE)}::smallint[])`,
      );
      notReady.push(...early.map((r) => messageKeyOf(taskId, r.seq)));
      const count = (code: number) => updated.filter((r) => r.state === code).length;
      await applyCounts(
        tx,
        taskId,
        {
          success: count(MESSAGE_STATE_CODE.success),
          fail: count(MESSAGE_STATE_CODE.fail),
          unknown: count(MESSAGE_STATE_CODE.unknown),
        },
        now,
      );
      const callbackReports: CallbackReport[] = updated.map((r) => ({
        RecordId: recordIdOf(taskId, r.seq),
        Phone: r.phone,
        Result: MESSAGE_RESULT_OF_CODE[r.state],
        ErrorCode: r.error_code,
        ReportTime: unix(now),
      }));
      return queueCallbackReports(tx, task.userId, task, callbackReports, now);
    });
    await enqueueCallbacks(runtime, callbackIds);
  }
  return notReady;
}

/** Unfinished groups of a processing task, and its submitted messages still without a report. */
export async function unfinishedWork(db: Db, task: SmsTaskRow): Promise<{ groups: number[]; unreported: string[] }> {
  const groups = await rowsOf<{ g: number }>(
    db,
    sql`SELECT DISTINCT seq / ${task.groupSize} AS g FROM sms_recipients WHERE task_id = ${task.id} AND state = ANY(${sql.param(CLAIMABLE)}::smallint[]) ORDER BY g`,
  );
  const unreported = await rowsOf<{ seq: number }>(
    db,
    sql`SELECT seq FROM sms_recipients WHERE task_id = ${task.id} AND state = ANY(${sql.param(REPORTABLE)}::smallint[])`,
  );
  return { groups: groups.map((r) => Number(r.g)), unreported: unreported.map((r) => messageKeyOf(task.id, r.seq)) };
}
