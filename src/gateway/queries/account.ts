import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';

export const balanceQuery = () =>
  queryOptions({ queryKey: ['billing', 'balance'], queryFn: () => call('GetBalance', {}), staleTime: 30_000 });

/** Spec 000 §7: asked with NumPerPage 10, OrderBy CreateTime, OrderType desc (newest first). */
export const buyRecordsQuery = () =>
  queryOptions({
    queryKey: ['subscriptions', 'buyRecords'],
    queryFn: () => call('DescribeSubscriptionBuyRecord', { NumPerPage: 10, OrderBy: 'CreateTime', OrderType: 'desc' }),
    staleTime: 60_000,
  });

export const newRepliesQuery = () =>
  queryOptions({ queryKey: ['tickets', 'newReplies'], queryFn: () => call('GetNewReplyList', {}), staleTime: 30_000, refetchInterval: 60_000 });
