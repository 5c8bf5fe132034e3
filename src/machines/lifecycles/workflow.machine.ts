import { setup, type SnapshotFrom } from 'xstate';
import { WORKFLOW_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The workflow lifecycle (spec 001 §4 "Workflow": 0 Draft, 1 Submitted, 2 Running, 3 Paused). Only the
// draft part is built (issue 14 item 1): a draft is saved again and again, or deleted. Submitted, Running
// and Paused come with journeys that run (issue 14 item 2); they are not drawn here until something can
// reach them (docs/decisions.md "Workflow canvas").
export const WORKFLOW_STATE_STATUS = {
  draft: WORKFLOW_STATUS.Draft,
  deleted: WORKFLOW_STATUS.Deleted,
} as const;

export type WorkflowEvent = { type: 'workflow.saveDraft' } | { type: 'workflow.delete' };

export const workflowMachine = setup({
  types: { events: {} as WorkflowEvent },
}).createMachine({
  id: 'workflow',
  initial: 'draft',
  states: {
    draft: { on: { 'workflow.saveDraft': 'draft', 'workflow.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type WorkflowSnapshot = SnapshotFrom<typeof workflowMachine>;

export const workflowLifecycle = defineLifecycle(workflowMachine, WORKFLOW_STATE_STATUS);
