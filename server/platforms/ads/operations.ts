import { createHash } from 'node:crypto';
import type { AdPlatformId } from '../../../src/gateway/contract/advertising';
import type { AdOperationAction } from '../../../src/gateway/contract/ad-operations';

// What Herald asks of an ad platform for an account's operations, its business authorisation and its
// daily figures (issue 17 items 5 and 7). Kept apart from AdPlatformAdapter (opening and top-up) so the
// two grow independently. The default is the sandbox below; its rules are also in docs/decisions.md
// "Ad operations and data report":
// - BM, pixel and MCC (un)binding: an id ending in 0000 is refused ("no such business manager / pixel /
//   MCC account"); any other is done.
// - BIND_USERS: an e-mail containing "refuse" is refused (the person has no account on the platform).
// - REFUND: an account whose name contains "refund-fail" is refused; CLEAR: one containing "clear-fail".
// - The platform answers after HERALD_AD_OPERATION_DELAY_MS (default 5 s; 0 in tests).
// - A business authorised on the consent page has a 15-digit id from SHA-256(platform and its name) and
//   two ad accounts: the platform's prefix, the business id and 01/02 ("<business> 1", "<business> 2").
// - Daily figures (the data report): from SHA-256(account id and day), deterministic, see dailyFigures.

export interface AdOperationRequestToPlatform {
  accountId: string;
  accountName: string;
  action: AdOperationAction;
  /** 0 binding, 1 unbinding, -1 */
  bindingType: number;
  /** the BM, pixel or MCC id, or the users' e-mails */
  targets: string[];
  /** units, for a refund */
  amount: number;
  /** Herald's operation id: a retried request is applied once by the platform. */
  operationId: string;
}

export type AdOperationAnswer = { accepted: true } | { accepted: false; reason: string };

export interface AdDailyFigures {
  /** units */
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
}

export interface AdBusiness {
  businessId: string;
  accounts: { accountId: string; name: string }[];
}

export interface AdOperationsPlatform {
  readonly platformId: AdPlatformId;
  applyOperation(request: AdOperationRequestToPlatform): Promise<AdOperationAnswer>;
  /** The business a consent named and the ad accounts it owns. */
  business(name: string): AdBusiness;
  /** The account's figures for one UTC day (YYYY-MM-DD). */
  dailyFigures(accountId: string, day: string): AdDailyFigures;
}

export type AdOperationsPlatforms = (platformId: AdPlatformId) => AdOperationsPlatform;

const PREFIX: Record<AdPlatformId, string> = { 1: '10', 2: '20', 3: '30', 4: '40', 5: '50', 8: '80', 9: '90' };
const TARGET_NAME: Partial<Record<AdOperationAction, string>> = {
  BM_BINDING: 'business manager',
  PIXEL_BINDING: 'pixel',
  MCC_BINDING: 'MCC account',
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The sandbox's daily figures: impressions 500-20,499; click rate 0.5-4.4 %; conversion rate 2-11.9 %
 * of clicks; cost per click 0.10-1.09 (units 1,000-10,900), spend = clicks × cost per click.
 */
export function dailyFigures(accountId: string, day: string): AdDailyFigures {
  const hash = digest(`${accountId}:${day}`);
  const impressions = 500 + (hash.readUInt32BE(0) % 20_000);
  const clicks = Math.floor((impressions * (5 + (hash.readUInt16BE(4) % 40))) / 1000);
  const conversions = Math.floor((clicks * (20 + (hash.readUInt16BE(6) % 100))) / 1000);
  const costPerClick = 1_000 + (hash.readUInt16BE(8) % 100) * 100;
  return { spend: clicks * costPerClick, impressions, clicks, conversions };
}

export function sandboxBusinessId(platformId: AdPlatformId, name: string): string {
  return String(
    100_000_000_000_000 + Number(digest(`${platformId}:${name}`).readBigUInt64BE(0) % 899_999_999_999_999n),
  );
}

export function sandboxOperationsPlatform(platformId: AdPlatformId): AdOperationsPlatform {
  return {
    platformId,
    async applyOperation(request) {
      const target = TARGET_NAME[request.action];
      if (target) {
        const missing = request.targets.find((id) => id.replace(/\D/g, '').endsWith('0000'));
        if (missing) return { accepted: false, reason: `The platform has no ${target} ${missing}.` };
      }
      if (request.action === 'BIND_USERS') {
        const refused = request.targets.find((email) => email.toLowerCase().includes('refuse'));
        if (refused) return { accepted: false, reason: `${refused} has no account on the platform.` };
      }
      const name = request.accountName.toLowerCase();
      if (request.action === 'REFUND' && name.includes('refund-fail'))
        return { accepted: false, reason: 'The platform refused the refund for this account.' };
      if (request.action === 'CLEAR' && name.includes('clear-fail'))
        return { accepted: false, reason: 'The platform refused to clear this account.' };
      return { accepted: true };
    },
    business(name) {
      const businessId = sandboxBusinessId(platformId, name);
      return {
        businessId,
        accounts: [1, 2].map((index) => ({
          accountId: `${PREFIX[platformId]}${businessId}0${index}`,
          name: `${name} ${index}`,
        })),
      };
    },
    dailyFigures,
  };
}

export const sandboxOperationsPlatforms: AdOperationsPlatforms = (platformId) => sandboxOperationsPlatform(platformId);

export function adOperationDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.HERALD_AD_OPERATION_DELAY_MS);
  return Number.isFinite(value) && value >= 0 && env.HERALD_AD_OPERATION_DELAY_MS !== '' ? value : 5_000;
}
