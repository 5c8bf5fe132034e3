import { z } from 'zod';

// The workflow document drawn on the canvas (issue 14 item 1): nodes with a kind and a config, and
// edges between them (a condition has a "yes" and a "no" branch). The console's canvas machine and the
// server's draft store read and check the SAME shapes and rules (rules.ts, edits.ts).

export const NODE_KINDS = ['trigger', 'condition', 'sms', 'mms', 'email', 'delay', 'window', 'exit'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export const SEND_KINDS = ['sms', 'mms', 'email'] as const satisfies readonly NodeKind[];
export type SendKind = (typeof SEND_KINDS)[number];

export const TRIGGER_SOURCES = ['segment', 'list', 'date', 'event'] as const;
export const CONDITION_KINDS = ['inSegment', 'inList', 'attribute', 'received', 'opened', 'clicked'] as const;
export const DELAY_UNITS = ['minute', 'hour', 'day'] as const;
export const BRANCHES = ['yes', 'no'] as const;
export type Branch = (typeof BRANCHES)[number];

/** Spec 001 "Workflows and plans": at most 5 conditions per condition step. */
export const MAX_CONDITIONS = 5;
export const MAX_NODES = 500;
export const WORKFLOW_NAME_MAX = 64;

const id = z.string().min(1).max(40);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const position = z.object({ x: z.number().finite(), y: z.number().finite() }).strict();

export const triggerConfig = z
  .object({
    source: z.enum(TRIGGER_SOURCES),
    /** the list or segment entered (source list or segment) */
    audienceId: z.string().max(40).default(''),
    /** the contact's date attribute (source date) */
    attribute: z.string().max(64).default(''),
    /** the API event's name (source event) */
    event: z.string().max(64).default(''),
  })
  .strict();
export const conditionRule = z
  .object({ kind: z.enum(CONDITION_KINDS), value: z.string().max(120).default('') })
  .strict();
export const conditionConfig = z
  .object({
    /** the group (list) or segment the condition reads */
    audienceId: z.string().max(40).default(''),
    rules: z.array(conditionRule).max(50),
  })
  .strict();
export const sendConfig = z.object({ templateId: z.string().max(40).default('') }).strict();
export const delayConfig = z.object({ amount: z.number().int(), unit: z.enum(DELAY_UNITS) }).strict();
export const windowConfig = z.object({ start: clock, end: clock }).strict();
export const exitConfig = z.object({}).strict();

export type TriggerConfig = z.infer<typeof triggerConfig>;
export type ConditionConfig = z.infer<typeof conditionConfig>;
export type ConditionRule = z.infer<typeof conditionRule>;
export type SendConfig = z.infer<typeof sendConfig>;
export type DelayConfig = z.infer<typeof delayConfig>;
export type WindowConfig = z.infer<typeof windowConfig>;

const node = <K extends NodeKind, C extends z.ZodTypeAny>(kind: K, config: C) =>
  z.object({ id, kind: z.literal(kind), position, config }).strict();

export const workflowNode = z.discriminatedUnion('kind', [
  node('trigger', triggerConfig),
  node('condition', conditionConfig),
  node('sms', sendConfig),
  node('mms', sendConfig),
  node('email', sendConfig),
  node('delay', delayConfig),
  node('window', windowConfig),
  node('exit', exitConfig),
]);
export type WorkflowNode = z.infer<typeof workflowNode>;
export type NodeConfig = WorkflowNode['config'];

export const workflowEdge = z.object({ id, source: id, target: id, branch: z.enum(BRANCHES).optional() }).strict();
export type WorkflowEdge = z.infer<typeof workflowEdge>;

export const workflowDocument = z
  .object({ nodes: z.array(workflowNode).max(MAX_NODES), edges: z.array(workflowEdge).max(MAX_NODES * 2) })
  .strict();
export type WorkflowDocument = z.infer<typeof workflowDocument>;

export const EMPTY_DOCUMENT: WorkflowDocument = { nodes: [], edges: [] };

/** The config a new node of a kind starts with. */
export function defaultConfig(kind: NodeKind): NodeConfig {
  switch (kind) {
    case 'trigger':
      return { source: 'segment', audienceId: '', attribute: '', event: '' };
    case 'condition':
      return { audienceId: '', rules: [{ kind: 'inSegment', value: '' }] };
    case 'delay':
      return { amount: 1, unit: 'day' };
    case 'window':
      return { start: '09:00', end: '18:00' };
    case 'exit':
      return {};
    default:
      return { templateId: '' };
  }
}

/** The branches a node leaves by: a condition by yes and no, an exit by none, any other by one. */
export function branchesOf(kind: NodeKind): (Branch | undefined)[] {
  if (kind === 'exit') return [];
  return kind === 'condition' ? [...BRANCHES] : [undefined];
}
