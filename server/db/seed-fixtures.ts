import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { ledger, subscriptionRecords, users, wallets, RECORD_STATUS } from './schema';
import { hashPassword } from '../auth/passwords';
import { DAY_MS, HOUR_MS, type Clock } from '../clock';
import { UNITS } from './seed-packages';

/** Password of every plan-state fixture account (seeded only with HERALD_E2E_FIXTURES=1). */
export const FIXTURE_PASSWORD = 'herald-plans-1';

export type PlanFixture = 'none' | 'trial' | 'expiring' | 'underDay' | 'expired' | 'lapsed' | 'type4';

/** One account per plan state of spec 000 §4, for e2e runs. */
export const PLAN_FIXTURES: Record<PlanFixture, string> = {
  none: 'plan-none@herald.local',
  trial: 'plan-trial@herald.local',
  expiring: 'plan-expiring@herald.local',
  underDay: 'plan-underday@herald.local',
  expired: 'plan-expired@herald.local',
  lapsed: 'plan-lapsed@herald.local',
  type4: 'plan-type4@herald.local',
};

interface FixtureSpec {
  /** ms from now to the plan's end; none for an account without a record */
  endsInMs?: number;
  subscriptionNo?: string;
  upgraded: boolean;
  type?: number;
  balance: number;
}

const SPECS: Record<PlanFixture, FixtureSpec> = {
  // a new trial account: no plan, the free trial still available
  none: { upgraded: false, balance: 100 * UNITS },
  // a trial account (not upgraded) on its free trial
  trial: { endsInMs: 10 * DAY_MS, subscriptionNo: 'free-trial', upgraded: false, balance: 100 * UNITS },
  expiring: { endsInMs: 3 * DAY_MS, subscriptionNo: 'starter', upgraded: true, balance: 500 * UNITS },
  underDay: { endsInMs: 12 * HOUR_MS, subscriptionNo: 'growth', upgraded: true, balance: 500 * UNITS },
  expired: { endsInMs: -2 * DAY_MS, subscriptionNo: 'growth', upgraded: true, balance: 500 * UNITS },
  // expired too, for the journey that buys a plan (so the banner journey keeps its expired account)
  lapsed: { endsInMs: -2 * DAY_MS, subscriptionNo: 'growth', upgraded: true, balance: 500 * UNITS },
  // spec 000 §6: Type 4 cannot upgrade; its plan lacks modules
  type4: { endsInMs: 20 * DAY_MS, subscriptionNo: 'starter', upgraded: false, type: 4, balance: 50 * UNITS },
};

/** Creates (once) an account with a plan in the given state, relative to the clock now. */
export async function createPlanAccount(
  db: Db,
  clock: Clock,
  email: string,
  spec: FixtureSpec,
  passwordHash?: string,
): Promise<number> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  const now = clock.now();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: passwordHash ?? (await hashPassword(FIXTURE_PASSWORD)),
      phone: '14155550111',
      country: 'US',
      enName: email.split('@')[0],
      type: spec.type ?? 1,
      upgraded: spec.upgraded,
      activatedAt: now,
      createdAt: now,
    })
    .returning({ id: users.id });
  if (spec.balance > 0) {
    const [wallet] = await db
      .insert(wallets)
      .values({ userId: user.id, productType: 0, amount: spec.balance })
      .returning({ id: wallets.id });
    await db.insert(ledger).values({
      userId: user.id,
      walletId: wallet.id,
      billType: 'recharge',
      amount: spec.balance,
      balanceAfter: spec.balance,
      description: 'Opening balance',
      uniqueKey: 'seed:0',
      createdAt: now,
    });
  }
  if (spec.endsInMs !== undefined && spec.subscriptionNo) {
    const endsAt = new Date(now.getTime() + spec.endsInMs);
    const startsAt = new Date(endsAt.getTime() - 30 * DAY_MS);
    await db.insert(subscriptionRecords).values({
      userId: user.id,
      subscriptionNo: spec.subscriptionNo,
      status: RECORD_STATUS.Active,
      period: 1,
      periodUnit: 'month',
      costAmount: 0,
      createdAt: startsAt,
      startsAt,
      endsAt,
    });
  }
  return user.id;
}

export async function seedPlanFixtures(db: Db, clock: Clock): Promise<void> {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  for (const [fixture, email] of Object.entries(PLAN_FIXTURES) as [PlanFixture, string][]) {
    await createPlanAccount(db, clock, email, SPECS[fixture], passwordHash);
  }
}
