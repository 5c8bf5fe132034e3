import type { PlanContent } from '../actions/mkt-plans';
import type { WorkflowDocument, WorkflowEdge, WorkflowNode } from './document';

// The journey a plan's steps become when it is applied (docs/decisions.md "Marketing plans"): the server
// stores it as a draft workflow (ApplyMKTPlan); the apply page shows it before.

const STEP_GAP = 140;

/** trigger → (wait the days between steps → send step)… → exit, top to bottom. */
export function planDocument(content: PlanContent): WorkflowDocument {
  const nodes: WorkflowNode[] = [];
  const edges: WorkflowEdge[] = [];
  const add = (node: Omit<WorkflowNode, 'id' | 'position'>) => {
    const id = `n${nodes.length + 1}`;
    const previous = nodes[nodes.length - 1];
    nodes.push({ ...node, id, position: { x: 0, y: nodes.length * STEP_GAP } } as WorkflowNode);
    if (previous) edges.push({ id: `e${edges.length + 1}`, source: previous.id, target: id });
  };
  add({ kind: 'trigger', config: { source: 'segment', audienceId: '', attribute: '', event: '' } });
  let day = 0;
  for (const step of content.Steps) {
    if (step.Day > day) add({ kind: 'delay', config: { amount: step.Day - day, unit: 'day' } });
    day = Math.max(day, step.Day);
    add({ kind: step.Channel, config: { templateId: '' } });
  }
  add({ kind: 'exit', config: {} });
  return { nodes, edges };
}
