import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { memoryJobQueue } from '../server/queue/memory';
import { rowsOf } from '../server/db/rows';
import { simulateJourney } from '../server/workflows/simulate';
import { journeyFixtures } from '../server/workflows/testkit';
import type { WorkflowDocument, WorkflowNode } from '../src/gateway/contract/workflow/document';
import { fillContacts } from './audience';

// Issue 14's figure "simulation of a 10-step journey over a 100,000-contact segment: time", on the
// embedded database: SimulateSEQ2Workflow's work (readiness, the segment, one count per branch and send
// step, SMS cost by country) over a segment that holds every contact, a VIP list of 30 % of them and
// contacts without an e-mail address.

const CONTACTS = Number(process.env.BENCH_SIMULATION_CONTACTS ?? 100_000);

const step = (id: string, kind: WorkflowNode['kind'], config: object, y: number) =>
  ({ id, kind, position: { x: 0, y }, config }) as WorkflowNode;

function tenSteps(segmentId: number, vipId: number, tag: string): WorkflowDocument {
  return {
    nodes: [
      step('t', 'trigger', { source: 'segment', audienceId: `S${segmentId}`, attribute: '', event: '' }, 0),
      step('s1', 'sms', { templateId: `UT${tag}` }, 100),
      step('d1', 'delay', { amount: 1, unit: 'day' }, 200),
      step('c1', 'condition', { audienceId: `L${vipId}`, rules: [{ kind: 'inList', value: '' }] }, 300),
      step('e1', 'email', { templateId: `ET${tag}` }, 400),
      step('d2', 'delay', { amount: 2, unit: 'day' }, 500),
      step('c2', 'condition', { audienceId: `L${vipId}`, rules: [{ kind: 'received', value: '' }] }, 600),
      step('w1', 'window', { start: '09:00', end: '18:00' }, 700),
      step('s2', 'sms', { templateId: `UT${tag}` }, 800),
      step('x', 'exit', {}, 900),
    ],
    edges: [
      { id: 'a', source: 't', target: 's1' },
      { id: 'b', source: 's1', target: 'd1' },
      { id: 'c', source: 'd1', target: 'c1' },
      { id: 'd', source: 'c1', target: 'e1', branch: 'yes' },
      { id: 'e', source: 'c1', target: 'w1', branch: 'no' },
      { id: 'f', source: 'e1', target: 'd2' },
      { id: 'g', source: 'd2', target: 'c2' },
      { id: 'h', source: 'c2', target: 'x', branch: 'yes' },
      { id: 'i', source: 'c2', target: 'w1', branch: 'no' },
      { id: 'j', source: 'w1', target: 's2' },
      { id: 'k', source: 's2', target: 'x' },
    ],
  };
}

export async function benchJourneySimulation(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-simulation-'));
  const deps = await boot({ dataDir, jobs: memoryJobQueue() });
  try {
    const db = deps.database.db;
    const fillStart = performance.now();
    const userId = await fillContacts(db, CONTACTS);
    await db.execute(sql`UPDATE audience_contacts SET email = NULL WHERE user_id = ${userId} AND id % 10 = 0`);
    const tag = 'BENCHSIM';
    await journeyFixtures(db, userId, tag, deps.clock.now());
    const [{ id: segmentId }] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO audience_segments (user_id, name, rules, created_at, updated_at)
        VALUES (${userId}, 'Everyone this year', ${JSON.stringify({
          Match: 'all',
          Groups: [
            {
              Match: 'all',
              Conditions: [{ Source: 1, Field: 'createdAt', Operator: 'inTheLast', Amount: 13, Unit: 'month' }],
            },
          ],
        })}::jsonb, now(), now()) RETURNING id`,
    );
    const [{ id: vipId }] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO audience_lists (user_id, name, created_at, updated_at) VALUES (${userId}, 'VIP', now(), now()) RETURNING id`,
    );
    await db.execute(sql`INSERT INTO audience_list_members (list_id, contact_id, added_at)
      SELECT ${vipId}, id, now() FROM audience_contacts WHERE user_id = ${userId} AND id % 10 < 3`);
    await db.execute(sql`VACUUM ANALYZE`);
    const fillMs = performance.now() - fillStart;

    const document = tenSteps(Number(segmentId), Number(vipId), tag);
    const times: number[] = [];
    let result: Awaited<ReturnType<typeof simulateJourney>> | null = null;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      result = await simulateJourney(db, userId, document, deps.clock.now());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const sms = result!.Channels.find((channel) => channel.Channel === 'sms')!;
    const email = result!.Channels.find((channel) => channel.Channel === 'email')!;
    console.log(
      `\njourney simulation: ${CONTACTS.toLocaleString('en')} contacts, 10 steps, ${result!.Paths.length} ways — ` +
        `median ${Math.round(times[1])} ms (runs ${times.map((t) => Math.round(t)).join(', ')} ms); ` +
        `entered ${result!.Entered}, SMS ${sms.Messages}, e-mail ${email.Messages}`,
    );
    return {
      contacts: CONTACTS,
      fillS: Number((fillMs / 1000).toFixed(1)),
      ways: result!.Paths.length,
      entered: result!.Entered,
      smsMessages: sms.Messages,
      emailMessages: email.Messages,
      simulationMedianMs: Math.round(times[1]),
      simulationMaxMs: Math.round(times[2]),
    };
  } finally {
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchJourneySimulation());
}
