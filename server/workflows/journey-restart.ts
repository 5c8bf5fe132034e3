import { eq, sql } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { SqlRunner } from '../db/database';
import { audienceAttributes, audienceLists, users } from '../db/schema';
import { DEMO_EMAIL } from '../db/seed';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { referencePath } from './engine-reference';
import { moveJourney } from './journeys';
import { saveWorkflow } from './store';
import { journeyFixtures } from './testkit';

// The journey of the kill-and-restart test (journey-restart.test.ts) and of the journey bench
// (bench/journey.ts), both run by journey-restart-fixture.ts: the demo account's contacts enter from a
// list, wait a minute, and split three ways on their Tier attribute — gold gets an SMS, silver an e-mail,
// the rest leave. What a finished run must look like is checked here, against engine-reference.ts.

const TAG = 'RESTART';
const at = { x: 0, y: 0 };

export const restartJourney = (listId: number): WorkflowDocument => ({
  nodes: [
    {
      id: 'n0',
      kind: 'trigger',
      position: at,
      config: { source: 'list', audienceId: `L${listId}`, attribute: '', event: '' },
    },
    { id: 'n1', kind: 'delay', position: at, config: { amount: 1, unit: 'minute' } },
    {
      id: 'n2',
      kind: 'condition',
      position: at,
      config: { audienceId: `L${listId}`, rules: [{ kind: 'attribute', value: 'Tier=gold' }] },
    },
    { id: 'n3', kind: 'sms', position: at, config: { templateId: `UT${TAG}` } },
    {
      id: 'n4',
      kind: 'condition',
      position: at,
      config: { audienceId: `L${listId}`, rules: [{ kind: 'attribute', value: 'Tier=silver' }] },
    },
    { id: 'n5', kind: 'email', position: at, config: { templateId: `ET${TAG}` } },
    { id: 'n6', kind: 'exit', position: at, config: {} },
  ],
  edges: [
    { id: 'e0', source: 'n0', target: 'n1' },
    { id: 'e1', source: 'n1', target: 'n2' },
    { id: 'e2', source: 'n2', target: 'n3', branch: 'yes' },
    { id: 'e3', source: 'n2', target: 'n4', branch: 'no' },
    { id: 'e4', source: 'n3', target: 'n6' },
    { id: 'e5', source: 'n4', target: 'n5', branch: 'yes' },
    { id: 'e6', source: 'n4', target: 'n6', branch: 'no' },
    { id: 'e7', source: 'n5', target: 'n6' },
  ],
});

/** `contacts` contacts of the demo account in one list, and the journey started on it (its runs queued). */
export async function prepareRestartJourney(deps: ServerDeps, contacts: number) {
  const db = deps.database.db;
  const now = deps.clock.now();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  await journeyFixtures(db, user.id, TAG, now, 1_000_000_000_000);
  const [tier] = await db
    .insert(audienceAttributes)
    .values({ userId: user.id, name: 'Tier', type: 2, createdAt: now })
    .returning({ id: audienceAttributes.id });
  const [list] = await db
    .insert(audienceLists)
    .values({ userId: user.id, name: 'Journey restart', createdAt: now, updatedAt: now })
    .returning({ id: audienceLists.id });
  await db.execute(sql`INSERT INTO audience_contacts (user_id, phone, email, first_name, attributes, created_at, updated_at)
    SELECT ${user.id}, '+1415' || lpad(g::text, 7, '0'), 'j' || g || '@example.com', 'J' || g,
      jsonb_build_object(${String(tier.id)}::text, (ARRAY['gold', 'silver', 'bronze'])[g % 3 + 1]), ${now}, ${now}
    FROM generate_series(1, ${contacts}) AS g`);
  await db.execute(sql`INSERT INTO audience_list_members (list_id, contact_id, added_at)
    SELECT ${list.id}, id, ${now} FROM audience_contacts WHERE user_id = ${user.id}`);
  const saved = await saveWorkflow(db, user.id, { Name: 'Restart journey', Document: restartJourney(list.id) }, now);
  const started = performance.now();
  await moveJourney(deps, user.id, saved.seqId, 'workflow.start');
  return { seqId: saved.seqId, enrolMs: performance.now() - started };
}

export interface JourneyProgress {
  /** Steps taken: the sum of the runs' step counts (each step's claim row and the run's count move together). */
  steps: number;
  scheduled: number;
  queued: number;
  ended: number;
  total: number;
  /** Runs past the delay (trigger and delay taken: step ≥ 2, or ended): "every contact scheduled" is this = total. */
  pastDelay: number;
  /** The latest wait of the scheduled runs. */
  due: Date | null;
}

/**
 * One pass over the runs (the bench reads it every few seconds in the worker's own database thread): the
 * steps are the runs' step counts summed, not a count of every claim row, which grew with the journey.
 */
export async function journeyProgress(db: SqlRunner): Promise<JourneyProgress> {
  const [row] = (
    await db.query<Omit<JourneyProgress, 'due'> & { due: string | Date | null }>(
      `SELECT coalesce(sum(step), 0)::int AS steps,
        (count(*) FILTER (WHERE status = 0))::int AS scheduled, (count(*) FILTER (WHERE status = 1))::int AS queued,
        (count(*) FILTER (WHERE status NOT IN (0, 1)))::int AS ended, count(*)::int AS total,
        (count(*) FILTER (WHERE step >= 2 OR status NOT IN (0, 1)))::int AS "pastDelay",
        max(due_at) FILTER (WHERE status = 0) AS due
      FROM workflow_runs`,
    )
  ).rows;
  return { ...row, due: row.due === null ? null : new Date(row.due) };
}

/**
 * The finished journey, read from the database: every run complete along the reference path, each step
 * once; each message step one kernel task to the contact, none doubled, none without its step.
 */
export async function checkRestartJourney(db: SqlRunner) {
  const runs = (
    await db.query<{ phone: string; email: string; tier: string; status: number; node: string; steps: string }>(
      `SELECT c.phone, c.email, (SELECT v.value FROM jsonb_each_text(c.attributes) v LIMIT 1) AS tier, r.status,
        r.node_id AS node, coalesce(string_agg(s.node_id || ':' || s.outcome, ' ' ORDER BY s.step), '') AS steps
      FROM workflow_runs r JOIN audience_contacts c ON c.id = r.contact_id
      LEFT JOIN workflow_run_steps s ON s.run_id = r.id GROUP BY r.id, c.id`,
    )
  ).rows;
  const listId = Number(
    (await db.query<{ id: number }>(`SELECT id::int FROM audience_lists WHERE name = 'Journey restart'`)).rows[0].id,
  );
  const document = restartJourney(listId);
  let mismatched = 0;
  let expectedSteps = 0;
  let example = '';
  for (const run of runs) {
    const path = referencePath(document, {
      phone: run.phone,
      email: run.email,
      firstName: '',
      lastName: '',
      attributes: { Tier: run.tier },
      audiences: [`L${listId}`],
      suppressed: [],
    })!;
    expectedSteps += path.steps.length;
    const expected = path.steps.map((step) => `${step.nodeId}:${step.outcome}`).join(' ');
    if (expected !== run.steps || path.status !== run.status || path.nodeId !== run.node) {
      mismatched++;
      example ||= `${run.phone}: ${run.steps} (${run.status}) where ${expected} (${path.status}) was expected`;
    }
  }
  const [sends] = (
    await db.query<{
      tasks: number;
      distinct_sends: number;
      steps_with_task: number;
      orphans: number;
      missing: number;
    }>(
      `WITH t AS (SELECT t.task_id, t.channel, unnest(i.addresses) AS address FROM channel_tasks t
          JOIN channel_task_inputs i ON i.task_id = t.id WHERE t.name LIKE 'Journey%'),
        s AS (SELECT task_id FROM workflow_run_steps WHERE task_id <> '')
      SELECT (SELECT count(*)::int FROM t) AS tasks,
        (SELECT count(DISTINCT (channel, address))::int FROM t) AS distinct_sends,
        (SELECT count(*)::int FROM s) AS steps_with_task,
        (SELECT count(*)::int FROM t WHERE task_id NOT IN (SELECT task_id FROM s)) AS orphans,
        (SELECT count(*)::int FROM s WHERE task_id NOT IN (SELECT task_id FROM t)) AS missing`,
    )
  ).rows;
  // The restart journey has no loop: a node taken twice by one run (at two places) is a doubled step.
  const [steps] = (
    await db.query<{ steps: number; distinct_steps: number }>(
      `SELECT count(*)::int AS steps, count(DISTINCT (run_id, node_id))::int AS distinct_steps FROM workflow_run_steps`,
    )
  ).rows;
  return {
    runs: runs.length,
    completed: runs.filter((run) => run.status === 2).length,
    mismatched,
    example,
    steps: steps.steps,
    expectedSteps,
    doubledSteps: steps.steps - steps.distinct_steps,
    kernelTasks: sends.tasks,
    /** Messages beyond one per contact and channel: a step that sent twice. */
    doubledSends: sends.tasks - sends.distinct_sends,
    expectedSends: runs.filter((run) => run.tier === 'gold' || run.tier === 'silver').length,
    tasksWithoutStep: sends.orphans,
    stepsWithoutTask: sends.missing,
  };
}
