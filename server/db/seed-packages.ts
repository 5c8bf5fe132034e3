import type { subscriptionPackages } from './schema';

/** 10,000 units per currency unit (spec 000 §3). */
export const UNITS = 10_000;

const monthly = (perMonth: number) => [
  { Period: 1, PeriodUnit: 'day' as const, Price: Math.round((perMonth * UNITS) / 30) },
  { Period: 1, PeriodUnit: 'month' as const, Price: perMonth * UNITS },
  // "annual billing saves 2 months": a year costs ten months
  { Period: 1, PeriodUnit: 'year' as const, Price: perMonth * 10 * UNITS },
];

export const SEED_PACKAGES: (typeof subscriptionPackages.$inferInsert)[] = [
  {
    subscriptionNo: 'free-trial',
    sortOrder: 0,
    enName: 'Free trial',
    cnName: '免费试用',
    free: true,
    prices: [{ Period: 14, PeriodUnit: 'day', Price: 0 }],
    modWhitelist: ['MarketingPlan'],
    limits: { SocialMediaAccountLimit: 2, EmailLimit: 500, AIGCRequestLimit: 20 },
  },
  {
    subscriptionNo: 'starter',
    sortOrder: 1,
    enName: 'Starter',
    cnName: '入门版',
    prices: monthly(29),
    modWhitelist: ['MarketingPlan'],
    limits: { SocialMediaAccountLimit: 5, EmailLimit: 10_000, AIGCRequestLimit: 100 },
  },
  {
    subscriptionNo: 'growth',
    sortOrder: 2,
    enName: 'Growth',
    cnName: '成长版',
    prices: monthly(79),
    modWhitelist: ['MarketingPlan', 'Automation', 'Analysis'],
    limits: { SocialMediaAccountLimit: 10, EmailLimit: 50_000, AIGCRequestLimit: 500 },
  },
  {
    subscriptionNo: 'pro',
    sortOrder: 3,
    enName: 'Pro',
    cnName: '专业版',
    prices: monthly(199),
    modWhitelist: ['MarketingPlan', 'Automation', 'Analysis', 'SocialMedia'],
    limits: { SocialMediaAccountLimit: 20, EmailLimit: 200_000, AIGCRequestLimit: 2_000 },
  },
];
