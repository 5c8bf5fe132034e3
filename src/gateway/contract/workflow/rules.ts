import { branchesOf, MAX_CONDITIONS, type WorkflowDocument, type WorkflowEdge, type WorkflowNode } from './document';

// The rules of a workflow document (spec 001 "Workflows and plans", issue 14). Two kinds:
// - invariants hold for every document, draft or not: the canvas machine refuses an edit that breaks one
//   and the server refuses to store a document that breaks one;
// - readiness rules say what a draft still lacks before it can be submitted; they are shown at the
//   node while drawing and do not stop a draft from being saved.

export const INVARIANT_CODES = [
  'tooManyTriggers',
  'tooManyConditions',
  'windowReversed',
  'delayNegative',
  'cycleWithoutDelay',
  'nodeMissing',
  'duplicateId',
  'edgeInvalid',
  'branchTaken',
  'configInvalid',
] as const;
export const READINESS_CODES = [
  'triggerMissing',
  'audienceRequired',
  'triggerDetailRequired',
  'eventNameInvalid',
  'templateRequired',
  'danglingBranch',
] as const;
export type InvariantCode = (typeof INVARIANT_CODES)[number];
export type ReadinessCode = (typeof READINESS_CODES)[number];
export type IssueCode = InvariantCode | ReadinessCode;

/** A broken rule and the node it is shown at (null: the workflow as a whole). */
export interface WorkflowIssue {
  code: IssueCode;
  nodeId: string | null;
}

const issue = (code: IssueCode, nodeId: string | null = null): WorkflowIssue => ({ code, nodeId });

/** An API event's name (TriggerSEQ2Event): a letter, then letters, digits and _ . : - (at most 64). */
export const EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/** A delay that actually waits: only such a step breaks a cycle. */
const waits = (node: WorkflowNode) => node.kind === 'delay' && node.config.amount > 0;

function nodeIssues(node: WorkflowNode): WorkflowIssue[] {
  if (node.kind === 'condition' && node.config.rules.length > MAX_CONDITIONS)
    return [issue('tooManyConditions', node.id)];
  if (node.kind === 'window' && node.config.start > node.config.end) return [issue('windowReversed', node.id)];
  if (node.kind === 'delay' && node.config.amount < 0) return [issue('delayNegative', node.id)];
  return [];
}

function edgeIssue(edge: WorkflowEdge, byId: Map<string, WorkflowNode>, taken: Set<string>): WorkflowIssue | null {
  const source = byId.get(edge.source);
  const target = byId.get(edge.target);
  if (!source || !target) return issue('nodeMissing', source ? edge.source : target ? edge.target : null);
  const branches = branchesOf(source.kind);
  if (edge.source === edge.target || target.kind === 'trigger' || !branches.includes(edge.branch))
    return issue('edgeInvalid', edge.source);
  const key = `${edge.source}:${edge.branch ?? ''}`;
  if (taken.has(key)) return issue('branchTaken', edge.source);
  taken.add(key);
  return null;
}

/** A node on a cycle that never passes a waiting delay, or null. */
export function cycleWithoutDelay(document: WorkflowDocument): string | null {
  const byId = new Map(document.nodes.map((node) => [node.id, node]));
  const next = new Map<string, string[]>();
  for (const edge of document.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target || waits(source) || waits(target)) continue;
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | null => {
    state.set(id, 'open');
    for (const to of next.get(id) ?? []) {
      if (state.get(to) === 'open') return to;
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    state.set(id, 'done');
    return null;
  };
  for (const node of document.nodes) {
    if (state.has(node.id)) continue;
    const found = visit(node.id);
    if (found) return found;
  }
  return null;
}

/** Rules every stored document keeps. */
export function invariantIssues(document: WorkflowDocument): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  const byId = new Map<string, WorkflowNode>();
  for (const node of document.nodes) {
    if (byId.has(node.id)) issues.push(issue('duplicateId', node.id));
    byId.set(node.id, node);
  }
  const triggers = document.nodes.filter((node) => node.kind === 'trigger');
  for (const extra of triggers.slice(1)) issues.push(issue('tooManyTriggers', extra.id));
  for (const node of document.nodes) issues.push(...nodeIssues(node));
  const edgeIds = new Set<string>();
  const taken = new Set<string>();
  for (const edge of document.edges) {
    if (edgeIds.has(edge.id)) issues.push(issue('duplicateId', edge.source));
    edgeIds.add(edge.id);
    const found = edgeIssue(edge, byId, taken);
    if (found) issues.push(found);
  }
  const cycle = cycleWithoutDelay(document);
  if (cycle) issues.push(issue('cycleWithoutDelay', cycle));
  return issues;
}

function readinessOf(node: WorkflowNode, document: WorkflowDocument): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  if (node.kind === 'trigger') {
    const { source, audienceId, attribute, event } = node.config;
    if ((source === 'segment' || source === 'list') && !audienceId) issues.push(issue('audienceRequired', node.id));
    if ((source === 'date' && !attribute) || (source === 'event' && !event))
      issues.push(issue('triggerDetailRequired', node.id));
    else if (source === 'event' && !EVENT_NAME_PATTERN.test(event)) issues.push(issue('eventNameInvalid', node.id));
  }
  if (node.kind === 'condition' && !node.config.audienceId) issues.push(issue('audienceRequired', node.id));
  if ((node.kind === 'sms' || node.kind === 'mms' || node.kind === 'email') && !node.config.templateId)
    issues.push(issue('templateRequired', node.id));
  const leaving = document.edges.filter((edge) => edge.source === node.id);
  if (branchesOf(node.kind).some((branch) => !leaving.some((edge) => edge.branch === branch)))
    issues.push(issue('danglingBranch', node.id));
  return issues;
}

/** What a draft still lacks before it may be submitted. */
export function readinessIssues(document: WorkflowDocument): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  if (!document.nodes.some((node) => node.kind === 'trigger')) issues.push(issue('triggerMissing'));
  for (const node of document.nodes) issues.push(...readinessOf(node, document));
  return issues;
}

/** Every broken rule, invariants first. */
export function validateWorkflow(document: WorkflowDocument): WorkflowIssue[] {
  return [...invariantIssues(document), ...readinessIssues(document)];
}
