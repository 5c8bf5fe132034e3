import type { AdPlatformId } from './advertising';

// Ad operations, authorisation and the data report (issue 17 items 5 and 7; docs/decisions.md "Ad
// operations and data report"): the rules both ends read. No zod here (actions/ad-operations.ts).

/** Spec 001: the operation actions. */
export const AD_OPERATION_ACTIONS = [
  'BM_BINDING',
  'PIXEL_BINDING',
  'MCC_BINDING',
  'BIND_USERS',
  'REFUND',
  'CLEAR',
] as const;
export type AdOperationAction = (typeof AD_OPERATION_ACTIONS)[number];

/** Spec 001: BM and MCC operations 0 Binding, 1 Unbinding (Herald uses the same for pixels). */
export const AD_BINDING_TYPE = { Binding: 0, Unbinding: 1 } as const;
export const AD_BINDING_ACTIONS: readonly AdOperationAction[] = ['BM_BINDING', 'PIXEL_BINDING', 'MCC_BINDING'];
/** Actions that move money from the ad account back to the 6026 ad sub-wallet. */
export const AD_MONEY_ACTIONS: readonly AdOperationAction[] = ['REFUND', 'CLEAR'];

/** The field each action asks for besides the account (CLEAR asks for none). */
export const AD_OPERATION_FIELD: Record<AdOperationAction, 'BmId' | 'PixelId' | 'MccId' | 'Users' | 'Amount' | null> = {
  BM_BINDING: 'BmId',
  PIXEL_BINDING: 'PixelId',
  MCC_BINDING: 'MccId',
  BIND_USERS: 'Users',
  REFUND: 'Amount',
  CLEAR: null,
};

/**
 * Which platform offers which operation (the spec lists the actions without saying where; Herald's
 * table): business managers and pixels are Meta's, MCC is Google's manager account, TikTok's business
 * center takes a BM-style binding; every platform refunds and clears.
 */
export const AD_OPERATIONS_BY_PLATFORM: Record<AdPlatformId, readonly AdOperationAction[]> = {
  1: ['BM_BINDING', 'PIXEL_BINDING', 'BIND_USERS', 'REFUND', 'CLEAR'],
  2: ['MCC_BINDING', 'BIND_USERS', 'REFUND', 'CLEAR'],
  3: ['BM_BINDING', 'BIND_USERS', 'REFUND', 'CLEAR'],
  4: ['REFUND', 'CLEAR'],
  5: ['BIND_USERS', 'REFUND', 'CLEAR'],
  8: ['REFUND', 'CLEAR'],
  9: ['REFUND', 'CLEAR'],
};

export const adPlatformOffers = (platformId: number, action: AdOperationAction) =>
  (AD_OPERATIONS_BY_PLATFORM[platformId as AdPlatformId] ?? []).includes(action);

/** An operation record: 0 Pending (the platform has not answered), 1 Success, 2 Failed (with the reason). */
export { AD_OPERATION_STATUS, type AdOperationStatus } from './statuses';

/** Platforms whose business (manager) Herald can be authorised to. */
export const AD_AUTHORIZABLE_PLATFORMS: readonly AdPlatformId[] = [1, 2, 3];

/**
 * An authorisation: 0 Pending (the consent page is open), 1 Authorised, 2 Denied (the user said no,
 * or the consent expired), 3 Revoked.
 */
export const AD_AUTHORIZATION_STATUS = { Pending: 0, Authorized: 1, Denied: 2, Revoked: 3 } as const;

/** Users bound in one BIND_USERS operation. */
export const AD_BIND_USERS_MAX = 10;

/** The data report's ranges: 7 or 30 days ending today (spec 001). */
export const AD_REPORT_RANGES = [7, 30] as const;
export type AdReportRange = (typeof AD_REPORT_RANGES)[number];
