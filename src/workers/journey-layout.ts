import type { ElkNode } from 'elkjs/lib/elk-api';
import { branchesOf, type WorkflowDocument } from '../gateway/contract/workflow/document';

// The workflow canvas's tidy-up (issue 14 item 1): a journey as an elk graph, laid out top to bottom
// with a condition's branches side by side (its "yes" port left of its "no" port, as the canvas draws
// its handles), and the laid-out graph back as the positions of one `nodes.arrange` edit.

type Position = { x: number; y: number };

/** A step as the canvas draws it (w-56; a title, a summary and room for a note or issues line). */
export const STEP_SIZE = { width: 224, height: 88 };

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '56',
  'elk.spacing.nodeNode': '48',
  'elk.spacing.componentComponent': '72',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.edgeRouting': 'ORTHOGONAL',
};

const portId = (nodeId: string, branch: string) => `${nodeId}:${branch}`;

/** The document as elk's input: every step a box, a condition's branches fixed ports on its bottom edge. */
export function journeyToElkGraph(document: WorkflowDocument): ElkNode {
  return {
    id: 'journey',
    layoutOptions: OPTIONS,
    children: document.nodes.map((node) => {
      const branches = branchesOf(node.kind).filter((branch) => branch !== undefined);
      if (!branches.length) return { id: node.id, ...STEP_SIZE };
      return {
        id: node.id,
        ...STEP_SIZE,
        layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
        // the canvas's handles sit at 30 % and 70 % of the width
        ports: branches.map((branch, index) => ({
          id: portId(node.id, branch),
          x: STEP_SIZE.width * (0.3 + index * 0.4),
          y: STEP_SIZE.height,
          width: 1,
          height: 1,
        })),
      };
    }),
    edges: document.edges.map((edge) => ({
      id: edge.id,
      sources: [edge.branch ? portId(edge.source, edge.branch) : edge.source],
      targets: [edge.target],
    })),
  };
}

/**
 * The laid-out steps' positions, moved so the tidied journey starts where the drawn one did (its top
 * left corner stays put, so the view does not jump away from what the user was looking at).
 */
export function positionsFromLayout(document: WorkflowDocument, layout: ElkNode): Record<string, Position> {
  const laid = (layout.children ?? []).filter((child) => document.nodes.some((node) => node.id === child.id));
  if (!laid.length) return {};
  const corner = (values: number[]) => Math.min(...values);
  const from = { x: corner(laid.map((c) => c.x ?? 0)), y: corner(laid.map((c) => c.y ?? 0)) };
  const to = {
    x: corner(document.nodes.map((node) => node.position.x)),
    y: corner(document.nodes.map((node) => node.position.y)),
  };
  return Object.fromEntries(
    laid.map((child) => [
      child.id,
      { x: Math.round((child.x ?? 0) - from.x + to.x), y: Math.round((child.y ?? 0) - from.y + to.y) },
    ]),
  );
}
