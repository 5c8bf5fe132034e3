import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import type { FbCampaignTree } from '../../contract/actions/fb-ads';

// Reads of Facebook ads: an account's campaigns with their ad sets and ads, and one object for the editor.

export const fbAdKeys = {
  all: ['fb-ads'] as const,
  campaigns: (accountId: string) => [...fbAdKeys.all, 'campaigns', accountId] as const,
  object: (accountId: string, level: string, id: string) => [...fbAdKeys.all, 'object', accountId, level, id] as const,
};

const inReview = (campaigns: FbCampaignTree[] | undefined) =>
  campaigns?.some((c) => c.AdSets.some((s) => s.Ads.some((a) => a.Status.startsWith('PENDING_')))) ?? false;

export const fbCampaignsQuery = (input: ActionInput<'ListFbCampaign'>) =>
  queryOptions({
    queryKey: [...fbAdKeys.campaigns(input.AccountId), input],
    queryFn: () => call('ListFbCampaign', input),
    placeholderData: keepPreviousData,
    enabled: Boolean(input.AccountId),
    // an ad in review keeps the list asking until the platform answers
    refetchInterval: (query) => (inReview(query.state.data?.Campaigns) ? 2_000 : false),
  });

export const fbObjectQuery = (input: ActionInput<'GetFbObject'>) =>
  queryOptions({
    queryKey: fbAdKeys.object(input.AccountId, input.Level, input.Id),
    queryFn: () => call('GetFbObject', input),
  });
