import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { createTestServer, type TestServer } from '../testing/harness';
import { audienceTenant } from '../audience/testkit';
import { rowsOf } from '../db/rows';
import { smsTemplates } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_PRICE } from '../../src/gateway/contract/actions/email-send';
import { COUNTRIES } from '../../src/gateway/contract/countries';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { smsPrice } from '../sms/countries';
import { mmsPrice } from '../mms/price';
import { journeyAudience, journeyFixtures, journeyOf } from './testkit';

// Pre-launch simulation (issue 14 item 3): what the journey would do over its list as it stands, with
// nothing sent; its ways through the graph are the simple paths xstate/graph finds in the same graph.

let server: TestServer;
let owner: Awaited<ReturnType<typeof audienceTenant>>;
let other: Awaited<ReturnType<typeof audienceTenant>>;
const US = COUNTRIES.find((country) => country.CountryCode === 'US')!;

beforeAll(async () => {
  server = await createTestServer();
  owner = await audienceTenant(server);
  other = await audienceTenant(server);
  await journeyFixtures(server.deps.database.db, owner.id, `A${owner.id}`, server.deps.clock.now());
}, 120_000);
afterAll(async () => server?.close());

/** The journey's graph as a machine: a step is a state, a branch an event; exits and loose ends are final. */
function machineOf(document: WorkflowDocument) {
  const states = Object.fromEntries(
    document.nodes.map((node) => {
      const out = document.edges.filter((edge) => edge.source === node.id);
      const on = Object.fromEntries(out.map((edge) => [edge.branch ?? 'next', { target: edge.target }]));
      return [node.id, out.length ? { on } : { type: 'final' as const }];
    }),
  );
  return createMachine({ id: 'journey', initial: document.nodes.find((n) => n.kind === 'trigger')!.id, states });
}

describe('SimulateSEQ2Workflow', () => {
  it('prices an MMS step at the MMS price, one unit a message', async () => {
    const tag = `A${owner.id}`;
    const { listId, vipId } = await journeyAudience(owner, 2);
    const document = journeyOf(listId, vipId, tag);
    const withMms: WorkflowDocument = {
      ...document,
      nodes: document.nodes.map((node) =>
        node.id === 's' ? { ...node, kind: 'mms', config: { templateId: `MT${tag}` } } : node,
      ),
    };
    const reply = await owner.api('SimulateSEQ2Workflow', { Document: withMms });
    expect(reply.Nodes.find((node) => node.NodeId === 's')).toMatchObject({ Messages: 2, Cost: 2 * mmsPrice(US) });
    expect(reply.Channels[0]).toEqual({ Channel: 'mms', Messages: 2, Cost: 2 * mmsPrice(US) });
  });

  it('counts each step and branch, the messages and their cost, and sends nothing', async () => {
    const tag = `A${owner.id}`;
    const { listId, vipId } = await journeyAudience(owner, 3);
    const reply = await owner.api('SimulateSEQ2Workflow', { Document: journeyOf(listId, vipId, tag) });
    const step = (id: string) => reply.Nodes.find((node) => node.NodeId === id)!;
    expect(reply.Entered).toBe(3);
    expect(step('s')).toMatchObject({ Reached: 3, Messages: 3, Skipped: 0, Cost: 3 * smsPrice(US) });
    expect(step('c')).toMatchObject({ Reached: 3, Yes: 2, No: 1 });
    expect(step('e')).toMatchObject({ Reached: 2, Messages: 2, Cost: 2 * EMAIL_PRICE });
    expect(step('x')).toMatchObject({ Reached: 3 });
    expect(reply.Channels).toEqual([
      { Channel: 'sms', Messages: 3, Cost: 3 * smsPrice(US) },
      { Channel: 'email', Messages: 2, Cost: 2 * EMAIL_PRICE },
    ]);
    expect(reply.Cost).toBe(3 * smsPrice(US) + 2 * EMAIL_PRICE);
    expect(reply.Paths).toEqual([
      { Nodes: ['t', 's', 'd', 'c', 'e', 'x'], Contacts: 2, Days: 1, Loops: false },
      { Nodes: ['t', 's', 'd', 'c', 'x'], Contacts: 1, Days: 1, Loops: false },
    ]);
    const [{ count }] = await rowsOf<{ count: number }>(
      server.deps.database.db,
      sql`SELECT count(*)::int AS count FROM channel_tasks WHERE user_id = ${owner.id}`,
    );
    expect(count).toBe(0);
  });

  it('skips contacts without the address or unsubscribed, and "received" holds for whom a send reached', async () => {
    const tag = `A${owner.id}`;
    const { listId, vipId, ids } = await journeyAudience(owner, 3);
    await server.deps.database.db.execute(
      sql`UPDATE audience_contacts SET suppressed = ARRAY['sms'] WHERE id = ${ids[0]}`,
    );
    await server.deps.database.db.execute(sql`UPDATE audience_contacts SET email = NULL WHERE id = ${ids[1]}`);
    const document = journeyOf(listId, vipId, tag);
    const condition = document.nodes.find((node) => node.id === 'c')!;
    condition.config = { audienceId: `L${vipId}`, rules: [{ kind: 'received', value: '' }] };
    const reply = await owner.api('SimulateSEQ2Workflow', { Document: document });
    const step = (id: string) => reply.Nodes.find((node) => node.NodeId === id)!;
    expect(step('s')).toMatchObject({ Reached: 3, Messages: 2, Skipped: 1 });
    expect(step('c')).toMatchObject({ Yes: 2, No: 1 });
    // of the two who received the SMS, one has no e-mail address
    expect(step('e')).toMatchObject({ Reached: 2, Messages: 1, Skipped: 1 });
  });

  it('says which send steps cannot send, and why', async () => {
    const tag = `A${owner.id}`;
    const now = server.deps.clock.now();
    await server.deps.database.db.insert(smsTemplates).values({
      templateId: `UV${tag}`,
      userId: owner.id,
      name: 'With a variable',
      purpose: 2,
      language: 'en',
      content: 'Hello {1}, your code is ready',
      status: 2,
      variableCount: 1,
      createdAt: now,
      updatedAt: now,
    });
    const { listId, vipId } = await journeyAudience(owner, 2);
    const document = journeyOf(listId, vipId, tag);
    document.nodes.find((node) => node.id === 's')!.config = { templateId: `UV${tag}` };
    const reply = await owner.api('SimulateSEQ2Workflow', { Document: document });
    expect(reply.Nodes.find((node) => node.NodeId === 's')).toMatchObject({
      Reached: 2,
      Failed: 2,
      Problem: 'templateHasVariables',
    });
    expect(reply.Channels.find((channel) => channel.Channel === 'sms')).toEqual({
      Channel: 'sms',
      Messages: 0,
      Cost: 0,
    });
  });

  it('lists the same ways as xstate/graph, a loop back to a delay included', async () => {
    const { listId, vipId } = await journeyAudience(owner, 3);
    const tag = `A${owner.id}`;
    const document = journeyOf(listId, vipId, tag);
    // "no" goes back to the delay: the contacts outside the VIP list wait and are asked again.
    document.edges = document.edges.map((edge) => (edge.id === 'e5' ? { ...edge, target: 'd' } : edge));
    const reply = await owner.api('SimulateSEQ2Workflow', { Document: document });
    expect(reply.Paths).toEqual([
      { Nodes: ['t', 's', 'd', 'c', 'e', 'x'], Contacts: 2, Days: 1, Loops: false },
      { Nodes: ['t', 's', 'd', 'c'], Contacts: 1, Days: 1, Loops: true },
    ]);
    const finals = getSimplePaths(machineOf(document), { events: [{ type: 'next' }, { type: 'yes' }, { type: 'no' }] })
      .filter((path) => path.state.status === 'done')
      .map((path) => path.steps.map((s) => String(s.state.value)));
    expect(finals).toEqual(reply.Paths.filter((path) => !path.Loops).map((path) => path.Nodes));
  });

  it('refuses an unready journey and another account’s list', async () => {
    const { listId, vipId } = await journeyAudience(owner, 1);
    const document = journeyOf(listId, vipId, `A${owner.id}`);
    const unready = { ...document, edges: document.edges.filter((edge) => edge.id !== 'e6') };
    const refused = await owner.reply('SimulateSEQ2Workflow', { Document: unready });
    expect(refused.RetCode).toBe(RetCode.ValidationError);
    const foreign = await other.reply('SimulateSEQ2Workflow', { Document: document });
    expect(foreign.RetCode).toBe(RetCode.NotFound);
  });
});
