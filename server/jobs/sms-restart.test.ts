import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { runChild } from '../testing/child-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-sms-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fixture = path.join(import.meta.dirname, 'sms-restart-fixture.ts');

/** Runs the fixture (its job polling quickened); `killWhen` may SIGKILL it on a stdout line. */
const run = (args: string[], killWhen?: (line: string) => boolean) =>
  runChild(fixture, args, { killWhen, env: { ...process.env, SMS_JOB_POLL_SECONDS: '0.5' } });

it('a worker killed in the middle of a task loses nothing and sends nothing twice', async () => {
  const total = 60;
  const prepared = await run(['prepare', dataDir, String(total)]);
  const taskId = prepared.lines.find((l) => l.startsWith('task '))?.slice(5);
  expect(taskId).toMatch(/^TK/);

  // Killed in the middle of delivery: some messages sent (and maybe reported), others not sent yet. The
  // sent count, not the results: on a busy machine the reports may all arrive in one batch at the end.
  const first = await run(['work', dataDir], (line) => {
    const m = /^progress (\d+) (\d+) \d+ (\d+)/.exec(line);
    return Boolean(m && Number(m[3]) >= 5 && Number(m[3]) < Number(m[2]));
  });
  expect(first.killed, first.lines.slice(-8).join(' / ')).toBe(true);

  const second = await run(['work', dataDir]);
  expect(second.lines.at(-1)).toBe('done');

  const database = await openDatabase({ dataDir });
  try {
    const [task] = (
      await database.query<Record<string, number>>(
        `SELECT id, status, total_count, submit_count, submit_fail_count, success_count, fail_count, unknown_count, cost, price FROM channel_tasks WHERE task_id = $1`,
        [taskId],
      )
    ).rows;
    expect(task.status).toBe(3);
    expect(task.submit_count + task.submit_fail_count).toBe(total);
    expect(task.success_count + task.fail_count + task.unknown_count + task.submit_fail_count).toBe(total);
    // The carrier saw each task:recipient key once, whatever was retried after the kill.
    const carrier = (
      await database.query<{ keys: number; distinct_keys: number; accepted: number }>(
        `SELECT count(*)::int AS keys, count(DISTINCT message_key)::int AS distinct_keys, (count(*) FILTER (WHERE accepted))::int AS accepted FROM sms_carrier_messages WHERE message_key LIKE $1`,
        [`${task.id}:%`],
      )
    ).rows[0];
    expect(carrier).toEqual({ keys: total, distinct_keys: total, accepted: task.submit_count });
    // Every recipient has exactly one final result; the ledger debited each group once.
    const states = (
      await database.query<{ pending: number }>(
        `SELECT (count(*) FILTER (WHERE state IN (0, 1, 2)))::int AS pending FROM channel_recipients WHERE task_id = $1`,
        [task.id],
      )
    ).rows[0];
    expect(states.pending).toBe(0);
    const money = (
      await database.query<{ debits: number; distinct_keys: number; net: string }>(
        `SELECT (count(*) FILTER (WHERE amount < 0))::int AS debits, count(DISTINCT unique_key)::int AS distinct_keys, -SUM(amount) AS net FROM ledger WHERE unique_key LIKE $1`,
        [`sms:${taskId}:%`],
      )
    ).rows[0];
    expect(money.debits).toBe(Math.ceil(total / 5));
    expect(Number(money.net)).toBe(Number(task.cost));
  } finally {
    await database.close();
  }
}, 300_000); // three Node processes each opening the database: over 3 min at load 15
