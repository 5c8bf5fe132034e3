import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { messageKeyOf, recordDeliveryReports } from './delivery';
import { channelOf } from './registry';
import type { ChannelRuntime } from './runtime';

// Late reports (docs/decisions.md "Late delivery reports"), for every channel: a message submitted more
// than `lateReportMs` ago (72 h by default) whose report never came is recorded as Unknown, as if the
// carrier had reported it so: counts, callbacks, and the task finishing when its lifecycle lets it
// (SMS and MMS Processing -> Complete; voice ends at Submit success and is not moved).
// Only `submitted` messages take a report, so a re-run changes nothing.

const CHUNK = 1000;

/** Records the late reports of every channel as Unknown; answers how many messages it settled. */
export async function expireLateReports(runtime: ChannelRuntime): Promise<number> {
  const { db } = runtime.deps.database;
  const cutoff = new Date(runtime.deps.clock.nowMs() - runtime.deps.smsSettings.lateReportMs).toISOString();
  // Tasks started before the cutoff whose counts still miss results (the task row alone says so).
  const tasks = await rowsOf<{ id: number; channel: string }>(
    db,
    sql`SELECT id, channel FROM channel_tasks
    WHERE started_at <= ${cutoff}::timestamptz
      AND success_count + fail_count + unknown_count + submit_fail_count < total_count`,
  );
  let settled = 0;
  for (const task of tasks) {
    const waiting = channelOf(task.channel).lifecycles.message.statusesAllowing('report.unknown');
    const late = await rowsOf<{ seq: number }>(
      db,
      sql`SELECT seq FROM channel_recipients
      WHERE task_id = ${task.id} AND state = ANY(${sql.param(waiting)}::smallint[]) AND submit_at <= ${cutoff}::timestamptz
      ORDER BY seq`,
    );
    for (let i = 0; i < late.length; i += CHUNK) {
      await recordDeliveryReports(
        runtime,
        late
          .slice(i, i + CHUNK)
          .map((r) => ({ key: messageKeyOf(Number(task.id), r.seq), outcome: 'unknown' as const, errorCode: '' })),
      );
    }
    settled += late.length;
  }
  return settled;
}
