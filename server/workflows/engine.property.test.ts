import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../testing/harness';
import { audienceTenant, addRecord, recordsTask } from '../audience/testkit';
import { rowsOf } from '../db/rows';
import { audienceAttributes, audienceContacts, audienceListMembers, audienceLists } from '../db/schema';
import type { MemoryJobQueue } from '../queue/memory';
import { registerJourneyWorkers } from '../jobs/journeys';
import { SEQUENCE_STATUS as SEQ } from '../../src/gateway/contract/statuses';
import type {
  ConditionRule,
  WorkflowDocument,
  WorkflowEdge,
  WorkflowNode,
} from '../../src/gateway/contract/workflow/document';
import { invariantIssues, readinessIssues } from '../../src/gateway/contract/workflow/rules';
import { saveWorkflow } from './store';
import { moveJourney } from './journeys';
import { sweepJourneys } from './engine';
import { longestEndingPath, referencePath, type ReferenceContact, type ReferencePath } from './engine-reference';
import { journeyFixtures } from './testkit';

// Issue 14: random valid journeys (the canvas's document shapes, every invariant and readiness rule kept)
// over random contacts (lists, attributes, missing or suppressed addresses, earlier messages of their own):
// the engine, with the test clock moved past every delay and send window, takes each contact through the
// steps a plain reading of the document (engine-reference.ts) gives, each once, and ends the run the same.
// Journeys may loop through a delay; a contact whose answers never change there loops for ever, and is
// followed until it has come round at least once.

const RUNS = Number(process.env.HERALD_JOURNEY_RUNS || 20);

let server: TestServer;
let jobs: MemoryJobQueue;
let tenant: Awaited<ReturnType<typeof audienceTenant>>;
let tag: string;
let tierId: number;
let recordTask: number;
let timer: NodeJS.Timeout;
let round = 0;
let nextPhone = 0;

beforeAll(async () => {
  server = await createTestServer();
  jobs = server.deps.jobs as MemoryJobQueue;
  timer = await registerJourneyWorkers(server.deps);
  tenant = await audienceTenant(server);
  tag = `P${tenant.id}`;
  const db = server.deps.database.db;
  const now = server.deps.clock.now();
  await journeyFixtures(db, tenant.id, tag, now, 1_000_000_000);
  [{ id: tierId }] = await db
    .insert(audienceAttributes)
    .values({ userId: tenant.id, name: 'Tier', type: 2, createdAt: now })
    .returning({ id: audienceAttributes.id });
  recordTask = await recordsTask(server, tenant.id, 'sms');
}, 120_000);
afterAll(async () => {
  clearInterval(timer);
  server?.deps.clock.reset();
  await server?.close();
});

// ---- contacts -------------------------------------------------------------------------------------

const contactArb = fc.record({
  hasPhone: fc.boolean(),
  hasEmail: fc.boolean(),
  firstName: fc.constantFrom('', 'Ann', 'Bo'),
  tier: fc.option(fc.constantFrom('gold', 'silver', ''), { nil: undefined }),
  /** In the trigger's list (most are), list A, list B. */
  lists: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), fc.boolean()),
  suppressed: fc.subarray(['sms', 'mms', 'email']),
  /** Messages sent to the contact before, outside the journey: "received" is about this run only. */
  earlierRecords: fc.nat(2),
});
type GeneratedContact = typeof contactArb extends fc.Arbitrary<infer C> ? C : never;

// ---- journeys -------------------------------------------------------------------------------------

/** Audiences a journey refers to by role; the test swaps in the round's own lists. */
const AUDIENCES = ['$T', '$A', '$B'] as const;

const ruleArb: fc.Arbitrary<ConditionRule> = fc.oneof(
  fc.record({ kind: fc.constantFrom('inList' as const, 'inSegment' as const), value: fc.constant('') }),
  fc.record({
    kind: fc.constant('attribute' as const),
    value: fc.constantFrom(
      'firstName=Ann',
      'firstName=',
      ' tier = gold ',
      'TIER=silver',
      'Tier=',
      'nosuch=',
      'nosuch=x',
      'phone=',
      'email=',
    ),
  }),
  fc.record({ kind: fc.constant('received' as const), value: fc.constant('') }),
  fc.record({ kind: fc.constantFrom('opened' as const, 'clicked' as const), value: fc.constant('') }),
);

const clock = fc
  .tuple(fc.nat(23), fc.constantFrom(0, 15, 30, 59))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** A step between the trigger and the final exit, with picks for where its branches lead. */
const stepArb = fc.record({
  kind: fc.constantFrom('condition', 'condition', 'sms', 'email', 'delay', 'delay', 'window', 'exit', 'mms'),
  audience: fc.constantFrom('$A', '$B', '$T'),
  rules: fc.array(ruleArb, { maxLength: 3 }),
  delay: fc.record({ amount: fc.nat(3), unit: fc.constantFrom('minute' as const, 'hour' as const, 'day' as const) }),
  window: fc.tuple(clock, clock).map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a })),
  /** Half the time the next node, so that paths are long enough to reach a loop. */
  picks: fc.tuple(fc.oneof(fc.constant(0), fc.nat()), fc.oneof(fc.constant(0), fc.nat())),
  /** A waiting delay's way back to an earlier step, if it loops. */
  back: fc.option(fc.nat(), { nil: undefined }),
});

const at = { x: 0, y: 0 };

/**
 * The document: trigger n0, steps n1..nk, exit n(k+1); every branch leads to a later node but a waiting
 * delay's, which may lead back to an earlier step, so every cycle waits (the rules allow no other), and every
 * branch leads somewhere (readiness). Ids as the canvas makes them (n<k>, e<k>).
 */
const journeyArb = fc.array(stepArb, { minLength: 1, maxLength: 7 }).map((specs) => {
  const last = specs.length + 1;
  const nodes: WorkflowNode[] = [
    { id: 'n0', kind: 'trigger', position: at, config: { source: 'list', audienceId: '$T', attribute: '', event: '' } },
  ];
  const edges: WorkflowEdge[] = [{ id: 'e0', source: 'n0', target: 'n1' }];
  const later = (i: number, pick: number) => `n${i + 1 + (pick % (last - i))}`;
  const earlier = (i: number, pick: number) => `n${1 + (pick % (i - 1))}`;
  specs.forEach((spec, index) => {
    const i = index + 1;
    const id = `n${i}`;
    switch (spec.kind) {
      case 'condition':
        nodes.push({ id, kind: 'condition', position: at, config: { audienceId: spec.audience, rules: spec.rules } });
        edges.push({ id: `e${i}y`, source: id, target: later(i, spec.picks[0]), branch: 'yes' });
        edges.push({ id: `e${i}n`, source: id, target: later(i, spec.picks[1]), branch: 'no' });
        return;
      case 'exit':
        nodes.push({ id, kind: 'exit', position: at, config: {} });
        return;
      case 'delay':
        nodes.push({ id, kind: 'delay', position: at, config: spec.delay });
        if (spec.back !== undefined && spec.delay.amount > 0 && i > 1) {
          edges.push({ id: `e${i}`, source: id, target: earlier(i, spec.back) });
          return;
        }
        break;
      case 'window':
        nodes.push({ id, kind: 'window', position: at, config: spec.window });
        break;
      case 'sms':
      case 'email':
      case 'mms':
        nodes.push({ id, kind: spec.kind, position: at, config: { templateId: '$' } });
        break;
    }
    edges.push({ id: `e${i}`, source: id, target: later(i, spec.picks[0]) });
  });
  nodes.push({ id: `n${last}`, kind: 'exit', position: at, config: {} });
  return { nodes, edges } satisfies WorkflowDocument;
});

/** The journey with the round's lists and the tenant's templates in place of the placeholders. */
function bind(document: WorkflowDocument, lists: Record<(typeof AUDIENCES)[number], string>): WorkflowDocument {
  const audience = (id: string) => lists[id as (typeof AUDIENCES)[number]] ?? id;
  return {
    edges: document.edges,
    nodes: document.nodes.map((node): WorkflowNode => {
      if (node.kind === 'trigger' || node.kind === 'condition')
        return { ...node, config: { ...node.config, audienceId: audience(node.config.audienceId) } } as WorkflowNode;
      if (node.kind === 'sms') return { ...node, config: { templateId: `UT${tag}` } };
      if (node.kind === 'mms') return { ...node, config: { templateId: `MT${tag}` } };
      if (node.kind === 'email') return { ...node, config: { templateId: `ET${tag}` } };
      return node;
    }),
  };
}

// ---- one round ------------------------------------------------------------------------------------

async function storeContacts(generated: GeneratedContact[], lists: Record<string, number>) {
  const db = server.deps.database.db;
  const now = server.deps.clock.now();
  const stored: { id: number; reference: ReferenceContact }[] = [];
  for (const c of generated) {
    const n = nextPhone++;
    const phone = c.hasPhone ? `+1415${String(5_000_000 + n).padStart(7, '0')}` : null;
    const email = c.hasEmail ? `p${n}-${tenant.id}@example.com` : null;
    const [{ id }] = await db
      .insert(audienceContacts)
      .values({
        userId: tenant.id,
        phone,
        email,
        firstName: c.firstName,
        attributes: c.tier === undefined ? {} : { [tierId]: c.tier },
        suppressed: c.suppressed,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: audienceContacts.id });
    const audiences = [c.lists[0] < 0.85 && '$T', c.lists[1] && '$A', c.lists[2] && '$B'].filter((key): key is string =>
      Boolean(key),
    );
    for (const key of audiences)
      await db.insert(audienceListMembers).values({ listId: lists[key], contactId: id, addedAt: now });
    for (let r = 0; r < c.earlierRecords && phone; r++)
      await addRecord(server, {
        taskId: recordTask,
        seq: n * 10 + r,
        address: phone.slice(1),
        state: 3,
        submitAt: now,
      });
    stored.push({
      id,
      reference: {
        phone,
        email,
        firstName: c.firstName,
        lastName: '',
        attributes: c.tier === undefined ? {} : { Tier: c.tier },
        audiences: audiences.map((key) => `L${lists[key]}`),
        suppressed: c.suppressed,
      },
    });
  }
  return stored;
}

interface EnginePath {
  contactId: number;
  status: number;
  nodeId: string;
  steps: { nodeId: string; outcome: string; taskId: string }[];
}

async function enginePaths(seqId: string): Promise<EnginePath[]> {
  const rows = await rowsOf<{
    contactId: number;
    status: number;
    runNode: string;
    step: number | null;
    nodeId: string | null;
    outcome: string | null;
    taskId: string | null;
  }>(
    server.deps.database.db,
    sql`SELECT r.contact_id::int AS "contactId", r.status, r.node_id AS "runNode", s.step, s.node_id AS "nodeId",
        s.outcome, s.task_id AS "taskId"
      FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      LEFT JOIN workflow_run_steps s ON s.run_id = r.id
      WHERE w.seq_id = ${seqId} ORDER BY r.contact_id, s.step`,
  );
  const byContact = new Map<number, EnginePath>();
  for (const row of rows) {
    let path = byContact.get(row.contactId);
    if (!path)
      byContact.set(
        row.contactId,
        (path = { contactId: row.contactId, status: row.status, nodeId: row.runNode, steps: [] }),
      );
    if (row.nodeId) path.steps.push({ nodeId: row.nodeId, outcome: row.outcome!, taskId: row.taskId! });
  }
  return [...byContact.values()];
}

/**
 * Moves the clock past every wait of the journey's active runs, sweeps, and works the queue (each active run
 * takes a step or more a turn), until every run has ended or taken more than `longest` steps (it loops).
 */
async function runToTheEnd(workflowId: number, longest: number) {
  for (let turn = 0; turn < 60; turn++) {
    await jobs.idle();
    const [next] = await rowsOf<{ due: Date | null; active: number }>(
      server.deps.database.db,
      sql`SELECT max(due_at) AS due, count(*)::int AS active FROM workflow_runs
        WHERE workflow_id = ${workflowId} AND status IN (${SEQ.Scheduled}, ${SEQ.Queued}) AND step <= ${longest}`,
    );
    if (!next.active) return;
    const due = new Date(next.due!).getTime();
    if (due > server.deps.clock.nowMs()) server.deps.clock.set(new Date(due + 1000));
    await sweepJourneys(server.deps);
  }
  throw new Error('the journey did not end in 60 turns');
}

async function oneRound(generated: GeneratedContact[], drawn: WorkflowDocument) {
  const db = server.deps.database.db;
  const now = server.deps.clock.now();
  round++;
  const lists: Record<string, number> = {};
  for (const key of AUDIENCES) {
    const [list] = await db
      .insert(audienceLists)
      .values({ userId: tenant.id, name: `Round ${round} ${key}`, createdAt: now, updatedAt: now })
      .returning({ id: audienceLists.id });
    lists[key] = list.id;
  }
  const document = bind(drawn, { $T: `L${lists.$T}`, $A: `L${lists.$A}`, $B: `L${lists.$B}` });
  expect(invariantIssues(document)).toEqual([]);
  expect(readinessIssues(document)).toEqual([]);
  const contacts = await storeContacts(generated, lists);
  const name = `Property ${round}`;
  const saved = await saveWorkflow(db, tenant.id, { Name: name, Document: document }, now);
  await moveJourney(server.deps, tenant.id, saved.seqId, 'workflow.start');
  const longest = longestEndingPath(document);
  await runToTheEnd(saved.id, longest);

  const engine = await enginePaths(saved.seqId);
  const actual = new Map(engine.map((path) => [path.contactId, path]));
  for (const contact of contacts) {
    const got = actual.get(contact.id);
    // A looping run is compared with the reading as far as the engine took it.
    const expected: ReferencePath | null = referencePath(
      document,
      contact.reference,
      Math.max(longest + 1, got?.steps.length ?? 0),
    );
    const context = `contact ${contact.id} ${JSON.stringify(contact.reference)} in ${JSON.stringify(document)}`;
    if (!expected) {
      expect(got, context).toBeUndefined();
      continue;
    }
    expect(
      got && {
        steps: got.steps.map(({ nodeId, outcome }) => ({ nodeId, outcome })),
        status: got.status,
        nodeId: got.nodeId,
      },
      context,
    ).toEqual(expected);
  }
  // Each message step that was taken made exactly one one-recipient kernel task, to the contact, and no
  // task was made that no step claims.
  const tasks = await rowsOf<{ taskId: string; channel: string; address: string }>(
    db,
    sql`SELECT t.task_id AS "taskId", t.channel, unnest(i.addresses) AS address FROM channel_tasks t
      JOIN channel_task_inputs i ON i.task_id = t.id WHERE t.user_id = ${tenant.id} AND t.name = ${`Journey · ${name}`}`,
  );
  const claimed = engine.flatMap((path) =>
    path.steps
      .filter((step) => step.taskId)
      .map((step) => {
        const reference = contacts.find((c) => c.id === path.contactId)!.reference;
        const kind = document.nodes.find((node) => node.id === step.nodeId)!.kind;
        const address = kind === 'email' ? reference.email! : reference.phone!.slice(1);
        return { taskId: step.taskId, channel: kind, address };
      }),
  );
  const order = (a: { taskId: string }, b: { taskId: string }) => a.taskId.localeCompare(b.taskId);
  expect(tasks.sort(order)).toEqual(claimed.sort(order));
  await moveJourney(server.deps, tenant.id, saved.seqId, 'workflow.stop');
}

describe('the journey engine against a plain reading of the journey', () => {
  it(`takes every contact along the reference path, each step once (${RUNS} random journeys)`, async () => {
    await fc.assert(fc.asyncProperty(fc.array(contactArb, { minLength: 1, maxLength: 8 }), journeyArb, oneRound), {
      numRuns: RUNS,
      endOnFailure: true,
    });
  }, 600_000);
});

describe('a loop through a delay (the rules allow a cycle that waits)', () => {
  it('asks the condition again after the wait and goes on when it holds', async () => {
    const db = server.deps.database.db;
    const now = server.deps.clock.now();
    const [trigger, vip] = await db
      .insert(audienceLists)
      .values(['Loop', 'Loop VIP'].map((name) => ({ userId: tenant.id, name, createdAt: now, updatedAt: now })))
      .returning({ id: audienceLists.id });
    const [contact] = await db
      .insert(audienceContacts)
      .values({ userId: tenant.id, firstName: 'Loop', createdAt: now, updatedAt: now })
      .returning({ id: audienceContacts.id });
    await db.insert(audienceListMembers).values({ listId: trigger.id, contactId: contact.id, addedAt: now });
    const document: WorkflowDocument = {
      nodes: [
        {
          id: 'n0',
          kind: 'trigger',
          position: at,
          config: { source: 'list', audienceId: `L${trigger.id}`, attribute: '', event: '' },
        },
        { id: 'n1', kind: 'condition', position: at, config: { audienceId: `L${vip.id}`, rules: [] } },
        { id: 'n2', kind: 'delay', position: at, config: { amount: 1, unit: 'day' } },
        { id: 'n3', kind: 'exit', position: at, config: {} },
      ],
      edges: [
        { id: 'e0', source: 'n0', target: 'n1' },
        { id: 'e1', source: 'n1', target: 'n3', branch: 'yes' },
        { id: 'e2', source: 'n1', target: 'n2', branch: 'no' },
        { id: 'e3', source: 'n2', target: 'n1' },
      ],
    };
    expect([...invariantIssues(document), ...readinessIssues(document)]).toEqual([]);
    const saved = await saveWorkflow(db, tenant.id, { Name: 'Loop', Document: document }, now);
    await moveJourney(server.deps, tenant.id, saved.seqId, 'workflow.start');
    await jobs.idle();
    expect((await enginePaths(saved.seqId))[0]).toMatchObject({ status: SEQ.Scheduled, nodeId: 'n1' });
    // The contact joins VIP during the wait; the next pass of the condition says yes.
    await db.insert(audienceListMembers).values({ listId: vip.id, contactId: contact.id, addedAt: now });
    const [run] = await rowsOf<{ id: number; due: Date }>(
      db,
      sql`SELECT id::int, due_at AS due FROM workflow_runs WHERE workflow_id = ${saved.id}`,
    );
    server.deps.clock.set(new Date(new Date(run.due).getTime() + 1000));
    await sweepJourneys(server.deps);
    await jobs.idle();
    const [path] = await enginePaths(saved.seqId);
    expect(path).toMatchObject({ status: SEQ.Completed, nodeId: 'n3' });
    expect(path.steps.map((step) => step.nodeId)).toEqual(['n0', 'n1', 'n2', 'n1', 'n3']);
  }, 120_000);
});
