import { SEQUENCE_STATUS } from '../../src/gateway/contract/statuses';
import type { Branch, ConditionConfig, WorkflowDocument } from '../../src/gateway/contract/workflow/document';

// A plain reading of a journey document for the engine's property test (engine.property.test.ts) and its
// restart checks: where each contact of the trigger's list goes, step by step, with every message
// deliverable and every template usable. Time is left out: delays and send windows only say when a step is
// taken, never which, so the path of a contact is the same whenever the clock gets there. A journey may
// loop through a delay (the rules allow a cycle that waits): the path then comes back to a node and takes
// it again, and a contact whose answers never change loops for ever, so the reading stops at a length.

export interface ReferenceContact {
  phone: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
  /** Attribute values by attribute name (any case). */
  attributes: Record<string, string>;
  /** The lists and segments the contact is in, as the canvas names them ("L12", "S3"). */
  audiences: string[];
  /** The channels the contact is suppressed on ("sms", "mms", "email"). */
  suppressed: string[];
}

export interface ReferenceStep {
  nodeId: string;
  outcome: 'done' | 'skipped' | 'failed';
}

export interface ReferencePath {
  steps: ReferenceStep[];
  /** The run's sequence status at the end (Completed or Failed), or Scheduled when cut at `maxSteps`. */
  status: number;
  /** The node the run ends at (cut: the node it takes next). */
  nodeId: string;
}

const SYSTEM_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** "name=value": the system field (exact name) or the attribute (any case) equals the value; none is "". */
function attributeHolds(contact: ReferenceContact, rule: string): boolean {
  const at = rule.indexOf('=');
  const name = (at < 0 ? rule : rule.slice(0, at)).trim();
  const value = at < 0 ? '' : rule.slice(at + 1).trim();
  const system = SYSTEM_FIELDS.find((field) => field === name);
  const attribute = Object.entries(contact.attributes).find(([key]) => key.toLowerCase() === name.toLowerCase());
  const actual = system ? contact[system] : attribute?.[1];
  return (actual ?? '') === value;
}

/** Every rule holds (no rule: the condition's audience); "received": this run has sent a message. */
function conditionHolds(contact: ReferenceContact, config: ConditionConfig, sent: boolean): boolean {
  const inAudience = contact.audiences.includes(config.audienceId);
  if (!config.rules.length) return inAudience;
  return config.rules.every((rule) => {
    switch (rule.kind) {
      case 'inList':
      case 'inSegment':
        return inAudience;
      case 'attribute':
        return attributeHolds(contact, rule.value);
      case 'received':
        return sent;
      default:
        return false;
    }
  });
}

/**
 * What a path may hold before it must be looping for ever: at each step only the node and whether the run
 * has sent decide what comes next, so a path with more steps than such pairs has come back to one of them.
 */
export const longestEndingPath = (document: WorkflowDocument) => 2 * document.nodes.length;

/**
 * The contact's path through the journey, at most `maxSteps` steps long (a longer one is cut, still on its
 * way), or null when the trigger's audience does not hold it.
 */
export function referencePath(
  document: WorkflowDocument,
  contact: ReferenceContact,
  maxSteps = longestEndingPath(document) + 1,
): ReferencePath | null {
  const trigger = document.nodes.find((node) => node.kind === 'trigger');
  if (trigger?.kind !== 'trigger' || !contact.audiences.includes(trigger.config.audienceId)) return null;
  const next = (nodeId: string, branch?: Branch) =>
    document.edges.find((edge) => edge.source === nodeId && edge.branch === branch)?.target ?? null;
  const steps: ReferenceStep[] = [];
  let sent = false;
  let nodeId = trigger.id;
  for (;;) {
    if (steps.length >= maxSteps) return { steps, status: SEQUENCE_STATUS.Scheduled, nodeId };
    const node = document.nodes.find((candidate) => candidate.id === nodeId);
    if (!node) return { steps, status: SEQUENCE_STATUS.Failed, nodeId };
    let outcome: ReferenceStep['outcome'] = 'done';
    let branch: Branch | undefined;
    if (node.kind === 'sms' || node.kind === 'mms' || node.kind === 'email') {
      const address = node.kind === 'email' ? contact.email : contact.phone;
      if (!address || contact.suppressed.includes(node.kind)) outcome = 'skipped';
      else sent = true;
    }
    if (node.kind === 'condition') branch = conditionHolds(contact, node.config, sent) ? 'yes' : 'no';
    steps.push({ nodeId, outcome });
    const to = node.kind === 'exit' ? null : next(nodeId, branch);
    if (to === null) return { steps, status: SEQUENCE_STATUS.Completed, nodeId };
    nodeId = to;
  }
}
