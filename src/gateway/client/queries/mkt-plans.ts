import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the Marketing hub's plans (issue 14 item 4). The plan form's machine loads and saves the plan itself.

export const planKeys = {
  all: ['mktPlans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  detail: (planId: string) => [...planKeys.all, 'detail', planId] as const,
};

export const planListQuery = (input: ActionInput<'ListMKTPlan'>) =>
  queryOptions({
    queryKey: [...planKeys.list(), input],
    queryFn: () => call('ListMKTPlan', input),
    placeholderData: keepPreviousData,
  });

export const planDetailQuery = (planId: string) =>
  queryOptions({ queryKey: planKeys.detail(planId), queryFn: () => call('GetMKTPlan', { PlanId: planId }) });

/** An applied plan's journey figures and messages per channel (GetPlainInsight), read again while it runs. */
export const planInsightQuery = (planId: string) =>
  queryOptions({
    queryKey: [...planKeys.detail(planId), 'insight'],
    queryFn: () => call('GetPlainInsight', { PlanId: planId }),
  });

export const planTasksQuery = (input: ActionInput<'GetMKTPlanTask'>) =>
  queryOptions({
    queryKey: [...planKeys.detail(input.PlanId), 'tasks', input],
    queryFn: () => call('GetMKTPlanTask', input),
    placeholderData: keepPreviousData,
  });
