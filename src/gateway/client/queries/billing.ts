import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import type { BillTypeName, Transaction } from '../../contract/actions/billing';
import { balanceQuery, buyRecordsQuery } from './account';

export const packagesQuery = (options: { silent?: boolean } = {}) =>
  queryOptions({
    queryKey: ['subscriptions', 'packages'],
    queryFn: () => call('DescribeSubscriptionPackage', {}, options),
    staleTime: 60_000,
  });

/** A page of purchase records for the history table (the banner uses buyRecordsQuery's first 10). */
export const buyRecordPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'buyRecords', 'page', page],
    queryFn: () =>
      call('DescribeSubscriptionBuyRecord', { NumPerPage: 10, Page: page, OrderBy: 'CreateTime', OrderType: 'desc' }),
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

/** Every billing read sits under this key: a money move invalidates them together. */
export const BILLING_KEY = ['billing'] as const;
const TRANSACTIONS_KEY = [...BILLING_KEY, 'transactions'] as const;

/** Saved cards (brand, last 4, expiry, default flag): never the number. */
export const cardsQuery = () =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'cards'],
    queryFn: () => call('GetCardWalletList', {}),
    staleTime: 30_000,
  });

/** One payment, for /bill/payment-status: asked again while the provider has not settled it. */
export const paymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'payment', paymentId],
    queryFn: () => call('GetInpourPayment', { PaymentId: paymentId }, { silent: true }),
    refetchInterval: (query) =>
      query.state.data?.Status === 'processing' || query.state.data?.Status === 'requires_action' ? 1_000 : false,
    retry: false,
  });

/** The bank transfer reference of the account and the bank's details. */
export const bankTransferQuery = () =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'bankTransfer'],
    queryFn: () => call('GetAccountVerifyCode', {}),
    staleTime: 5 * 60_000,
  });

export const billingAddressQuery = () =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'address'],
    queryFn: () => call('GetBillingAddress', {}),
    staleTime: 60_000,
  });

export const balanceAlarmQuery = () =>
  queryOptions({ queryKey: [...BILLING_KEY, 'alarm'], queryFn: () => call('GetBalanceAlarm', {}), staleTime: 60_000 });

export const usageQuery = (input: ActionInput<'GetOrderAmountStatistics'>) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'usage', input],
    queryFn: () => call('GetOrderAmountStatistics', input),
    staleTime: 60_000,
  });

export const invoicesQuery = (input: ActionInput<'GetInvoiceList'>) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'invoices', input],
    queryFn: () => call('GetInvoiceList', input),
    staleTime: 30_000,
  });

export const transactionsQuery = (input: ActionInput<'GetTransactionList'>) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, input],
    queryFn: () => call('GetTransactionList', input),
    staleTime: 30_000,
  });

/** Moves that are spending: charges (sends, plans) out of a wallet, less what was refunded. */
const SPEND_BILL_TYPES: readonly BillTypeName[] = ['deduct', 'card_deduction', 'refund'];
const SPEND_PAGE_SIZE = 30;
/** The ledger is paged (30 a page at most); a range with more moves than this is counted from its newest. */
const SPEND_MAX_PAGES = 20;
export const SPEND_MAX_MOVES = SPEND_MAX_PAGES * SPEND_PAGE_SIZE;

export interface Spend {
  /** 10,000 units per currency unit; positive is money spent. */
  units: number;
  /** false when the range held more than SPEND_MAX_MOVES moves: the newest were counted. */
  complete: boolean;
}

export function spendOf(transactions: readonly Pick<Transaction, 'BillType' | 'Amount'>[]): number {
  return -transactions.reduce((sum, move) => (SPEND_BILL_TYPES.includes(move.BillType) ? sum + move.Amount : sum), 0);
}

/** Spend in a range (seconds, inclusive), summed over every page of GetTransactionList. */
export const spendQuery = (range: { StartTime: number; EndTime: number }) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, 'spend', range],
    queryFn: async (): Promise<Spend> => {
      const page = (Page: number) =>
        call('GetTransactionList', { ...range, Kind: 'bill', NumPerPage: SPEND_PAGE_SIZE, Page });
      const first = await page(1);
      const pages = Math.min(Math.ceil(first.Total / SPEND_PAGE_SIZE), SPEND_MAX_PAGES);
      const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => page(i + 2)));
      return {
        units: spendOf([first, ...rest].flatMap((data) => data.Transactions)),
        complete: first.Total <= pages * SPEND_PAGE_SIZE,
      };
    },
    staleTime: 30_000,
  });

/** Everything a purchase changes: records (and their pages), packages (free trial used), balance, bills. */
export function invalidatePlanQueries(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [buyRecordsQuery().queryKey, packagesQuery().queryKey, balanceQuery().queryKey, TRANSACTIONS_KEY, PRICE_KEY].map(
      (queryKey) => client.invalidateQueries({ queryKey }),
    ),
  );
}
