import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { ledger, subscriptionPackages, subscriptionRecords, users, wallets } from './schema';
import { hashPassword } from '../auth/passwords';
import { DAY_MS, type Clock } from '../clock';
import { SEED_PACKAGES, UNITS } from './seed-packages';
import { seedPlanFixtures } from './seed-fixtures';
import { SUPPORT_PASSWORD, seedSupportStaff } from './seed-support';

export { SEED_PACKAGES, UNITS };

export const DEMO_EMAIL = 'demo@herald.local';
export const DEMO_PASSWORD = 'herald-demo-1';

export interface SeedOptions {
  /** The demo account with its documented password (demo@herald.local / herald-demo-1). */
  demo: boolean;
  /** The support staff account and its password, or null for none. */
  supportStaff: { password: string } | null;
  /** One account per plan state (e2e runs). */
  planFixtures: boolean;
}

/** What a developer's embedded database and the test snapshot get: the demo and the staff account. */
export const DEV_SEED: SeedOptions = { demo: true, supportStaff: { password: SUPPORT_PASSWORD }, planFixtures: false };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * What to seed, from the environment. The demo account: only on the embedded default (no DATABASE_URL),
 * or when HERALD_SEED_DEMO=1 asks for it. The support staff account: only when asked for
 * (HERALD_SEED_SUPPORT=1, or HERALD_E2E_FIXTURES=1 for e2e runs), and its documented password only on a
 * server that listens on loopback (HOST=127.0.0.1): elsewhere HERALD_SUPPORT_PASSWORD must give one.
 * Fixture accounts (HERALD_E2E_FIXTURES=1) have documented passwords too, so they also need loopback.
 */
export function seedOptionsFromEnv(env: NodeJS.ProcessEnv, where: { embedded: boolean }): SeedOptions {
  const loopback = LOOPBACK.has(env.HOST ?? '');
  const planFixtures = env.HERALD_E2E_FIXTURES === '1';
  if (planFixtures && !loopback)
    throw new Error('HERALD_E2E_FIXTURES=1 seeds accounts with documented passwords: set HOST=127.0.0.1 too.');
  let supportStaff: SeedOptions['supportStaff'] = null;
  if (env.HERALD_SEED_SUPPORT === '1' || planFixtures) {
    const password = env.HERALD_SUPPORT_PASSWORD || (loopback ? SUPPORT_PASSWORD : '');
    if (!password)
      throw new Error(
        'HERALD_SEED_SUPPORT=1 on a server reachable from other machines needs HERALD_SUPPORT_PASSWORD (or HOST=127.0.0.1).',
      );
    supportStaff = { password };
  }
  const demo = where.embedded || env.HERALD_SEED_DEMO === '1' || planFixtures;
  return { demo, supportStaff, planFixtures };
}

/** Idempotent: packages are upserted, each account is created once. */
export async function seed(db: Db, clock: Clock, options: SeedOptions = DEV_SEED): Promise<void> {
  await seedPackages(db);
  if (options.supportStaff) await seedSupportStaff(db, clock, options.supportStaff.password);
  if (options.demo) await seedDemo(db, clock);
  if (options.planFixtures) await seedPlanFixtures(db, clock);
}

async function seedPackages(db: Db): Promise<void> {
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
}

async function seedDemo(db: Db, clock: Clock): Promise<void> {
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
  // The e-mail sub-wallet (6011), so the demo account can send e-mail campaigns (10 units a mail).
  await creditOpeningBalance(db, demo.id, 6011, 50 * UNITS, now);
  // The voice sub-wallet (6003), so the demo account can place calls (VOICE_CALL_PRICE a call).
  await creditOpeningBalance(db, demo.id, 6003, 30 * UNITS, now);
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
