import {
  defaultConfig,
  workflowNode,
  type NodeConfig,
  type NodeKind,
  type WorkflowDocument,
  type WorkflowNode,
} from './document';
import { invariantIssues, type WorkflowIssue } from './rules';

// Every change to a workflow document is one of these edits. The canvas machine applies them (and
// keeps them for undo and redo); `checkEdit` is the guard that refuses an edit breaking an invariant.

type Position = { x: number; y: number };

export type WorkflowEdit =
  | { type: 'node.add'; id: string; kind: NodeKind; position: Position }
  | { type: 'node.move'; id: string; position: Position }
  | { type: 'node.configure'; id: string; config: NodeConfig }
  | { type: 'node.delete'; id: string }
  | { type: 'edge.connect'; id: string; source: string; target: string; branch?: 'yes' | 'no' }
  | { type: 'edge.delete'; id: string }
  | { type: 'nodes.arrange'; positions: Record<string, Position> };

function mapNode(document: WorkflowDocument, id: string, change: (node: WorkflowNode) => WorkflowNode) {
  return { ...document, nodes: document.nodes.map((node) => (node.id === id ? change(node) : node)) };
}

/** The document after an edit (no rules checked: see checkEdit). */
export function applyEdit(document: WorkflowDocument, edit: WorkflowEdit): WorkflowDocument {
  switch (edit.type) {
    case 'node.add':
      return {
        ...document,
        nodes: [
          ...document.nodes,
          { id: edit.id, kind: edit.kind, position: edit.position, config: defaultConfig(edit.kind) } as WorkflowNode,
        ],
      };
    case 'node.move':
      return mapNode(document, edit.id, (node) => ({ ...node, position: edit.position }));
    case 'node.configure':
      return mapNode(document, edit.id, (node) => ({ ...node, config: edit.config }) as WorkflowNode);
    case 'node.delete':
      return {
        nodes: document.nodes.filter((node) => node.id !== edit.id),
        edges: document.edges.filter((edge) => edge.source !== edit.id && edge.target !== edit.id),
      };
    case 'edge.connect': {
      const { id, source, target, branch } = edit;
      return { ...document, edges: [...document.edges, { id, source, target, ...(branch ? { branch } : {}) }] };
    }
    case 'edge.delete':
      return { ...document, edges: document.edges.filter((edge) => edge.id !== edit.id) };
    case 'nodes.arrange':
      return {
        ...document,
        nodes: document.nodes.map((node) =>
          edit.positions[node.id] ? { ...node, position: edit.positions[node.id] } : node,
        ),
      };
  }
}

const keyOf = (found: WorkflowIssue) => `${found.code}:${found.nodeId ?? ''}`;

/** Why an edit is refused (the first invariant it would newly break), or null when it is allowed. */
export function checkEdit(document: WorkflowDocument, edit: WorkflowEdit): WorkflowIssue | null {
  const has = (id: string) => document.nodes.some((node) => node.id === id);
  if ((edit.type === 'node.move' || edit.type === 'node.configure' || edit.type === 'node.delete') && !has(edit.id))
    return { code: 'nodeMissing', nodeId: null };
  if (edit.type === 'node.configure') {
    const node = document.nodes.find((candidate) => candidate.id === edit.id)!;
    if (!workflowNode.safeParse({ ...node, config: edit.config }).success)
      return { code: 'configInvalid', nodeId: edit.id };
  }
  if (edit.type === 'edge.delete' && !document.edges.some((edge) => edge.id === edit.id))
    return { code: 'nodeMissing', nodeId: null };
  const before = new Set(invariantIssues(document).map(keyOf));
  return invariantIssues(applyEdit(document, edit)).find((found) => !before.has(keyOf(found))) ?? null;
}
