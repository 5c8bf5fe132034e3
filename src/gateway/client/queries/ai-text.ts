import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

// Reads of AI text (docs/decisions.md "AI text"): the plan's AI generations used and allowed.

export const aiTextKeys = {
  all: ['aiText'] as const,
  usage: () => [...aiTextKeys.all, 'usage'] as const,
};

export const aiUsageQuery = () =>
  queryOptions({
    queryKey: aiTextKeys.usage(),
    queryFn: () => call('GetAIGCUsage', {}),
  });
