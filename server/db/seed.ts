import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { ledger, subscriptionPackages, subscriptionRecords, users, wallets } from './schema';
import { hashPassword } from '../auth/passwords';
import { DAY_MS, type Clock } from '../clock';
import { seedSupportStaff, supportFixtureWanted } from '../handlers/tickets/staff-seed';

export const DEMO_EMAIL = 'demo@herald.local';
export const DEMO_PASSWORD = 'herald-demo-1';
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

/**
 * Idempotent: packages are upserted, the demo account is created once. With HERALD_E2E_FIXTURES=1
 * (e2e runs only, never a normal start) one account per plan state is added too.
 */
export async function seed(db: Db, clock: Clock): Promise<void> {
  if (process.env.HERALD_E2E_FIXTURES === '1') {
    const { seedPlanFixtures } = await import('./seed-fixtures');
    await seedDemo(db, clock);
    await seedPlanFixtures(db, clock);
    return;
  }
  await seedDemo(db, clock);
}

async function seedDemo(db: Db, clock: Clock): Promise<void> {
  for (const pkg of SEED_PACKAGES) {
    await db
      .insert(subscriptionPackages)
      .values(pkg)
      .onConflictDoUpdate({
        target: subscriptionPackages.subscriptionNo,
        set: {
          enName: pkg.enName,
          cnName: pkg.cnName,
          prices: pkg.prices,
          modWhitelist: pkg.modWhitelist,
          limits: pkg.limits,
          sortOrder: pkg.sortOrder,
          free: pkg.free,
        },
      });
  }
  if (supportFixtureWanted()) await seedSupportStaff(db, clock);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return;
  const now = clock.now();
  const [demo] = await db
    .insert(users)
    .values({
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      phone: '14155550100',
      country: 'US',
      enName: 'Demo',
      cnName: '演示',
      upgraded: true,
      extraPermissions: ['FlowInspector'],
      activatedAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  await creditOpeningBalance(db, demo.id, 0, 12_345_600 /* $1,234.56 */, now);
  await creditOpeningBalance(db, demo.id, 9, 200 * UNITS, now);
  await db.insert(subscriptionRecords).values({
    userId: demo.id,
    subscriptionNo: 'pro',
    status: 1,
    period: 1,
    periodUnit: 'year',
    costAmount: 1990 * UNITS,
    createdAt: now,
    startsAt: now,
    endsAt: new Date(now.getTime() + 365 * DAY_MS),
  });
}

async function creditOpeningBalance(db: Db, userId: number, productType: number, amount: number, at: Date) {
  const [wallet] = await db.insert(wallets).values({ userId, productType, amount }).returning({ id: wallets.id });
  await db.insert(ledger).values({
    userId,
    walletId: wallet.id,
    billType: 'recharge',
    amount,
    balanceAfter: amount,
    description: 'Opening balance',
    uniqueKey: `seed:${productType}`,
    createdAt: at,
  });
}
