import { setup, type SnapshotFrom } from 'xstate';
import { MKT_PLAN_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A marketing plan (spec 001 §4: 1 Draft, 2 Submitted, 3 Applied; 9 Deleted is Herald's). "Save as draft"
// keeps a plan a draft; "save and apply" submits it (a complete plan: at least one step) and applies it,
// which makes its workflow. A submitted plan whose apply did not go through stays Submitted and can be
// applied again from the list. An applied plan has its workflow: it is no longer edited, only copied or
// deleted (its workflow stays). docs/decisions.md "Marketing plans".
export const MKT_PLAN_STATE_STATUS = {
  draft: MKT_PLAN_STATUS.Draft,
  submitted: MKT_PLAN_STATUS.Submitted,
  applied: MKT_PLAN_STATUS.Applied,
  deleted: MKT_PLAN_STATUS.Deleted,
} as const;

export type MktPlanEvent =
  { type: 'plan.saveDraft' } | { type: 'plan.submit' } | { type: 'plan.apply' } | { type: 'plan.delete' };

export const mktPlanMachine = setup({
  types: { events: {} as MktPlanEvent },
}).createMachine({
  id: 'mktPlan',
  initial: 'draft',
  states: {
    draft: { on: { 'plan.saveDraft': 'draft', 'plan.submit': 'submitted', 'plan.delete': 'deleted' } },
    submitted: {
      on: {
        'plan.saveDraft': 'draft',
        'plan.submit': 'submitted',
        'plan.apply': 'applied',
        'plan.delete': 'deleted',
      },
    },
    applied: { on: { 'plan.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type MktPlanSnapshot = SnapshotFrom<typeof mktPlanMachine>;

export const mktPlanLifecycle = defineLifecycle(mktPlanMachine, MKT_PLAN_STATE_STATUS);
