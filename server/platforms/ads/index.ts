import type { AdPlatformId } from '../../../src/gateway/contract/advertising';
import type { AdPlatformAdapter } from './ad-platform';
import { sandboxAdPlatform } from './sandbox';

export type { AdPlatformAdapter, AdOpeningDecision, AdOpeningSubmission, AdTopUp } from './ad-platform';

/** The adapter of each platform; every platform is the sandbox until a real adapter is configured. */
export type AdPlatforms = (platformId: AdPlatformId) => AdPlatformAdapter;

export const sandboxAdPlatforms: AdPlatforms = (platformId) => sandboxAdPlatform(platformId);

/**
 * The platform's delays (issue 17: a top-up arrives in about 3 minutes, spec 001 §9). Read from the
 * environment at each use so tests and e2e can make them short.
 */
export function adPlatformDelays(env: NodeJS.ProcessEnv = process.env): { reviewMs: number; rechargeMs: number } {
  const ms = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return { reviewMs: ms('HERALD_AD_REVIEW_DELAY_MS', 10_000), rechargeMs: ms('HERALD_AD_RECHARGE_DELAY_MS', 180_000) };
}
