import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks } from '../db/schema';
import { debit, credit } from '../money/ledger';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { DeliveryReport } from '../providers/carrier';
import { rowsOf } from '../db/rows';
import { unix } from '../lib/time';
import { QUEUE } from '../queue';
import type { ChannelDescription, KernelMessageEvent } from './channel';
import { channelOf } from './registry';
import type { ChannelRuntime } from './runtime';
import { applyCounts, lockTask, moveTask, taskCan, type CountDelta, type TaskRow } from './task-store';
import { queueCallbackReports, type CallbackReport } from './callbacks';

// Delivery, for every channel: a started task is cut into groups of `groupSize` recipients (seq ranges) that go out at
// `groupIntervalMs` intervals (spec 001 §9). A group job claims its messages, debits the group once
// (ledger key <channel>:<task>:g<n>, from the channel's wallet), submits them with task:recipient keys, and records the answers.
// Every step is safe to repeat: a crash anywhere re-runs the group and the carrier answers a key it
// has seen with its first result, so no recipient is sent twice.

/** Message state codes from which an event is allowed: the WHERE of every bulk UPDATE. */
const allowing = (channel: ChannelDescription, event: KernelMessageEvent) =>
  channel.lifecycles.message.statusesAllowing(event);

export const recordIdOf = (taskInternalId: number, seq: number) => `${taskInternalId}-${seq}`;
export const messageKeyOf = (taskInternalId: number, seq: number) => `${taskInternalId}:${seq}`;

async function enqueueCallbacks(runtime: ChannelRuntime, ids: number[]): Promise<void> {
  for (const id of ids) await runtime.deps.jobs.send(QUEUE.callback, { id });
}

/** Waiting -> processing when the send time has come, then one job per group. */
export async function startTask(runtime: ChannelRuntime, taskId: number): Promise<void> {
  const { database, clock } = runtime.deps;
  const now = clock.now();
  const outcome = await database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || !taskCan(task, 'send.start')) return null;
    const due = dueAt(task, now);
    if (due > now.getTime()) return { later: due - now.getTime(), started: null };
    return { later: 0, started: await moveTask(tx, task, 'send.start', { startedAt: now }) };
  });
  if (!outcome) return;
  if (!outcome.started) {
    await runtime.deps.jobs.send(QUEUE.taskStart, { taskId }, { startAfterMs: Math.min(outcome.later, 3_600_000) });
    return;
  }
  await enqueueGroups(runtime, outcome.started, range(outcome.started.groupCount));
}

/** When a task may send: its send time, then the channel's window (voice's call period) from then. */
function dueAt(task: TaskRow, now: Date): number {
  const from = new Date(Math.max(task.sendAt.getTime(), now.getTime()));
  return (channelOf(task.channel).sendableAt?.(task, from) ?? from).getTime();
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export async function enqueueGroups(runtime: ChannelRuntime, task: TaskRow, groups: number[]): Promise<void> {
  const base = Date.now();
  await runtime.deps.jobs.sendMany(
    QUEUE.sendGroup,
    groups.map((groupNo, i) => ({
      data: { taskId: task.id, groupNo },
      options: { startAfter: new Date(base + i * runtime.deps.smsSettings.groupIntervalMs) },
    })),
  );
}

/** How long a group waits for its channel's room (WhatsApp's tier): the recipients it has yet to claim. */
async function waitForRoom(runtime: ChannelRuntime, taskId: number, groupNo: number): Promise<number> {
  const [task] = await runtime.deps.database.db.select().from(channelTasks).where(eq(channelTasks.id, taskId));
  const channel = task && channelOf(task.channel);
  if (!channel?.roomWaitMs || !taskCan(task, 'send.fail')) return 0;
  const from = groupNo * task.groupSize;
  const [{ n }] = await rowsOf<{ n: string }>(
    runtime.deps.database.db,
    sql`SELECT count(*) AS n FROM channel_recipients WHERE task_id = ${taskId} AND seq >= ${from} AND seq < ${from + task.groupSize}
      AND state = ANY(${sql.param(allowing(channel, 'send.claim'))}::smallint[])`,
  );
  return Number(n) === 0 ? 0 : channel.roomWaitMs(runtime.deps, task, Number(n), runtime.deps.clock.now());
}

interface ClaimedMessage {
  seq: number;
  address: string;
  params: string[] | null;
  segments: number;
}

export async function sendGroup(runtime: ChannelRuntime, taskId: number, groupNo: number): Promise<void> {
  const { database, clock } = runtime.deps;
  const db = database.db;
  let claimed: { task: TaskRow; messages: ClaimedMessage[] } | { waitMs: number } | null;
  const roomWait = await waitForRoom(runtime, taskId, groupNo);
  if (roomWait > 0) {
    await runtime.deps.jobs.send(QUEUE.sendGroup, { taskId, groupNo }, { startAfterMs: Math.min(roomWait, 3_600_000) });
    return;
  }
  try {
    claimed = await db.transaction(async (tx) => {
      const task = await lockTask(tx, taskId);
      if (!task || !taskCan(task, 'send.fail')) return null;
      const channel = channelOf(task.channel);
      // A group due outside the channel's window (a voice call after 20:00) waits for it, unclaimed.
      const waitMs = dueAt(task, clock.now()) - clock.now().getTime();
      if (waitMs > 0) return { waitMs };
      const from = groupNo * task.groupSize;
      const to = from + task.groupSize;
      const messages = await rowsOf<ClaimedMessage>(
        tx,
        sql`
        UPDATE channel_recipients SET state = ${channel.lifecycles.messageCodes.sending}
        WHERE task_id = ${taskId} AND seq >= ${from} AND seq < ${to} AND state = ANY(${sql.param(allowing(channel, 'send.claim'))}::smallint[])
        RETURNING seq, address, params, segments`,
      );
      if (messages.length && !task.trial && !channel.paysItself) {
        // The whole group's parts, whatever their state: the same amount on every retry.
        const [{ parts }] = await rowsOf<{ parts: string }>(
          tx,
          sql`SELECT COALESCE(SUM(segments), 0) AS parts FROM channel_recipients WHERE task_id = ${taskId} AND seq >= ${from} AND seq < ${to}`,
        );
        const amount = Number(parts) * task.price;
        if (amount > 0) {
          await debit(tx, {
            userId: task.userId,
            productType: channel.wallet,
            productId: channel.productId,
            amount,
            billType: 'deduct',
            uniqueKey: `${channel.id}:${task.taskId}:g${groupNo}`,
            description: `${channel.label} ${task.taskId} group ${groupNo + 1}`,
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
  if (claimed && 'waitMs' in claimed) {
    await runtime.deps.jobs.send(
      QUEUE.sendGroup,
      { taskId, groupNo },
      { startAfterMs: Math.min(claimed.waitMs, 3_600_000) },
    );
    return;
  }
  if (!claimed || claimed.messages.length === 0) return;
  const { task, messages } = claimed;
  const channel = channelOf(task.channel);
  const codes = channel.lifecycles.messageCodes;
  const results = await runtime.providerOf(channel).submit(
    messages.map((m) => ({
      key: messageKeyOf(taskId, m.seq),
      phone: m.address,
      body: channel.render(task.content, m.params ?? []),
      senderId: task.senderId,
    })),
  );
  const bySeq = new Map(results.map((r) => [Number(r.key.split(':')[1]), r]));
  const accepted = messages.filter((m) => bySeq.get(m.seq)?.accepted).map((m) => m.seq);
  const refused = messages.filter((m) => bySeq.get(m.seq) && !bySeq.get(m.seq)!.accepted);
  const now = clock.now();
  const callbackIds = await db.transaction(async (tx) => {
    await lockTask(tx, taskId);
    const price = task.trial || channel.paysItself ? 0 : task.price;
    const acceptedRows = await rowsOf<{ cost: string }>(
      tx,
      sql`
      UPDATE channel_recipients SET state = ${codes.submitted}, submit_at = ${now.toISOString()}::timestamptz, cost = segments * ${price}
      WHERE task_id = ${taskId} AND seq = ANY(${sql.param(accepted)}::int[]) AND state = ANY(${sql.param(allowing(channel, 'carrier.accept'))}::smallint[])
      RETURNING cost`,
    );
    const refusedRows = await rowsOf<{ seq: number; address: string; segments: number; error_code: string }>(
      tx,
      sql`
      UPDATE channel_recipients r SET state = ${codes.submitFail}, submit_at = ${now.toISOString()}::timestamptz, report_at = ${now.toISOString()}::timestamptz, error_code = u.code
      FROM unnest(${sql.param(refused.map((m) => m.seq))}::int[], ${sql.param(refused.map((m) => bySeq.get(m.seq)!.errorCode))}::text[]) AS u(seq, code)
      WHERE r.task_id = ${taskId} AND r.seq = u.seq AND r.state = ANY(${sql.param(allowing(channel, 'carrier.refuse'))}::smallint[])
      RETURNING r.seq, r.address, r.segments, r.error_code`,
    );
    const refund = refusedRows.reduce((sum, r) => sum + r.segments, 0) * price;
    if (refund > 0) {
      await credit(tx, {
        userId: task.userId,
        productType: channel.wallet,
        productId: channel.productId,
        amount: refund,
        billType: 'refund',
        uniqueKey: `${channel.id}:${task.taskId}:g${groupNo}:refund`,
        description: `${channel.label} ${task.taskId} group ${groupNo + 1}: refused by the carrier`,
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
        Phone: r.address,
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
export async function abortTask(runtime: ChannelRuntime, taskId: number, code: string, reason: string): Promise<void> {
  const now = runtime.deps.clock.now();
  await runtime.deps.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || !taskCan(task, 'send.fail')) return;
    const channel = channelOf(task.channel);
    const aborted = await rowsOf<{ seq: number }>(
      tx,
      sql`
      UPDATE channel_recipients SET state = ${channel.lifecycles.messageCodes.submitFail}, error_code = ${code}, report_at = ${now.toISOString()}::timestamptz
      WHERE task_id = ${taskId} AND state = ANY(${sql.param(allowing(channel, 'send.abort'))}::smallint[]) RETURNING seq`,
    );
    await tx
      .update(channelTasks)
      .set({ submitFailCount: sql`${channelTasks.submitFailCount} + ${aborted.length}` })
      .where(eq(channelTasks.id, taskId));
    const current = await lockTask(tx, taskId);
    if (current && taskCan(current, 'send.fail')) await moveTask(tx, current, 'send.fail', { finishedAt: now, reason });
  });
}

/** How often, a second apart, a report that came before its submission was recorded is tried again. */
export const EARLY_REPORT_ATTEMPTS = 60;

/**
 * The report job: each channel's provider answers the reports of its keys. A carrier may report a message
 * before its submission is recorded (the submit transaction of a large group is still open): those keys
 * alone go back on the queue a second later, so the recorded ones are not redone and the early ones do
 * not wait out the queue's exponential back-off. After EARLY_REPORT_ATTEMPTS the late-report sweep has them.
 */
export async function handleCarrierReports(runtime: ChannelRuntime, keys: string[], attempt = 0): Promise<void> {
  const taskIds = [...new Set(keys.map((key) => Number(key.split(':')[0])).filter(Number.isSafeInteger))];
  const tasks = await rowsOf<{ id: number; channel: string }>(
    runtime.deps.database.db,
    sql`SELECT id, channel FROM channel_tasks WHERE id = ANY(${sql.param(taskIds)}::bigint[])`,
  );
  const channelOfTask = new Map(tasks.map((t) => [Number(t.id), t.channel]));
  const reports: DeliveryReport[] = [];
  for (const channelId of new Set(channelOfTask.values())) {
    const own = keys.filter((key) => channelOfTask.get(Number(key.split(':')[0])) === channelId);
    reports.push(...(await runtime.providerOf(channelOf(channelId)).reports(own)));
  }
  const notReady = await recordDeliveryReports(runtime, reports);
  if (notReady.length && attempt < EARLY_REPORT_ATTEMPTS)
    await runtime.deps.jobs.send(
      QUEUE.carrierReports,
      { keys: notReady, attempt: attempt + 1 },
      { startAfterMs: 1_000 },
    );
}

/**
 * Records delivery reports (from any carrier): each message takes one report, from `submitted`
 * only, so a repeated report changes nothing. Answers the keys whose submission is not recorded yet.
 */
export async function recordDeliveryReports(runtime: ChannelRuntime, reports: DeliveryReport[]): Promise<string[]> {
  const byTask = new Map<number, DeliveryReport[]>();
  for (const report of reports) {
    const [task, seq] = report.key.split(':').map(Number);
    if (!Number.isSafeInteger(task) || !Number.isSafeInteger(seq)) continue;
    const own = byTask.get(task);
    if (own) own.push(report);
    else byTask.set(task, [report]);
  }
  const notReady: string[] = [];
  for (const [taskId, taskReports] of byTask) {
    const now = runtime.deps.clock.now();
    const seqs = taskReports.map((r) => Number(r.key.split(':')[1]));
    let reported: { channel: ChannelDescription; userId: number } | null = null;
    const callbackIds = await runtime.deps.database.db.transaction(async (tx) => {
      const task = await lockTask(tx, taskId);
      if (!task) return [];
      const channel = channelOf(task.channel);
      reported = { channel, userId: task.userId };
      const codes = channel.lifecycles.messageCodes;
      const outcomeCode = { success: codes.success, fail: codes.fail, unknown: codes.unknown } as const;
      const stateOf = (r: DeliveryReport) =>
        r.outcome === 'fail' ? (codes.failByCode?.[r.errorCode] ?? codes.fail) : outcomeCode[r.outcome];
      const failCodes = new Set([codes.fail, ...Object.values(codes.failByCode ?? {})]);
      const updated = await rowsOf<{ seq: number; address: string; state: number; error_code: string }>(
        tx,
        sql`
        UPDATE channel_recipients r SET state = u.state, error_code = u.code, report_at = ${now.toISOString()}::timestamptz, call_seconds = u.secs
        FROM unnest(${sql.param(seqs)}::int[], ${sql.param(taskReports.map(stateOf))}::smallint[], ${sql.param(taskReports.map((r) => r.errorCode))}::text[],
          ${sql.param(taskReports.map((r) => r.callSeconds ?? null))}::int[]) AS u(seq, state, code, secs)
        WHERE r.task_id = ${taskId} AND r.seq = u.seq AND r.state = ANY(${sql.param(allowing(channel, 'report.success'))}::smallint[])
        RETURNING r.seq, r.address, r.state, r.error_code`,
      );
      const early = await rowsOf<{ seq: number }>(
        tx,
        sql`SELECT seq FROM channel_recipients WHERE task_id = ${taskId} AND seq = ANY(${sql.param(seqs)}::int[]) AND state = ANY(${sql.param(allowing(channel, 'send.claim'))}::smallint[])`,
      );
      notReady.push(...early.map((r) => messageKeyOf(taskId, r.seq)));
      const count = (code: number) => updated.filter((r) => r.state === code).length;
      await applyCounts(
        tx,
        taskId,
        {
          success: count(codes.success),
          fail: updated.filter((r) => failCodes.has(r.state)).length,
          unknown: count(codes.unknown),
        },
        now,
      );
      const callbackReports: CallbackReport[] = updated.map((r) => ({
        RecordId: recordIdOf(taskId, r.seq),
        Phone: r.address,
        Result: channel.lifecycles.messageResults[r.state],
        ErrorCode: r.error_code,
        ReportTime: unix(now),
      }));
      return queueCallbackReports(tx, task.userId, task, callbackReports, now);
    });
    await enqueueCallbacks(runtime, callbackIds);
    const after = reported as { channel: ChannelDescription; userId: number } | null;
    if (after?.channel.afterReports) await after.channel.afterReports(runtime.deps, after.userId);
  }
  return notReady;
}

/** Unfinished groups of a processing task, and its submitted messages still without a report. */
export async function unfinishedWork(db: Db, task: TaskRow): Promise<{ groups: number[]; unreported: string[] }> {
  const channel = channelOf(task.channel);
  const groups = await rowsOf<{ g: number }>(
    db,
    sql`SELECT DISTINCT seq / ${task.groupSize} AS g FROM channel_recipients WHERE task_id = ${task.id} AND state = ANY(${sql.param(allowing(channel, 'send.claim'))}::smallint[]) ORDER BY g`,
  );
  const unreported = await rowsOf<{ seq: number }>(
    db,
    sql`SELECT seq FROM channel_recipients WHERE task_id = ${task.id} AND state = ANY(${sql.param(allowing(channel, 'report.success'))}::smallint[])`,
  );
  return { groups: groups.map((r) => Number(r.g)), unreported: unreported.map((r) => messageKeyOf(task.id, r.seq)) };
}
