import { applyPlanMutation } from '../gateway/client/mutations/mkt-plans';
import type { ActionData } from '../gateway/contract/actions/registry';
import { applyOnceMachine } from './apply-once';
import { mktPlanLifecycle } from './lifecycles/mkt-plan.machine';

// Applying a plan at /mkthub/applyplan/{Id} (issue 14 item 4; docs/decisions.md "Marketing plans"): the
// page shows the journey applying makes from the plan's steps; "Apply plan" makes it (ApplyMKTPlan). Only
// a Submitted plan is applied (its lifecycle); a refusal keeps it Submitted with the reason, and Retry.

export type AppliedPlan = ActionData<'ApplyMKTPlan'>;

export const planApplyMachine = applyOnceMachine<AppliedPlan>('planApply', {
  mutation: applyPlanMutation,
  applicable: (status) => mktPlanLifecycle.can(status, 'plan.apply'),
});
