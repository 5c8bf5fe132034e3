import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../testing/harness';
import { createPlanAccount } from '../db/seed-fixtures';
import { issueTokens } from '../auth/sessions';
import { DAY_MS } from '../clock';
import { UNITS } from '../db/seed';
import { users, wallets } from '../db/schema';
import type { Db } from '../db/database';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { credit, debit, ledgerSum, MAIN_WALLET } from './ledger';
import { refundPurchase } from './purchases';

let server: TestServer;
let db: Db;
let accounts = 0;
beforeAll(async () => {
  server = await createTestServer();
  db = server.deps.database.db;
});
afterAll(() => server.close());

async function account(
  options: {
    balance?: number;
    plan?: string;
    endsInMs?: number;
    upgraded?: boolean;
    type?: number;
    credit?: number;
  } = {},
) {
  accounts += 1;
  const id = await createPlanAccount(
    db,
    server.clock,
    `money-${accounts}-${Date.now()}@example.com`,
    {
      balance: options.balance ?? 0,
      subscriptionNo: options.plan,
      endsInMs: options.endsInMs,
      upgraded: options.upgraded ?? false,
      type: options.type,
    },
    'not-a-real-hash',
  );
  if (options.credit) await db.update(wallets).set({ amountCredit: options.credit }).where(eq(wallets.userId, id));
  // access tokens live 24 h: tests that move the clock by days sign in again
  let token = { value: (await issueTokens(db, server.clock, id)).AccessToken, at: server.clock.nowMs() };
  const api = async <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) => {
    if (Math.abs(server.clock.nowMs() - token.at) > DAY_MS / 2)
      token = { value: (await issueTokens(db, server.clock, id)).AccessToken, at: server.clock.nowMs() };
    return server.api<D>(action, input, { token: token.value });
  };
  return { id, api };
}

const walletOf = async (userId: number) =>
  (await db.select().from(wallets).where(eq(wallets.userId, userId))).find((w) => w.productType === MAIN_WALLET);
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`;

describe('ledger', () => {
  it('debits free money first and refuses beyond the credit line', async () => {
    const { id } = await account({ balance: 100, credit: 50 });
    await db.transaction((tx) =>
      credit(tx as unknown as Db, { userId: id, productType: 0, amount: 30, billType: 'bonus', uniqueKey: 'b1' }),
    );
    const after = await db.transaction((tx) =>
      debit(tx as unknown as Db, { userId: id, productType: 0, amount: 170, billType: 'deduct', uniqueKey: 'd1' }),
    );
    expect(after.balanceAfter).toBe(-40);
    expect(await walletOf(id)).toMatchObject({ amount: -40, amountFree: 0 });
    await expect(
      db.transaction((tx) =>
        debit(tx as unknown as Db, { userId: id, productType: 0, amount: 11, billType: 'deduct', uniqueKey: 'd2' }),
      ),
    ).rejects.toMatchObject({ retCode: RetCode.InsufficientBalance });
    expect(await ledgerSum(db, id)).toBe(-40);
  });

  it('replays a move by key and refuses the key for a different move', async () => {
    const { id } = await account({ balance: 100 });
    const move = { userId: id, productType: 9, amount: 10, billType: 'recharge' as const, uniqueKey: 'r1' };
    const first = await db.transaction((tx) => credit(tx as unknown as Db, move));
    const again = await db.transaction((tx) => credit(tx as unknown as Db, move));
    expect(again).toEqual({ ...first, replayed: true });
    await expect(db.transaction((tx) => credit(tx as unknown as Db, { ...move, amount: 11 }))).rejects.toMatchObject({
      retCode: RetCode.IdempotencyConflict,
    });
  });

  it('is append-only', async () => {
    await expect(server.deps.database.exec('UPDATE ledger SET amount = 0')).rejects.toThrow(/append-only/);
  });
});

describe('packages and purchases', () => {
  it('lists packages in order with the free trial buyable once', async () => {
    const user = await account({ balance: 1000 * UNITS });
    const before = await user.api<{
      Packages: { SubscriptionNo: string; Free: boolean; Buyable: boolean; SortOrder: number }[];
    }>('DescribeSubscriptionPackage');
    expect(before.Data.Packages.map((p) => p.SubscriptionNo)).toEqual(['free-trial', 'starter', 'growth', 'pro']);
    expect(before.Data.Packages[0]).toMatchObject({ Free: true, Buyable: true });
    const trial = await user.api<{ Record: { EndTime: number; Free: boolean }; Amount: number }>(
      'BuySubscriptionPackage',
      { SubscriptionNo: 'free-trial', PeriodUnit: 'day', IdempotencyKey: key() },
    );
    expect(trial.RetCode).toBe(0);
    expect(trial.Data.Amount).toBe(0);
    expect(trial.Data.Record.EndTime * 1000 - server.clock.nowMs()).toBeGreaterThan(13.9 * DAY_MS);
    const again = await user.api('BuySubscriptionPackage', {
      SubscriptionNo: 'free-trial',
      PeriodUnit: 'day',
      IdempotencyKey: key(),
    });
    expect(again.RetCode).toBe(RetCode.PackageNotBuyable);
    const after = await user.api<{ Packages: { Buyable: boolean }[] }>('DescribeSubscriptionPackage');
    expect(after.Data.Packages[0].Buyable).toBe(false);
  });

  it('a new account has no plan and is not upgraded', async () => {
    const user = await account();
    expect((await user.api<{ Total: number }>('DescribeSubscriptionBuyRecord', { NumPerPage: 10 })).Data.Total).toBe(0);
    expect((await user.api<{ Upgrade: boolean }>('GetUserInfo')).Data.Upgrade).toBe(false);
  });

  it('a paid plan is charged to the wallet, ends the trial, upgrades the account; a year costs ten months', async () => {
    const user = await account({ balance: 1000 * UNITS });
    await user.api('BuySubscriptionPackage', {
      SubscriptionNo: 'free-trial',
      PeriodUnit: 'day',
      IdempotencyKey: key(),
    });
    const quote = await user.api<{ Amount: number }>('GetSubscriptionPackagePrice', {
      SubscriptionNo: 'starter',
      PeriodUnit: 'year',
    });
    expect(quote.Data.Amount).toBe(290 * UNITS);
    const bought = await user.api<{ Amount: number; BalanceAfter: number }>('BuySubscriptionPackage', {
      SubscriptionNo: 'starter',
      PeriodUnit: 'year',
      IdempotencyKey: key(),
    });
    expect(bought.Data).toMatchObject({ Amount: 290 * UNITS, BalanceAfter: 710 * UNITS });
    const records = await user.api<{ Records: { SubscriptionNo: string; Status: number }[] }>(
      'DescribeSubscriptionBuyRecord',
      {},
    );
    expect(records.Data.Records.map((r) => [r.SubscriptionNo, r.Status])).toEqual([
      ['starter', 1],
      ['free-trial', 3],
    ]);
    expect((await user.api<{ Upgrade: boolean }>('GetUserInfo')).Data.Upgrade).toBe(true);
    // a different paid plan waits; the same one renews from the current end
    expect(
      (
        await user.api('BuySubscriptionPackage', {
          SubscriptionNo: 'growth',
          PeriodUnit: 'month',
          IdempotencyKey: key(),
        })
      ).RetCode,
    ).toBe(RetCode.PackageNotBuyable);
    const renewal = await user.api<{ Record: { EndTime: number } }>('BuySubscriptionPackage', {
      SubscriptionNo: 'starter',
      PeriodUnit: 'month',
      IdempotencyKey: key(),
    });
    expect(renewal.Data.Record.EndTime * 1000 - server.clock.nowMs()).toBeGreaterThan(390 * DAY_MS);
  });

  it('refuses a purchase the wallet cannot pay, moving nothing', async () => {
    const user = await account({ balance: 10 * UNITS });
    const reply = await user.api('BuySubscriptionPackage', {
      SubscriptionNo: 'pro',
      PeriodUnit: 'month',
      IdempotencyKey: key(),
    });
    expect(reply.RetCode).toBe(RetCode.InsufficientBalance);
    expect((await walletOf(user.id))?.amount).toBe(10 * UNITS);
    expect((await user.api<{ Total: number }>('DescribeSubscriptionBuyRecord', {})).Data.Total).toBe(0);
  });

  it('prorates an upgrade to the same end date', async () => {
    const user = await account({ balance: 1000 * UNITS });
    await user.api('BuySubscriptionPackage', { SubscriptionNo: 'starter', PeriodUnit: 'month', IdempotencyKey: key() });
    const ends = (await user.api<{ Records: { EndTime: number }[] }>('DescribeSubscriptionBuyRecord', {})).Data
      .Records[0].EndTime;
    const span = ends * 1000 - server.clock.nowMs();
    server.clock.advance(span / 2);
    try {
      const quote = await user.api<{ Amount: number; CreditAmount: number; ListAmount: number; EndTime: number }>(
        'GetSubscriptionPackagePrice',
        { SubscriptionNo: 'growth', Upgrade: true },
      );
      // half of the month left: half of Growth's month (79/2) less half of Starter's (29/2) = 25
      expect(quote.Data.CreditAmount).toBeCloseTo(14.5 * UNITS, -2);
      expect(quote.Data.Amount).toBeCloseTo(25 * UNITS, -2);
      expect(quote.Data.EndTime).toBe(ends);
      const upgraded = await user.api<{ Amount: number; Record: { SubscriptionNo: string; EndTime: number } }>(
        'UpgradeSubscriptionPackage',
        { SubscriptionNo: 'growth', IdempotencyKey: key() },
      );
      expect(upgraded.Data.Amount).toBe(quote.Data.Amount);
      expect(upgraded.Data.Record).toMatchObject({ SubscriptionNo: 'growth', EndTime: ends });
      expect(
        (await user.api('UpgradeSubscriptionPackage', { SubscriptionNo: 'starter', IdempotencyKey: key() })).RetCode,
      ).toBe(RetCode.PackageNotBuyable);
    } finally {
      server.clock.advance(-span / 2);
    }
  });

  it('answers the upgrade prompt codes: trial accounts must upgrade, Type 4 cannot', async () => {
    const trial = await account({ balance: 1000 * UNITS, plan: 'starter', endsInMs: 10 * DAY_MS, upgraded: false });
    expect(
      (await trial.api('UpgradeSubscriptionPackage', { SubscriptionNo: 'pro', IdempotencyKey: key() })).RetCode,
    ).toBe(RetCode.UpgradeRequired);
    const type4 = await account({ balance: 1000 * UNITS, plan: 'starter', endsInMs: 10 * DAY_MS, type: 4 });
    expect(
      (await type4.api('UpgradeSubscriptionPackage', { SubscriptionNo: 'pro', IdempotencyKey: key() })).RetCode,
    ).toBe(RetCode.NoUpgradePermission);
  });
});

describe('idempotency', () => {
  it('charges once for 100 parallel buys with one key, and refuses the key for another body', async () => {
    const user = await account({ balance: 1000 * UNITS });
    const IdempotencyKey = key();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        user.api<{ Record: { Id: number } }>('BuySubscriptionPackage', {
          SubscriptionNo: 'growth',
          PeriodUnit: 'month',
          IdempotencyKey,
        }),
      ),
    );
    expect(new Set(replies.map((r) => r.RetCode))).toEqual(new Set([0]));
    expect(new Set(replies.map((r) => r.Data.Record.Id)).size).toBe(1);
    const wallet = await walletOf(user.id);
    expect(wallet?.amount).toBe((1000 - 79) * UNITS);
    expect(await ledgerSum(db, user.id)).toBe(wallet?.amount);
    const other = await user.api('BuySubscriptionPackage', {
      SubscriptionNo: 'growth',
      PeriodUnit: 'year',
      IdempotencyKey,
    });
    expect(other.RetCode).toBe(RetCode.IdempotencyConflict);
  });
});

describe('tenant isolation', () => {
  it('one tenant can never read or buy with another one’s wallet', async () => {
    const alice = await account({ balance: 500 * UNITS });
    const bob = await account({ balance: 0 });
    const shared = key();
    expect(
      (
        await alice.api('BuySubscriptionPackage', {
          SubscriptionNo: 'starter',
          PeriodUnit: 'month',
          IdempotencyKey: shared,
        })
      ).RetCode,
    ).toBe(0);
    // the same key is Bob's own key: it neither replays Alice's answer nor spends her money
    expect(
      (
        await bob.api('BuySubscriptionPackage', {
          SubscriptionNo: 'starter',
          PeriodUnit: 'month',
          IdempotencyKey: shared,
        })
      ).RetCode,
    ).toBe(RetCode.InsufficientBalance);
    for (const field of [{ AdminUserId: alice.id }, { UserId: alice.id }]) {
      expect(
        (
          await bob.api('BuySubscriptionPackage', {
            SubscriptionNo: 'starter',
            PeriodUnit: 'month',
            IdempotencyKey: key(),
            ...field,
          })
        ).RetCode,
      ).toBe(RetCode.ValidationError);
      expect((await bob.api('GetBalance', field)).RetCode).toBe(RetCode.ValidationError);
      expect((await bob.api('GetTransactionList', field)).RetCode).toBe(RetCode.ValidationError);
    }
    expect((await bob.api<{ Amount: number }>('GetBalance')).Data.Amount).toBe(0);
    expect((await bob.api<{ Total: number }>('GetTransactionList')).Data.Total).toBe(0);
    expect((await bob.api<{ Total: number }>('DescribeSubscriptionBuyRecord', {})).Data.Total).toBe(0);
    expect((await alice.api<{ Amount: number }>('GetBalance')).Data.Amount).toBe(471 * UNITS);
  });
});

describe('transactions', () => {
  it('pages bills newest first and filters the statement kinds', async () => {
    const user = await account({ balance: 1000 * UNITS });
    for (let i = 0; i < 11; i++) {
      await db.transaction((tx) =>
        debit(tx as unknown as Db, {
          userId: user.id,
          productType: 0,
          amount: UNITS,
          billType: 'deduct',
          uniqueKey: `t${i}`,
        }),
      );
    }
    const page1 = await user.api<{
      Total: number;
      Transactions: { Amount: number; BillType: string; StatementType: string | null; InvoiceNo: string }[];
    }>('GetTransactionList', { NumPerPage: 10 });
    expect(page1.Data.Total).toBe(12);
    expect(page1.Data.Transactions).toHaveLength(10);
    expect(page1.Data.Transactions[0]).toMatchObject({ Amount: -UNITS, BillType: 'deduct', StatementType: null });
    const page2 = await user.api<{ Transactions: { BillType: string; StatementType: string }[] }>(
      'GetTransactionList',
      { NumPerPage: 10, Page: 2 },
    );
    expect(page2.Data.Transactions.at(-1)).toMatchObject({ BillType: 'recharge', StatementType: 'Recharge' });
    const statement = await user.api<{ Total: number }>('GetTransactionList', { Kind: 'statement' });
    expect(statement.Data.Total).toBe(1);
    expect((await user.api('GetTransactionList', { NumPerPage: 12 })).RetCode).toBe(RetCode.ValidationError);
  });
});

type Step =
  | { kind: 'buy'; pkg: 'starter' | 'growth' | 'pro' | 'free-trial'; unit: 'day' | 'month' | 'year'; keyIndex: number }
  | { kind: 'upgrade'; pkg: 'growth' | 'pro'; keyIndex: number }
  | { kind: 'refund' }
  | { kind: 'topUp'; amount: number }
  | { kind: 'wait'; days: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    pkg: fc.constantFrom('starter' as const, 'growth' as const, 'pro' as const, 'free-trial' as const),
    unit: fc.constantFrom('day' as const, 'month' as const, 'year' as const),
    keyIndex: fc.nat(4),
  }),
  fc.record({
    kind: fc.constant('upgrade' as const),
    pkg: fc.constantFrom('growth' as const, 'pro' as const),
    keyIndex: fc.nat(4),
  }),
  fc.record({ kind: fc.constant('refund' as const) }),
  fc.record({ kind: fc.constant('topUp' as const), amount: fc.integer({ min: 1, max: 300 * UNITS }) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 20 }) }),
);

describe('ledger invariant', () => {
  it('sum of the ledger equals the balance and never goes below zero, under buys, retries and refunds', async () => {
    let waited = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 14 }), async (steps) => {
          const user = await account({ balance: 200 * UNITS, upgraded: true });
          const keys = Array.from({ length: 5 }, () => key());
          let topUps = 0;
          for (const step of steps) {
            if (step.kind === 'buy') {
              const reply = await user.api('BuySubscriptionPackage', {
                SubscriptionNo: step.pkg,
                PeriodUnit: step.pkg === 'free-trial' ? 'day' : step.unit,
                IdempotencyKey: keys[step.keyIndex],
              });
              expect([
                0,
                RetCode.InsufficientBalance,
                RetCode.PackageNotBuyable,
                RetCode.IdempotencyConflict,
              ]).toContain(reply.RetCode);
            } else if (step.kind === 'upgrade') {
              const reply = await user.api('UpgradeSubscriptionPackage', {
                SubscriptionNo: step.pkg,
                IdempotencyKey: keys[step.keyIndex],
              });
              expect([
                0,
                RetCode.InsufficientBalance,
                RetCode.PackageNotBuyable,
                RetCode.IdempotencyConflict,
              ]).toContain(reply.RetCode);
            } else if (step.kind === 'refund') {
              const records = await user.api<{ Records: { Id: number; Status: number }[] }>(
                'DescribeSubscriptionBuyRecord',
                {},
              );
              const live = records.Data.Records.find((r) => r.Status === 1);
              if (live)
                await db.transaction((tx) =>
                  refundPurchase(tx as unknown as Db, { userId: user.id, recordId: live.Id, now: server.clock.now() }),
                );
            } else if (step.kind === 'topUp') {
              topUps += 1;
              await db.transaction((tx) =>
                credit(tx as unknown as Db, {
                  userId: user.id,
                  productType: 0,
                  amount: step.amount,
                  billType: 'recharge',
                  uniqueKey: `top${topUps}`,
                }),
              );
            } else {
              server.clock.advance(step.days * DAY_MS);
              waited += step.days * DAY_MS;
            }
            const wallet = await walletOf(user.id);
            const balance = (wallet?.amount ?? 0) + (wallet?.amountFree ?? 0);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(await ledgerSum(db, user.id)).toBe(balance);
            expect((await user.api<{ Amount: number }>('GetBalance')).Data.Amount).toBe(wallet?.amount ?? 0);
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      server.clock.advance(-waited);
    }
  }, 120_000);
});

describe('accounts', () => {
  it('keeps the demo account on its paid Pro plan with its balance', async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'demo@herald.local'));
    expect(demo.upgraded).toBe(true);
    expect(await ledgerSum(db, demo.id)).toBe((await walletOf(demo.id))?.amount);
  });
});
