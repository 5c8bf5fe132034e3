import type { BuyRecord, SubscriptionPackage } from '../../gateway/contract/actions/subscriptions';

/**
 * What the comparison offers for one package, given the active plan. It mirrors the gateway's
 * purchase rules (docs/decisions.md "Plans and money"); the gateway still decides and refuses.
 */
export type Offer = 'current' | 'trial' | 'trialUsed' | 'buy' | 'upgrade' | 'afterEnd';

export function offerFor(
  pkg: SubscriptionPackage,
  active: BuyRecord | undefined,
  packages: readonly SubscriptionPackage[],
): Offer {
  if (active && active.SubscriptionNo === pkg.SubscriptionNo) return 'current';
  if (pkg.Free) return pkg.Buyable && !(active && !active.Free) ? 'trial' : 'trialUsed';
  if (!active || active.Free) return 'buy';
  const activeOrder = packages.find((p) => p.SubscriptionNo === active.SubscriptionNo)?.SortOrder ?? -1;
  return pkg.SortOrder > activeOrder ? 'upgrade' : 'afterEnd';
}

// Spec 000 §9: package-tier colour gradients follow package order (the nth package, the nth gradient).
const TIER_GRADIENTS = [
  'linear-gradient(135deg, #94a3b8, #64748b)',
  'linear-gradient(135deg, #38bdf8, #0284c7)',
  'linear-gradient(135deg, #818cf8, #4f46e5)',
  'linear-gradient(135deg, #c084fc, #9333ea)',
  'linear-gradient(135deg, #f472b6, #db2777)',
  'linear-gradient(135deg, #fbbf24, #d97706)',
];

export function tierGradient(pkg: SubscriptionPackage, packages: readonly SubscriptionPackage[]): string {
  const ordered = [...packages].sort((a, b) => a.SortOrder - b.SortOrder);
  const index = Math.max(
    0,
    ordered.findIndex((p) => p.SubscriptionNo === pkg.SubscriptionNo),
  );
  return TIER_GRADIENTS[Math.min(index, TIER_GRADIENTS.length - 1)];
}

export const packageName = (pkg: Pick<SubscriptionPackage, 'CnName' | 'EnName'>, language: string) =>
  language === 'zh' ? pkg.CnName : pkg.EnName;

export const priceFor = (pkg: SubscriptionPackage, unit: 'day' | 'month' | 'year') =>
  pkg.Price.find((price) => price.PeriodUnit === unit);
