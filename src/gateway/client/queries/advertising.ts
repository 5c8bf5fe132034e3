import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { AD_OPENING_STATUS, AD_RECHARGE_STATUS } from '../../contract/advertising';

// Reads of Advertising: the overview, the accounts, the opening applications and the recharges.

export const advertisingKeys = {
  all: ['advertising'] as const,
  overview: () => [...advertisingKeys.all, 'overview'] as const,
  accounts: () => [...advertisingKeys.all, 'accounts'] as const,
  applications: () => [...advertisingKeys.all, 'applications'] as const,
  recharges: () => [...advertisingKeys.all, 'recharges'] as const,
};

const waitingApplications = new Set<number>([AD_OPENING_STATUS.PendingReview, AD_OPENING_STATUS.PendingOpening]);

export const adOverviewQuery = () =>
  queryOptions({ queryKey: advertisingKeys.overview(), queryFn: () => call('GetAdOverview', {}) });

export const adAccountsQuery = (input: ActionInput<'ListAdAccount'>) =>
  queryOptions({
    queryKey: [...advertisingKeys.accounts(), input],
    queryFn: () => call('ListAdAccount', input),
    placeholderData: keepPreviousData,
  });

export const adApplicationsQuery = (input: ActionInput<'ListAdAccountApplication'>) =>
  queryOptions({
    queryKey: [...advertisingKeys.applications(), input],
    queryFn: () => call('ListAdAccountApplication', input),
    placeholderData: keepPreviousData,
    // An application under review keeps the list asking until the platform answers.
    refetchInterval: (query) =>
      query.state.data?.Applications.some((application) => waitingApplications.has(application.Status)) ? 2_000 : false,
  });

export const adRechargesQuery = (input: ActionInput<'ListAdRecharge'>) =>
  queryOptions({
    queryKey: [...advertisingKeys.recharges(), input],
    queryFn: () => call('ListAdRecharge', input),
    // A recharge on its way keeps the list asking until it arrives.
    refetchInterval: (query) =>
      query.state.data?.Recharges.some((recharge) => recharge.Status === AD_RECHARGE_STATUS.Pending) ? 2_000 : false,
  });
