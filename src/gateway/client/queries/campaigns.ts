import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of campaigns (issue 14 item 5). The editor and the apply page's machines save and apply themselves.

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  detail: (campaignId: string) => [...campaignKeys.all, 'detail', campaignId] as const,
};

export const campaignListQuery = (input: ActionInput<'ListCampaign'>) =>
  queryOptions({
    queryKey: [...campaignKeys.list(), input],
    queryFn: () => call('ListCampaign', input),
    placeholderData: keepPreviousData,
  });

export const campaignDetailQuery = (campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(campaignId),
    queryFn: () => call('GetCampaign', { CampaignId: campaignId }),
  });

/** Is the name free among the account's plans and campaigns (QueryPlanNameCheck)? Asked again each time. */
export const marketingNameCheckQuery = (name: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'nameCheck', name],
    queryFn: () => call('QueryPlanNameCheck', { Name: name }),
    staleTime: 0,
  });
