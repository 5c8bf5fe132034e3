import type { WorkflowDocument, WorkflowNode } from '../../../gateway/contract/workflow/document';
import type { WorkflowIssue } from '../../../gateway/contract/workflow/rules';

// What the canvas view derives from the machine's document: where a new step goes, and the
// issues at each step. Pure, so the view never keeps a second copy of the document.

const STEP_GAP = 140;

/** Under the lowest step (in the selected step's column), so a new step never covers another; the first at the top. */
export function placeForNewStep(document: WorkflowDocument, selectedId: string | null) {
  if (!document.nodes.length) return { x: 0, y: 0 };
  const lowest = document.nodes.reduce((low, node) => (node.position.y > low.position.y ? node : low));
  const selected = document.nodes.find((node) => node.id === selectedId);
  return { x: (selected ?? lowest).position.x, y: lowest.position.y + STEP_GAP };
}

/** Issues by step id ('' for the workflow as a whole). */
export function issuesByStep(issues: WorkflowIssue[]): Map<string, WorkflowIssue[]> {
  const byStep = new Map<string, WorkflowIssue[]>();
  for (const found of issues) byStep.set(found.nodeId ?? '', [...(byStep.get(found.nodeId ?? '') ?? []), found]);
  return byStep;
}

/** The step a node is, numbered among the steps of its kind ("SMS 2"). */
export function ordinalOf(document: WorkflowDocument, node: WorkflowNode): number {
  return document.nodes.filter((other) => other.kind === node.kind).findIndex((other) => other.id === node.id) + 1;
}
