import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { audienceContacts, workflowRuns } from '../db/schema';
import { DAY_MS } from '../clock';
import { QUEUE } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SEQUENCE_STATUS as SEQ, WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import { runJourneyStep, runJourneySteps, sweepJourneys, type StepJob } from './engine';
import { journeyAudience, journeyOf, loopJourneyOf } from './testkit';
import { journeyTestBed } from './journey-test-bed';
import { mmsPrice } from '../mms/price';
import { COUNTRIES } from '../../src/gateway/contract/countries';

// The journey engine (issue 14 item 2): trigger(list) → SMS → delay 1 day → condition (in the VIP list)
// → e-mail (yes) / exit (no), over a few contacts. Each step is taken once per contact; a step job run
// again sends nothing twice; pause holds the runs and resume lets them go on; tenants stay apart. A loop
// through a delay takes its steps once per pass, and a step job repeated for a pass sends nothing twice.

const bed = journeyTestBed(['A', 'B']);

/** Every kernel task the account's journeys (or one journey) made, as "channel address". */
async function sends(userId: number, workflowName?: string) {
  const rows = await rowsOf<{ channel: string; address: string }>(
    bed.server.deps.database.db,
    sql`SELECT t.channel, unnest(i.addresses) AS address FROM channel_tasks t
      JOIN channel_task_inputs i ON i.task_id = t.id WHERE t.user_id = ${userId}
        AND t.name LIKE ${workflowName ? `Journey · ${workflowName}` : 'Journey%'}`,
  );
  return rows.map((row) => `${row.channel} ${row.address}`).sort();
}

/** Every step job sent so far, run again. */
async function replayStepJobs() {
  for (const job of bed.jobs.sent.filter((j) => j.queue === QUEUE.journeyStep))
    await runJourneyStep(bed.server.deps, job.data as StepJob);
}

const runsOf = (workflowSeq: string) =>
  rowsOf<{ status: number; nodeId: string }>(
    bed.server.deps.database.db,
    sql`SELECT r.status, r.node_id AS "nodeId" FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      WHERE w.seq_id = ${workflowSeq} ORDER BY r.contact_id`,
  );

describe('a journey over a list', () => {
  it('takes every contact through each step once; a step job run again sends nothing twice', async () => {
    const tag = bed.ownerTag;
    const { listId, vipId, emails } = await journeyAudience(bed.owner, 3);
    // the account's e-mail footer goes into the journey's mails as into a console task's
    await bed.owner.api('SaveEmailFooter', { Logo: 'none', Line: 'Journey Co · 2 Quay Street' });
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Welcome journey',
      Document: journeyOf(listId, vipId, tag),
    });
    const started = await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    expect(started.Status).toBe(WORKFLOW_STATUS.Running);
    await bed.jobs.idle();
    // SMS sent to all three, all waiting a day at the condition.
    expect((await sends(bed.owner.id)).filter((s) => s.startsWith('sms'))).toHaveLength(3);
    expect(await runsOf(saved.SeqId)).toEqual(Array(3).fill({ status: SEQ.Scheduled, nodeId: 'c' }));
    // Every step job sent so far, run again: nothing moves, nothing is sent twice.
    await replayStepJobs();
    expect(await sends(bed.owner.id)).toHaveLength(3);
    // Not due yet: the sweep leaves them waiting.
    await sweepJourneys(bed.server.deps);
    await bed.jobs.idle();
    expect(await sends(bed.owner.id)).toHaveLength(3);
    await bed.advance(DAY_MS + 1000);
    await sweepJourneys(bed.server.deps);
    await bed.jobs.idle();
    const all = await sends(bed.owner.id);
    // The two VIPs got the e-mail, the third left by "no"; everyone is complete.
    expect(all.filter((s) => s.startsWith('email'))).toEqual([`email ${emails[0]}`, `email ${emails[1]}`]);
    expect(all).toHaveLength(5);
    const mails = await rowsOf<{ content: string }>(
      bed.server.deps.database.db,
      sql`SELECT content FROM channel_tasks WHERE user_id = ${bed.owner.id} AND channel = 'email'`,
    );
    expect(
      mails.map((m) => (JSON.parse(m.content) as { html: string }).html.includes('Journey Co · 2 Quay Street')),
    ).toEqual([true, true]);
    expect((await runsOf(saved.SeqId)).map((r) => r.status)).toEqual([SEQ.Completed, SEQ.Completed, SEQ.Completed]);
    await replayStepJobs();
    await sweepJourneys(bed.server.deps, { staleMs: 0 });
    expect(await sends(bed.owner.id)).toHaveLength(5);
    const insight = await bed.owner.api('GetSEQ2Insight', { SeqId: saved.SeqId });
    expect(insight.TotalUsers).toBe(3);
    expect(insight.CompletedUsers).toBe(3);
    expect(insight.Nodes.find((n) => n.NodeId === 'e')).toMatchObject({ Entered: 2, Done: 2, Waiting: 0, Failed: 0 });
  });

  it('takes a batch of step jobs in one transaction: a job twice in it, or a stale one, takes nothing twice', async () => {
    const { listId, vipId, emails } = await journeyAudience(bed.owner, 3);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Batched journey',
      Document: journeyOf(listId, vipId, bed.ownerTag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    const db = bed.server.deps.database.db;
    const ofJourney = sql`FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id WHERE w.seq_id = ${saved.SeqId}`;
    const waiting = await rowsOf<StepJob>(
      db,
      sql`SELECT r.id::int AS "runId", r.node_id AS "nodeId", r.step ${ofJourney}`,
    );
    expect(waiting.map((job) => job.nodeId)).toEqual(['c', 'c', 'c']);
    await bed.advance(DAY_MS + 1000);
    // the waits are over: one batch with each run's job twice and every step job sent so far (all stale)
    const stale = bed.jobs.sent.filter((j) => j.queue === QUEUE.journeyStep).map((j) => j.data as StepJob);
    await runJourneySteps(bed.server.deps, [...waiting, ...stale, ...waiting]);
    await bed.jobs.idle();
    const sent = await sends(bed.owner.id, 'Batched journey');
    expect(sent.filter((s) => s.startsWith('email'))).toEqual([`email ${emails[0]}`, `email ${emails[1]}`]);
    expect(sent).toHaveLength(5);
    expect((await runsOf(saved.SeqId)).map((r) => r.status)).toEqual([SEQ.Completed, SEQ.Completed, SEQ.Completed]);
    const [steps] = await rowsOf<{ steps: number; places: number; nodes: number }>(
      db,
      sql`SELECT count(*)::int AS steps, count(DISTINCT (s.run_id, s.step))::int AS places,
        count(DISTINCT (s.run_id, s.node_id))::int AS nodes
        FROM workflow_run_steps s WHERE s.run_id IN (SELECT r.id ${ofJourney})`,
    );
    // trigger, SMS, delay, condition for each; e-mail for the two VIPs; exit for each: no step twice
    expect(steps).toEqual({ steps: 17, places: 17, nodes: 17 });
  });

  it('takes a failed batch again job by job: the good jobs go on, the bad one fails', async () => {
    const { listId, vipId } = await journeyAudience(bed.owner, 2);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Failed batch journey',
      Document: journeyOf(listId, vipId, bed.ownerTag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    const waiting = await rowsOf<StepJob>(
      bed.server.deps.database.db,
      sql`SELECT r.id::int AS "runId", r.node_id AS "nodeId", r.step
        FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id WHERE w.seq_id = ${saved.SeqId}`,
    );
    await bed.advance(DAY_MS + 1000);
    // a run id the database refuses fails the batch's transaction, then its own
    const broken: StepJob = { runId: Number.NaN, nodeId: 'c', step: 3 };
    await expect(runJourneySteps(bed.server.deps, [...waiting, broken])).rejects.toThrow();
    await bed.jobs.idle();
    expect((await runsOf(saved.SeqId)).map((r) => r.status)).toEqual([SEQ.Completed, SEQ.Completed]);
    expect(await sends(bed.owner.id, 'Failed batch journey')).toHaveLength(4); // both are VIPs: SMS and e-mail
  });

  it('pause holds the runs, resume lets them go on; a running workflow is not deleted', async () => {
    const { listId, vipId } = await journeyAudience(bed.owner, 2);
    const tag = bed.ownerTag;
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Paused journey',
      Document: journeyOf(listId, vipId, tag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    const paused = await bed.owner.api('PauseSEQ2Workflow', { SeqId: saved.SeqId });
    expect(paused.Status).toBe(WORKFLOW_STATUS.Paused);
    // the canvas diffs its draft against the running version; saving the edit freezes the next one
    const document = journeyOf(listId, vipId, tag);
    expect((await bed.owner.api('GetSEQ2Workflow', { SeqId: saved.SeqId })).Running).toEqual({
      Version: 1,
      Document: document,
    });
    const wait2 = {
      ...document,
      nodes: document.nodes.map((n) =>
        n.kind === 'delay' ? { ...n, config: { amount: 2, unit: 'day' as const } } : n,
      ),
    };
    await bed.owner.api('SaveSEQ2Workflow', { SeqId: saved.SeqId, Name: 'Paused journey', Document: wait2 });
    expect((await bed.owner.api('GetSEQ2Workflow', { SeqId: saved.SeqId })).Running).toEqual({
      Version: 2,
      Document: wait2,
    });
    expect((await runsOf(saved.SeqId)).map((r) => r.status)).toEqual([SEQ.Paused, SEQ.Paused]);
    await bed.advance(DAY_MS + 1000);
    await sweepJourneys(bed.server.deps, { staleMs: 0 });
    await bed.jobs.idle();
    expect((await runsOf(saved.SeqId)).map((r) => r.nodeId)).toEqual(['c', 'c']);
    const again = await bed.owner.reply('PauseSEQ2Workflow', { SeqId: saved.SeqId });
    expect(again.RetCode).toBe(RetCode.IllegalTransition);
    expect((await bed.owner.reply('DeleteSEQ2Workflow', { SeqIds: [saved.SeqId] })).RetCode).toBe(
      RetCode.IllegalTransition,
    );
    await bed.owner.api('ResumeSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    expect((await runsOf(saved.SeqId)).map((r) => r.status)).toEqual([SEQ.Completed, SEQ.Completed]);
    const stopped = await bed.owner.api('StopSEQ2Workflow', { SeqId: saved.SeqId });
    expect(stopped.Status).toBe(WORKFLOW_STATUS.Submitted);
    expect((await bed.owner.api('GetSEQ2Workflow', { SeqId: saved.SeqId })).Running).toBeNull();
    await bed.owner.api('DeleteSEQ2Workflow', { SeqIds: [saved.SeqId] });
  });

  it('sends an MMS step as a one-recipient MMS task at the MMS price; a contact suppressed on MMS is skipped', async () => {
    const tag = bed.ownerTag;
    const { listId, ids } = await journeyAudience(bed.owner, 2);
    await bed.server.deps.database.db
      .update(audienceContacts)
      .set({ suppressed: ['mms'] })
      .where(eq(audienceContacts.id, ids[1]));
    const document = journeyOf(listId, listId, tag);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Picture journey',
      Document: {
        nodes: [
          document.nodes[0],
          { id: 'm', kind: 'mms', position: { x: 0, y: 0 }, config: { templateId: `MT${tag}` } },
          { id: 'x', kind: 'exit', position: { x: 0, y: 0 }, config: {} },
        ],
        edges: [
          { id: 'e1', source: document.nodes[0].id, target: 'm' },
          { id: 'e2', source: 'm', target: 'x' },
        ],
      },
    });
    const before = (await sends(bed.owner.id)).filter((s) => s.startsWith('mms'));
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    const mms = (await sends(bed.owner.id)).filter((s) => s.startsWith('mms'));
    expect(mms).toHaveLength(before.length + 1);
    const [task] = await rowsOf<{ price: string; content: string }>(
      bed.server.deps.database.db,
      sql`SELECT price::text AS price, content FROM channel_tasks WHERE user_id = ${bed.owner.id} AND channel = 'mms'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(task.price)).toBe(mmsPrice(COUNTRIES.find((c) => c.CountryCode === 'US')!));
    expect(JSON.parse(task.content)).toMatchObject({ Subject: 'Welcome' });
    const insight = await bed.owner.api('GetSEQ2Insight', { SeqId: saved.SeqId });
    expect(insight.CompletedUsers).toBe(2);
    expect(insight.Nodes.find((n) => n.NodeId === 'm')).toMatchObject({ Entered: 2, Done: 2, Failed: 0 });
  });

  it('keeps tenants apart: another account cannot start, pause or read a journey, nor run on a foreign list', async () => {
    const { listId, vipId } = await journeyAudience(bed.owner, 1);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Mine',
      Document: journeyOf(listId, vipId, bed.ownerTag),
    });
    for (const action of ['StartSEQ2Workflow', 'PauseSEQ2Workflow', 'GetSEQ2Insight'] as const)
      expect((await bed.other.reply(action, { SeqId: saved.SeqId })).RetCode).toBe(RetCode.NotFound);
    const foreign = await bed.other.api('SaveSEQ2Workflow', {
      Name: 'Theirs',
      Document: journeyOf(listId, vipId, bed.otherTag),
    });
    expect((await bed.other.reply('StartSEQ2Workflow', { SeqId: foreign.SeqId })).RetCode).toBe(RetCode.NotFound);
    expect(await sends(bed.other.id)).toEqual([]);
    const runs = await bed.server.deps.database.db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.userId, bed.other.id));
    expect(runs).toEqual([]);
  });
});

describe('a loop through a delay', () => {
  it('sends once per pass; a step job repeated for a pass, even while the run is back at its node, sends nothing', async () => {
    const { listId, vipId, ids } = await journeyAudience(bed.owner, 3);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Reminder loop',
      Document: loopJourneyOf(listId, vipId, bed.ownerTag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    // The two VIPs leave after one SMS; the third is reminded again tomorrow.
    const loopSends = async () => (await sends(bed.owner.id, 'Reminder loop')).length;
    expect(await runsOf(saved.SeqId)).toEqual([
      { status: SEQ.Completed, nodeId: 'x' },
      { status: SEQ.Completed, nodeId: 'x' },
      { status: SEQ.Scheduled, nodeId: 's' },
    ]);
    expect(await loopSends()).toBe(3);
    await bed.advance(DAY_MS + 1000);
    // Due again at the SMS: the first pass's job for it is refused, nothing is sent until the sweep queues the second.
    await replayStepJobs();
    expect(await loopSends()).toBe(3);
    await sweepJourneys(bed.server.deps);
    await bed.jobs.idle();
    expect(await loopSends()).toBe(4);
    await replayStepJobs();
    expect(await loopSends()).toBe(4);
    // A step's figures count contacts, not passes: the third contact passed the SMS twice and waits there.
    const looping = await bed.owner.api('GetSEQ2Insight', { SeqId: saved.SeqId });
    expect(looping.Nodes.find((n) => n.NodeId === 's')).toMatchObject({ Entered: 3, Done: 3, Waiting: 1 });
    // In VIP before the third pass: one more SMS, and out.
    await bed.owner.api('AddContactsToList', { ListId: vipId, ContactIds: [ids[2]] });
    await bed.advance(DAY_MS + 1000);
    await sweepJourneys(bed.server.deps);
    await bed.jobs.idle();
    await replayStepJobs();
    await sweepJourneys(bed.server.deps, { staleMs: 0 });
    await bed.jobs.idle();
    expect(await loopSends()).toBe(5);
    expect((await runsOf(saved.SeqId)).map((run) => run.status)).toEqual(Array(3).fill(SEQ.Completed));
    const insight = await bed.owner.api('GetSEQ2Insight', { SeqId: saved.SeqId });
    expect(insight.CompletedUsers).toBe(3);
    expect(insight.Nodes.find((n) => n.NodeId === 's')).toMatchObject({ Entered: 3, Done: 3, Waiting: 0 });
    expect(insight.Nodes.find((n) => n.NodeId === 'd')).toMatchObject({ Entered: 1, Done: 1, Waiting: 0 });
  });
});
