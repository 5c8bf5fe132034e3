import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { channelTaskAudiences, channelTasks } from '../db/schema';
import { ApiError } from '../errors';
import { MEMBER_CLASS, memberPages, type AddressKind } from '../audience/send-source';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { channelOf } from './registry';
import type { ChannelRuntime } from './runtime';
import { lockTask, moveTask, taskCan, type TaskRow } from './task-store';

// The parse job of a task sent to a list or a segment (issue 12 item 6): the members are read at
// parsing, AUDIENCE_PAGE contacts at a time by contact id; each page's sendable members become
// recipients (seq after the last stored one) with their variable values and parts, and the page's
// suppressed and address-less members are counted, all in one transaction with the cursor. A crash
// re-runs from the cursor; a second run of the same task finds the cursor moved and stops.

const AUDIENCE_PAGE = 5_000;

type AudienceRow = typeof channelTaskAudiences.$inferSelect;

export async function parseAudienceTask(runtime: ChannelRuntime, task: TaskRow, source: AudienceRow): Promise<void> {
  const { db } = runtime.deps.database;
  const channel = channelOf(task.channel);
  if (channel.recipientKind === 'chatId') throw new Error(`channel ${channel.id} has no audience address`);
  let page: Awaited<ReturnType<typeof memberPages>>;
  try {
    page = await memberPages(
      db,
      task.userId,
      { listId: source.listId, segmentRules: source.segmentRules },
      { channel: channel.id, addressKind: channel.recipientKind as AddressKind, phonePrefix: task.phonePrefix },
      source.variableMapping,
      runtime.deps.clock.now(),
    );
  } catch (error) {
    // The segment names a list or an attribute deleted since the task was accepted.
    if (error instanceof ApiError) return failParse(runtime, task.id, 'audienceChanged');
    throw error;
  }
  let cursor = source.cursorContactId;
  let seq = task.parsedCount;
  for (;;) {
    const members = await page(cursor, AUDIENCE_PAGE);
    if (members.length === 0) break;
    const sendable = members.filter((m) => m.cls === MEMBER_CLASS.Sendable);
    const params = sendable.map((m) => (task.variableCount ? m.params : null));
    const segments = sendable.map((m) => channel.parts(channel.render(task.content, m.params), task.countryCode));
    const lastId = members[members.length - 1].id;
    const from = seq;
    const moved = await db.transaction(async (tx) => {
      const [row] = await rowsOf<{ cursor: number | string }>(
        tx,
        sql`SELECT cursor_contact_id AS cursor FROM channel_task_audiences WHERE task_id = ${task.id} FOR UPDATE`,
      );
      if (!row || Number(row.cursor) !== cursor) return false;
      if (sendable.length)
        await tx.execute(sql`
          INSERT INTO channel_recipients (task_id, seq, address, params, segments)
          SELECT ${task.id}, u.seq, u.address, u.params, u.segments FROM unnest(
            ${sql.param(sendable.map((_, i) => from + i))}::int[],
            ${sql.param(sendable.map((m) => m.address))}::text[],
            ${sql.param(params.map((p) => (p === null ? null : JSON.stringify(p))))}::jsonb[],
            ${sql.param(segments)}::int[]
          ) AS u(seq, address, params, segments)
          ON CONFLICT DO NOTHING`);
      await tx
        .update(channelTasks)
        .set({
          parsedCount: from + sendable.length,
          suppressedCount: sql`${channelTasks.suppressedCount} + ${count(members, MEMBER_CLASS.Suppressed)}`,
          noAddressCount: sql`${channelTasks.noAddressCount} + ${count(members, MEMBER_CLASS.NoAddress)}`,
        })
        .where(eq(channelTasks.id, task.id));
      await tx
        .update(channelTaskAudiences)
        .set({ cursorContactId: lastId })
        .where(eq(channelTaskAudiences.taskId, task.id));
      return true;
    });
    // Another run of this job is ahead of this one: it finishes the task.
    if (!moved) return;
    cursor = lastId;
    seq += sendable.length;
    if (members.length < AUDIENCE_PAGE) break;
  }
  await finishParse(runtime, task.id);
}

const count = (members: { cls: number }[], cls: number) => members.filter((m) => m.cls === cls).length;

/** The task's figures from the recipients it got, then pending (and review), or failed when nobody is sendable. */
async function finishParse(runtime: ChannelRuntime, taskId: number): Promise<void> {
  const { db } = runtime.deps.database;
  const parsed = await db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || !taskCan(task, 'parse.done')) return false;
    const [totals] = await rowsOf<{ n: number; max: number; sum: string | number }>(
      tx,
      sql`SELECT count(*)::int AS n, coalesce(max(segments), 0)::int AS max, coalesce(sum(segments), 0) AS sum
        FROM channel_recipients WHERE task_id = ${taskId}`,
    );
    await tx.delete(channelTaskAudiences).where(eq(channelTaskAudiences.taskId, taskId));
    const total = Number(totals.n);
    if (total === 0) {
      await moveTask(tx, task, 'parse.fail', { reason: 'audienceEmpty', finishedAt: runtime.deps.clock.now() });
      return false;
    }
    const totalSegments = Number(totals.sum);
    await moveTask(tx, task, 'parse.done', {
      totalCount: total,
      parsedCount: total,
      segments: Number(totals.max),
      totalSegments,
      estimatedCost: totalSegments * task.price,
      groupCount: Math.ceil(total / task.groupSize),
    });
    return true;
  });
  if (parsed) await enqueueAfterCommit(runtime.deps, QUEUE.taskReview, { taskId });
}

async function failParse(runtime: ChannelRuntime, taskId: number, reason: string): Promise<void> {
  await runtime.deps.database.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (!task || !taskCan(task, 'parse.done')) return;
    await tx.delete(channelTaskAudiences).where(eq(channelTaskAudiences.taskId, taskId));
    await moveTask(tx, task, 'parse.fail', { reason, finishedAt: runtime.deps.clock.now() });
  });
}
