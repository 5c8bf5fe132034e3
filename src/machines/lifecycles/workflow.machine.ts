import { setup, type SnapshotFrom } from 'xstate';
import { WORKFLOW_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The workflow lifecycle (spec 001 §4 "Workflow": 0 Draft, 1 Submitted, 2 Running, 3 Paused; actions
// start or resume, pause or stop, recover, delete). A draft starts (its document frozen as a version,
// contacts enter) and runs; running it pauses and resumes; stopping ends the runs in flight (expired)
// and leaves it Submitted, from where it recovers (the runs go on) or is deleted. Saving is allowed in
// every living state: saving a started workflow freezes a new version (docs/decisions.md "Journey engine").
export const WORKFLOW_STATE_STATUS = {
  draft: WORKFLOW_STATUS.Draft,
  submitted: WORKFLOW_STATUS.Submitted,
  running: WORKFLOW_STATUS.Running,
  paused: WORKFLOW_STATUS.Paused,
  deleted: WORKFLOW_STATUS.Deleted,
} as const;

export type WorkflowEvent =
  | { type: 'workflow.saveDraft' }
  | { type: 'workflow.start' }
  | { type: 'workflow.pause' }
  | { type: 'workflow.resume' }
  | { type: 'workflow.stop' }
  | { type: 'workflow.recover' }
  | { type: 'workflow.delete' };

export const workflowMachine = setup({
  types: { events: {} as WorkflowEvent },
}).createMachine({
  id: 'workflow',
  initial: 'draft',
  states: {
    draft: {
      on: { 'workflow.saveDraft': 'draft', 'workflow.start': 'running', 'workflow.delete': 'deleted' },
    },
    running: {
      on: { 'workflow.saveDraft': 'running', 'workflow.pause': 'paused', 'workflow.stop': 'submitted' },
    },
    paused: {
      on: { 'workflow.saveDraft': 'paused', 'workflow.resume': 'running', 'workflow.stop': 'submitted' },
    },
    submitted: {
      on: { 'workflow.saveDraft': 'submitted', 'workflow.recover': 'running', 'workflow.delete': 'deleted' },
    },
    deleted: { type: 'final' },
  },
});

export type WorkflowSnapshot = SnapshotFrom<typeof workflowMachine>;

export const workflowLifecycle = defineLifecycle(workflowMachine, WORKFLOW_STATE_STATUS);
