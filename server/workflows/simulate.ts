import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_PRICE } from '../../src/gateway/contract/actions/email-send';
import {
  MAX_SIMULATED_PATHS,
  type SimulationNode,
  type WorkflowSimulation,
} from '../../src/gateway/contract/actions/workflows';
import type { SendKind, WorkflowDocument, WorkflowNode } from '../../src/gateway/contract/workflow/document';
import { DAY_MS } from '../clock';
import { conditionWhere, triggerWhere } from './engine-audience';
import { accountZone } from './engine';
import { periodsOf } from '../sms/limits';
import { delayMs, entryNodeId, nextNodeId, nodeOf } from './engine-graph';
import { countryOfPhone, emailStepParts, PHONE_STEP_CHANNELS, phoneStepTemplate } from './engine-send';
import type { SmsTemplateRow } from '../sms/templates';
import { refuseUnreadyDocument } from './journeys';

// Pre-launch simulation (issue 14 item 3; docs/decisions.md "Journey simulation"): the journey run over
// its entry list or segment as it stands now, without sending. Each way through the graph (a simple
// path: no step twice, as xstate/graph's getSimplePaths walks a machine) carries the SQL of the
// branches it took, so every count is one query over the contacts, never contacts loaded into memory.

/** Ways explored before the simulation gives up: a crafted journey cannot keep the server busy. */
const MAX_EXPLORED = 4_096;

interface Way {
  /** The branches taken so far, as SQL over the contact `c`. */
  where: SQL[];
  /** Who an earlier send step of this way reached: a "received" condition holds for them. */
  reached: SQL[];
  nodes: string[];
  delay: number;
}

type StepCheck = { problem: string } | { kind: 'sms' | 'mms'; template: SmsTemplateRow } | { kind: 'email' };

export async function simulateJourney(
  db: Db,
  userId: number,
  document: WorkflowDocument,
  now: Date,
): Promise<WorkflowSimulation> {
  await refuseUnreadyDocument(db, userId, document, now);
  const entryId = entryNodeId(document)!;
  const trigger = nodeOf(document, entryId) as Extract<WorkflowNode, { kind: 'trigger' }>;
  // Who would enter from now on: the list or segment, the contacts whose date is today or later, or for an
  // API event everyone the trigger's audience holds (docs/decisions.md "Journey triggers").
  const today = periodsOf(now, await accountZone(db, userId)).dayKey;
  const entry = await triggerWhere(db, userId, trigger.config, now, { from: today, to: '9999-12-31' });
  const count = async (where: SQL[]) => {
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM audience_contacts c
        WHERE c.user_id = ${userId} AND ${entry}${where.length ? sql` AND ${sql.join(where, sql` AND `)}` : sql``}`,
    );
    return Number(row.count);
  };

  const nodes = new Map<string, SimulationNode>();
  const at = (id: string) => nodes.get(id) ?? nodes.set(id, { NodeId: id, Reached: 0 }).get(id)!;
  const add = (id: string, field: keyof Omit<SimulationNode, 'NodeId' | 'Problem'>, value: number) => {
    const node = at(id);
    node[field] = (node[field] ?? 0) + value;
  };
  const checks = new Map<string, StepCheck>();
  const checkOf = async (node: WorkflowNode & { kind: SendKind }): Promise<StepCheck> => {
    if (!checks.has(node.id)) checks.set(node.id, await checkStep(db, userId, node));
    return checks.get(node.id)!;
  };
  const paths: WorkflowSimulation['Paths'] = [];
  let explored = 0;
  let ways = 0;

  const walk = async (nodeId: string | null, way: Way, contacts: number): Promise<void> => {
    if (++explored > MAX_EXPLORED)
      throw new ApiError(
        RetCode.ValidationError,
        {},
        { Fields: [{ Field: 'Document', Key: 'validation:workflowRule.tooManyWays' }], NodeId: null },
      );
    const node = nodeId === null ? undefined : nodeOf(document, nodeId);
    if (!node || way.nodes.includes(node.id)) {
      if (++ways <= MAX_SIMULATED_PATHS)
        paths.push({
          Nodes: way.nodes,
          Contacts: contacts,
          Days: Math.round((way.delay / DAY_MS) * 100) / 100,
          Loops: Boolean(node),
        });
      return;
    }
    add(node.id, 'Reached', contacts);
    const next: Way = { ...way, nodes: [...way.nodes, node.id] };
    switch (node.kind) {
      case 'exit':
        return walk(null, next, contacts);
      case 'delay':
        return walk(nextNodeId(document, node.id), { ...next, delay: way.delay + delayMs(node.config) }, contacts);
      case 'condition': {
        const received = way.reached.length ? sql`(${sql.join(way.reached, sql` OR `)})` : sql`false`;
        // A rule that reads NULL (an attribute the contact lacks) is "no", as in the engine.
        const holds = sql`coalesce(${await conditionWhere(db, userId, node.config, now, received)}, false)`;
        const yes = contacts === 0 ? 0 : await count([...way.where, holds]);
        add(node.id, 'Yes', yes);
        add(node.id, 'No', contacts - yes);
        await walk(nextNodeId(document, node.id, 'yes'), { ...next, where: [...way.where, holds] }, yes);
        return walk(
          nextNodeId(document, node.id, 'no'),
          { ...next, where: [...way.where, sql`NOT ${holds}`] },
          contacts - yes,
        );
      }
      case 'sms':
      case 'mms':
      case 'email': {
        const check = await checkOf(node);
        if ('problem' in check) {
          add(node.id, 'Failed', contacts);
          at(node.id).Problem = check.problem;
          return walk(nextNodeId(document, node.id), next, contacts);
        }
        const sent = await sendsOf(db, userId, entry, check, way.where, count);
        add(node.id, 'Messages', sent.messages);
        add(node.id, 'Skipped', contacts - sent.messages);
        add(node.id, 'Cost', sent.cost);
        return walk(nextNodeId(document, node.id), { ...next, reached: [...way.reached, sent.eligible] }, contacts);
      }
      default:
        return walk(nextNodeId(document, node.id), next, contacts);
    }
  };

  const entered = await count([]);
  await walk(entryId, { where: [], reached: [], nodes: [], delay: 0 }, entered);

  const list = document.nodes.map((node) => at(node.id));
  const channels = (['sms', 'mms', 'email'] as const).flatMap((channel) => {
    const steps = document.nodes.filter((node) => node.kind === channel).map((node) => at(node.id));
    if (!steps.length) return [];
    const sum = (field: 'Messages' | 'Cost') => steps.reduce((total, step) => total + (step[field] ?? 0), 0);
    return [{ Channel: channel, Messages: sum('Messages'), Cost: sum('Cost') }];
  });
  return {
    Entered: entered,
    Nodes: list,
    Channels: channels,
    Cost: channels.reduce((total, channel) => total + channel.Cost, 0),
    Paths: paths,
    PathsTruncated: ways > MAX_SIMULATED_PATHS,
  };
}

/** Whether a send step can send at all, as the engine decides it (engine-send.ts). */
async function checkStep(db: Db, userId: number, node: WorkflowNode & { kind: SendKind }): Promise<StepCheck> {
  const templateId = node.config.templateId;
  if (node.kind !== 'email') {
    const template = await phoneStepTemplate(db, node.kind, userId, templateId);
    return typeof template === 'string' ? { problem: template } : { kind: node.kind, template };
  }
  const parts = await emailStepParts(db, userId, templateId);
  return typeof parts === 'string' ? { problem: parts } : { kind: 'email' };
}

/** Messages a send step would send on this way, and their cost from the channel's prices. */
async function sendsOf(
  db: Db,
  userId: number,
  entry: SQL,
  check: Exclude<StepCheck, { problem: string }>,
  where: SQL[],
  count: (where: SQL[]) => Promise<number>,
): Promise<{ messages: number; cost: number; eligible: SQL }> {
  if (check.kind === 'email') {
    const eligible = sql`(c.email IS NOT NULL AND NOT ('email' = ANY(c.suppressed)))`;
    const messages = await count([...where, eligible]);
    return { messages, cost: messages * EMAIL_PRICE, eligible };
  }
  const eligible = sql`(c.phone IS NOT NULL AND NOT (${check.kind}::text = ANY(c.suppressed)))`;
  const phone = PHONE_STEP_CHANNELS[check.kind];
  // Grouped by the number's first digits (enough for any calling code): the country sets the price and
  // how many parts the text takes.
  const groups = await rowsOf<{ prefix: string; count: number }>(
    db,
    sql`SELECT left(regexp_replace(c.phone, '\\D', '', 'g'), 6) AS prefix, count(*)::int AS count
      FROM audience_contacts c WHERE c.user_id = ${userId} AND ${entry} AND ${sql.join([...where, eligible], sql` AND `)}
      GROUP BY 1`,
  );
  let messages = 0;
  let cost = 0;
  for (const group of groups) {
    const country = countryOfPhone(group.prefix);
    if (!country) continue;
    messages += Number(group.count);
    cost += Number(group.count) * phone.parts(check.template, country) * phone.price(country);
  }
  return { messages, cost, eligible };
}
