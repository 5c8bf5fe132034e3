import { AD_PLATFORMS, type AdPlatformId } from '../../../src/gateway/contract/advertising';
import type { AdPlatformAdapter } from './ad-platform';
import { sandboxFbMarketing } from './fb-sandbox';

// The sandbox ad platforms: one table, seven platforms (docs/decisions.md "Advertising" has the rules).
// Review: an account name containing "reject" is refused; any other application opens `quantity`
// accounts. Top-up: an account whose name contains "topup-fail" refuses money; any other takes it.
// Rebate (monthly, server/ads/rebates.ts decides the amount): refused for an account whose name contains
// "rebate-fail"; any other is paid.
// Account ids are digits: the platform's two-digit prefix, Herald's application row id and the index.
// Per-platform account statuses (spec 001 §4): TikTok, Snapchat and Huawei report their own status of each
// account they open: 1 Normal, unless its name holds one of SANDBOX_PLATFORM_STATUS_WORDS.

export const SANDBOX_REJECT_WORD = 'reject';
export const SANDBOX_TOPUP_FAIL_WORD = 'topup-fail';
export const SANDBOX_REBATE_FAIL_WORD = 'rebate-fail';

/** The words that make the sandbox report an account's platform status (TikTok, Snapchat, Huawei). */
export const SANDBOX_PLATFORM_STATUS_WORDS: Readonly<Partial<Record<AdPlatformId, readonly [string, number][]>>> = {
  3: [
    ['deactivate', 2],
    ['forbidden', 3],
    ['disabled', 4],
  ],
  5: [['unavailable', 2]],
  8: [['invalid', 2]],
};

/** The platform status the sandbox reports for an account it opens or binds; null: a platform without one. */
export function sandboxPlatformStatus(platformId: AdPlatformId, accountName: string): number | null {
  const words = SANDBOX_PLATFORM_STATUS_WORDS[platformId];
  if (!words) return null;
  const name = accountName.toLowerCase();
  return words.find(([word]) => name.includes(word))?.[1] ?? 1;
}

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
      const accounts = Array.from({ length: submission.quantity }, (_, index) => {
        const name = submission.quantity === 1 ? submission.accountName : `${submission.accountName} ${index + 1}`;
        return {
          accountId: sandboxAccountId(platformId, submission.sequence, index),
          name,
          platformStatus: sandboxPlatformStatus(platformId, name),
        };
      });
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
