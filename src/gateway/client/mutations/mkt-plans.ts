import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { planKeys } from '../queries/mkt-plans';
import { workflowKeys } from '../queries/workflows';

// Writes of the plans that are not the plan form's (the form's machine saves and applies).

export const deletePlansMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mktPlans', 'DeleteMKTPlan'],
    mutationFn: (planIds: string[]) => call('DeleteMKTPlan', { PlanIds: planIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });

/**
 * Applies a submitted plan (the apply page's machine, which shows a refusal itself): its workflow is new,
 * so both lists are read again.
 */
export const applyPlanMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mktPlans', 'ApplyMKTPlan'],
    mutationFn: (planId: string) => call('ApplyMKTPlan', { PlanId: planId }, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await client.invalidateQueries({ queryKey: workflowKeys.all });
    },
  });

/** Mails a plan as an example (the detail page's dialog shows the refusal itself). */
export const sendPlanExampleMutation = () =>
  mutationOptions({
    mutationKey: ['mktPlans', 'SendMKTPlanExample'],
    mutationFn: (input: { PlanId: string; Emails: string[] }) => call('SendMKTPlanExample', input, { silent: true }),
  });
