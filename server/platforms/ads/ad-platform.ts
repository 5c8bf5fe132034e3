// The ad-platform adapter (issue 17 item 1): what Herald asks of an ad platform (Meta, Google, TikTok, …)
// for the accounts it opens and funds on a customer's behalf. Separate from MessagingPlatform: an ad
// platform reviews opening applications and takes top-ups, it does not post. One adapter per platform;
// the default is the table-driven sandbox (sandbox.ts, rules in docs/decisions.md "Advertising").

import type { AdPlatformId } from '../../../src/gateway/contract/advertising';
import type { FbMarketingApi } from './fb-marketing';

export interface AdOpeningSubmission {
  /** Herald's application id: the platform's idempotency key for the review. */
  applicationId: string;
  /** Herald's row id: the sandbox derives account ids from it. */
  sequence: number;
  accountName: string;
  companyName: string;
  quantity: number;
  currency: string;
  timeZone: string;
  fields: Record<string, string>;
}

export interface OpenedAdAccount {
  /** The platform's account id (digits). */
  accountId: string;
  name: string;
  /** The platform's own account status (TikTok, Snapchat, Huawei; spec 001 §4), null where it has none. */
  platformStatus: number | null;
}

export type AdOpeningDecision = { approved: true; accounts: OpenedAdAccount[] } | { approved: false; reason: string };

export interface AdTopUp {
  accountId: string;
  accountName: string;
  /** units (10,000 per currency unit) */
  amount: number;
  /** Herald's recharge id: a retried top-up is applied once by the platform. */
  rechargeId: string;
}

export interface AdRebate {
  accountId: string;
  accountName: string;
  /** the UTC month the rebate is for, YYYY-MM */
  month: string;
  /** units */
  amount: number;
  /** Herald's rebate id (a recharge row): a retried rebate is paid once by the platform. */
  rechargeId: string;
}

export interface AdPlatformAdapter {
  readonly platformId: AdPlatformId;
  /** Reviews an opening application; approved, it answers the accounts opened (quantity of them). */
  reviewOpening(submission: AdOpeningSubmission): Promise<AdOpeningDecision>;
  /** Credits money to an account; refused (the agent failed), the money goes back to the ad wallet. */
  topUp(topUp: AdTopUp): Promise<{ accepted: true } | { accepted: false; reason: string }>;
  /**
   * Pays the platform's monthly rebate on an account's spend (docs/decisions.md "Advertising: spend and
   * rebates"); refused, the rebate is Rebate Failed and nothing is credited.
   */
  rebate(rebate: AdRebate): Promise<{ accepted: true } | { accepted: false; reason: string }>;
  /** Facebook only: campaigns, ad sets and ads (issue 17 item 6; fb-marketing.ts). */
  readonly marketing?: FbMarketingApi;
}
