import { AD_PLATFORMS, type AdPlatformId } from '../../../src/gateway/contract/advertising';
import type { AdPlatformAdapter } from './ad-platform';
import { sandboxFbMarketing } from './fb-sandbox';

// The sandbox ad platforms: one table, seven platforms (docs/decisions.md "Advertising" has the rules).
// Review: an account name containing "reject" is refused; any other application opens `quantity`
// accounts. Top-up: an account whose name contains "topup-fail" refuses money; any other takes it.
// Rebate (monthly, server/ads/rebates.ts decides the amount): refused for an account whose name contains
// "rebate-fail"; any other is paid.
// Account ids are digits: the platform's two-digit prefix, Herald's application row id and the index.

export const SANDBOX_REJECT_WORD = 'reject';
export const SANDBOX_TOPUP_FAIL_WORD = 'topup-fail';
export const SANDBOX_REBATE_FAIL_WORD = 'rebate-fail';

/** Each platform's account-id prefix and how it names the extra accounts of one application. */
const SANDBOX_PLATFORMS: Record<AdPlatformId, { prefix: string; reviewer: string }> = {
  1: { prefix: '10', reviewer: 'Meta' },
  2: { prefix: '20', reviewer: 'Google Ads' },
  3: { prefix: '30', reviewer: 'TikTok for Business' },
  4: { prefix: '40', reviewer: 'X Ads' },
  5: { prefix: '50', reviewer: 'Snapchat Ads' },
  8: { prefix: '80', reviewer: 'Huawei Ads' },
  9: { prefix: '90', reviewer: 'Apple Search Ads' },
};

export function sandboxAccountId(platformId: AdPlatformId, sequence: number, index: number): string {
  return `${SANDBOX_PLATFORMS[platformId].prefix}${String(sequence).padStart(10, '0')}${String(index + 1).padStart(2, '0')}`;
}

export function sandboxAdPlatform(platformId: AdPlatformId): AdPlatformAdapter {
  const { reviewer } = SANDBOX_PLATFORMS[platformId];
  return {
    platformId,
    // Facebook's campaigns, ad sets and ads (rules in fb-sandbox.ts)
    ...(platformId === 1 ? { marketing: sandboxFbMarketing() } : {}),
    async reviewOpening(submission) {
      if (submission.accountName.toLowerCase().includes(SANDBOX_REJECT_WORD))
        return { approved: false, reason: `${reviewer} refused the application: the account name is not allowed.` };
      const accounts = Array.from({ length: submission.quantity }, (_, index) => ({
        accountId: sandboxAccountId(platformId, submission.sequence, index),
        name: submission.quantity === 1 ? submission.accountName : `${submission.accountName} ${index + 1}`,
      }));
      return { approved: true, accounts };
    },
    async topUp(topUp) {
      if (topUp.accountName.toLowerCase().includes(SANDBOX_TOPUP_FAIL_WORD))
        return { accepted: false, reason: `${reviewer} refused the top-up for this account.` };
      return { accepted: true };
    },
    async rebate(rebate) {
      if (rebate.accountName.toLowerCase().includes(SANDBOX_REBATE_FAIL_WORD))
        return { accepted: false, reason: `${reviewer} refused the rebate for this account.` };
      return { accepted: true };
    },
  };
}

export const SANDBOX_AD_PLATFORMS: readonly AdPlatformAdapter[] = AD_PLATFORMS.map((p) => sandboxAdPlatform(p.id));
