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

type BoardItem = { id: string; data?: object; measured?: { width?: number; height?: number } };

const sameShallow = (next: object, before: object) =>
  Object.entries(next).every(([key, value]) => Object.is(value, (before as Record<string, unknown>)[key]));

/**
 * The document's steps (or connections) as React Flow items, rebuilt on every edit, against those on the
 * board: an item whose fields (and data's fields) are all the same is the board's own object again, and
 * any other keeps the size React Flow measured. React Flow 12 treats a node without `measured` as new (it
 * hides it, measures it again and remounts its edges) and re-renders every item that is a new object, so
 * rebuilding all 200 steps of a large journey cost about a second of main thread per edit, undo or redo
 * (bench/canvas.ts). A step whose content changes size is still measured again: React Flow observes
 * every node's size.
 */
export function reuseUnchanged<T extends BoardItem>(next: T[], current: T[]): T[] {
  const byId = new Map(current.map((item) => [item.id, item]));
  return next.map((item) => {
    const before = byId.get(item.id);
    if (!before) return item;
    const { data, ...fields } = item;
    if (
      sameShallow(fields, before) &&
      (data === before.data || (data && before.data && sameShallow(data, before.data)))
    )
      return before;
    return before.measured && !item.measured ? { ...item, measured: before.measured } : item;
  });
}
