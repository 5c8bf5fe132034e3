import { queryOptions } from '@tanstack/react-query';
import { call } from '../call';

export const balanceQuery = () =>
  queryOptions({ queryKey: ['billing', 'balance'], queryFn: () => call('GetBalance', {}), staleTime: 30_000 });

/**
 * Spec 000 §7: asked with NumPerPage 10, OrderBy CreateTime, OrderType desc (newest first). `silent`
 * for the prefetch made alongside GetUserInfo: its failure is the session's to report.
 */
export const buyRecordsQuery = (options: { silent?: boolean } = {}) =>
  queryOptions({
    queryKey: ['subscriptions', 'buyRecords'],
    queryFn: () =>
      call('DescribeSubscriptionBuyRecord', { NumPerPage: 10, OrderBy: 'CreateTime', OrderType: 'desc' }, options),
    staleTime: 60_000,
  });

export const newRepliesQuery = () =>
  queryOptions({
    queryKey: ['tickets', 'newReplies'],
    queryFn: () => call('GetNewReplyList', {}),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
