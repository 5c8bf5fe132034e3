import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { WA_AGENT_GROUP_STATUSES } from '../../contract/wa-agent';

// Reads of WhatsApp agent campaigns. While a campaign is with the agent (submitted group) the list and the
// detail ask again now and then, so a stage the sandbox agent reaches shows without a reload.

const POLL_MS = 5000;
const withAgent = (status: number) => (WA_AGENT_GROUP_STATUSES.submitted as readonly number[]).includes(status);

export const waAgentKeys = {
  all: ['waAgent'] as const,
  list: () => [...waAgentKeys.all, 'list'] as const,
  detail: (taskId: string) => [...waAgentKeys.all, 'detail', taskId] as const,
};

export const waAgentListQuery = (input: ActionInput<'ListWaAgentTask'>) =>
  queryOptions({
    queryKey: [...waAgentKeys.list(), input],
    queryFn: () => call('ListWaAgentTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.Tasks.some((t) => withAgent(t.Status)) ? POLL_MS : false),
  });

export const waAgentTaskQuery = (taskId: string) =>
  queryOptions({
    queryKey: waAgentKeys.detail(taskId),
    queryFn: () => call('GetWaAgentTask', { TaskId: taskId }),
    refetchInterval: (query) => (query.state.data && withAgent(query.state.data.Status) ? POLL_MS : false),
  });
