import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { planKeys } from '../queries/mkt-plans';
import { workflowKeys } from '../queries/workflows';
import { calendarKeys } from '../queries/calendar';

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

/** Sets or clears a plan's day 0 (the list's schedule dialog shows a refusal itself); the calendar reads again. */
export const schedulePlanMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['mktPlans', 'ScheduleMKTPlan'],
    mutationFn: (input: { PlanId: string; StartTime: number | null }) =>
      call('ScheduleMKTPlan', input, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await client.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
