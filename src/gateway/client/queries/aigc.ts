import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of AI images (docs/decisions.md "Creative material and AI images").

export const aigcKeys = {
  all: ['aigc'] as const,
  designs: (input: ActionInput<'ListAIGCDesign'>) => [...aigcKeys.all, 'designs', input] as const,
};

/** The account's designs; asked again every 3 s while one is still being generated. */
export const aigcDesignsQuery = (input: ActionInput<'ListAIGCDesign'>) =>
  queryOptions({
    queryKey: aigcKeys.designs(input),
    queryFn: () => call('ListAIGCDesign', input),
    refetchInterval: (query) => (query.state.data?.Designs.some((design) => design.Status === 1) ? 3000 : false),
  });

/** One generation as it stands (the machine asks again until it has finished). Never served from the cache. */
export const aigcResultQuery = (taskId: string) =>
  queryOptions({
    queryKey: [...aigcKeys.all, 'result', taskId] as const,
    queryFn: () => call('GetAIGCContentGenerationTaskResult', { TaskId: taskId }, { silent: true }),
    staleTime: 0,
  });
