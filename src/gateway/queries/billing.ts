import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../client';
import type { ActionInput } from '../actions/registry';
import { balanceQuery, buyRecordsQuery } from './account';

export const packagesQuery = (options: { silent?: boolean } = {}) =>
  queryOptions({ queryKey: ['subscriptions', 'packages'], queryFn: () => call('DescribeSubscriptionPackage', {}, options), staleTime: 60_000 });

/** A page of purchase records for the history table (the banner uses buyRecordsQuery's first 10). */
export const buyRecordPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'buyRecords', 'page', page],
    queryFn: () => call('DescribeSubscriptionBuyRecord', { NumPerPage: 10, Page: page, OrderBy: 'CreateTime', OrderType: 'desc' }),
    staleTime: 60_000,
  });

const PRICE_KEY = ['subscriptions', 'price'] as const;

export type PriceInput = ActionInput<'GetSubscriptionPackagePrice'>;

export const packagePriceQuery = (input: PriceInput) =>
  queryOptions({
    queryKey: [...PRICE_KEY, input],
    queryFn: () => call('GetSubscriptionPackagePrice', input, { silent: true }),
    staleTime: 30_000,
    retry: false,
  });

const TRANSACTIONS_KEY = ['billing', 'transactions'] as const;

export const transactionsQuery = (input: ActionInput<'GetTransactionList'>) =>
  queryOptions({ queryKey: [...TRANSACTIONS_KEY, input], queryFn: () => call('GetTransactionList', input), staleTime: 30_000 });

/** Everything a purchase changes: records (and their pages), packages (free trial used), balance, bills. */
export function invalidatePlanQueries(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [buyRecordsQuery().queryKey, packagesQuery().queryKey, balanceQuery().queryKey, TRANSACTIONS_KEY, PRICE_KEY].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
