import { useQuery } from '@tanstack/react-query';
import { adAccountsQuery } from '../../../gateway/client/queries/advertising';
import { AD_ACCOUNT_STATUS } from '../../../gateway/contract/advertising';

/** The caller's Facebook ad accounts that can run ads (Normal, Empty, Outstanding, grace period). */
export function useFbAccounts() {
  const query = useQuery(
    adAccountsQuery({
      PlatformId: 1,
      Status: [
        AD_ACCOUNT_STATUS.Normal,
        AD_ACCOUNT_STATUS.Empty,
        AD_ACCOUNT_STATUS.Outstanding,
        AD_ACCOUNT_STATUS.GracePeriod,
      ],
      NumPerPage: 100,
    }),
  );
  return { accounts: query.data?.Accounts ?? [], isLoading: query.isLoading, error: query.error };
}

/** The path of a Facebook ad page for an account (spec 000 §2: …/{adsAccountId}/{platformId}). */
export const fbAdPath = {
  list: (accountId?: string) => `/advertising/facebook/ad-list${accountId ? `?account=${accountId}` : ''}`,
  create: (accountId: string) => `/advertising/facebook/ad-create/${accountId}/1`,
  edit: (accountId: string, level: string, id: string) => `/advertising/facebook/ad-edit/${accountId}/${level}/${id}/1`,
  generate: (accountId: string) => `/advertising/facebook/ad-generate/${accountId}/1`,
};
