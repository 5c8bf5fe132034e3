import { AD_ACCOUNT_STATUS } from './statuses';

// Spec 001 §4's per-platform account statuses (TikTok 1 Normal, 2 Deactivate, 3 Forbidden, 4 Disabled;
// Snapchat 1 Normal, 2 Unavailable; Huawei 1 Normal, 2 Invalid): the platform's own word for an account,
// derived from Herald's account status (docs/decisions.md "Advertising: spend and rebates" — the spec
// gives the codes, not how they relate to the nine account statuses).

export const AD_PLATFORM_ACCOUNT_STATUSES: Readonly<Partial<Record<number, readonly number[]>>> = {
  3: [1, 2, 3, 4],
  5: [1, 2],
  8: [1, 2],
};

const { Normal, Empty, Outstanding, GracePeriod, PendingClosure, AccountClosure, TemporarilyUnavailable } =
  AD_ACCOUNT_STATUS;
/** The statuses in which the platform still serves the account (money may be added, ads may run). */
const SERVING: readonly number[] = [Normal, Empty, Outstanding, GracePeriod];

/** The platform's own status code of an account, or null for a platform without one. */
export function adPlatformAccountStatus(platformId: number, status: number): number | null {
  if (!AD_PLATFORM_ACCOUNT_STATUSES[platformId]) return null;
  if (SERVING.includes(status)) return 1;
  if (platformId !== 3) return 2;
  // TikTok: closing is Deactivate, suspended Forbidden, closed (or refused) Disabled
  if (status === PendingClosure || status === AccountClosure) return 2;
  if (status === TemporarilyUnavailable) return 3;
  return 4;
}
