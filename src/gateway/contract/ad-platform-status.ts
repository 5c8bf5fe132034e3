// Spec 001 §4's per-platform account statuses (TikTok 1 Normal, 2 Deactivate, 3 Forbidden, 4 Disabled;
// Snapchat 1 Normal, 2 Unavailable; Huawei 1 Normal, 2 Invalid): the platform's own word for an account,
// stored as the platform reports it (ad_accounts.platform_status, docs/decisions.md "Advertising: closing
// issue 17"), apart from Herald's nine account statuses, which follow the account's money and closure.

export const AD_PLATFORM_ACCOUNT_STATUSES: Readonly<Partial<Record<number, readonly number[]>>> = {
  3: [1, 2, 3, 4],
  5: [1, 2],
  8: [1, 2],
};

/** 1 Normal on every platform that has its own statuses. */
export const AD_PLATFORM_STATUS_NORMAL = 1;

/**
 * Whether the platform serves the account by its own status (null: the platform has none): an account it
 * does not serve takes no recharge and no operation (RetCode AdAccountPlatformBlocked).
 */
export const adPlatformServes = (platformStatus: number | null) =>
  platformStatus === null || platformStatus === AD_PLATFORM_STATUS_NORMAL;
