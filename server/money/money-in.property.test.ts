import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { ledger, payments, wallets } from '../db/schema';
import { issueTokens } from '../auth/sessions';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { Payment } from '../../src/gateway/contract/billing/payments';
import { debit, ledgerSum } from './ledger';
import { sweepBalanceAlarms } from './balance-alarm';
import { releaseDueFreezes } from './freezes';
import { reconcilePayments } from './card-payments';
import {
  bindCard,
  idemKey,
  moneyAccount,
  startMoneyServer,
  webhooksDelivered,
  type MoneyTestServer,
} from './money-in.testkit';

// The ledger invariant under random sequences of card top-ups (every outcome card), challenges,
// confirms, spending, wallet moves, alarm sweeps with auto-recharge, hold releases and reconciliation,
// with every webhook delivered twice: for every wallet the ledger sums to Amount + AmountFree, and the
// wallets received exactly the successful payments, once each.

let server: MoneyTestServer;
beforeAll(async () => {
  server = await startMoneyServer({ deliveries: 2 });
}, 240_000);
afterAll(async () => {
  await server.stopHttp();
  await server.close();
});

const CARDS = ['4242424242424242', '4000000000000002', '4000002760003184', '4000000000000341'];
type Step =
  | { kind: 'recharge'; card: number; amount: number; wallet: 0 | 9; keyIndex: number }
  | { kind: 'challenge'; pass: boolean }
  | { kind: 'confirm' }
  | { kind: 'spend'; wallet: 0 | 9; amount: number }
  | { kind: 'move'; amount: number }
  | { kind: 'sweep' }
  | { kind: 'wait'; hours: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('recharge' as const),
    card: fc.nat(3),
    amount: fc.integer({ min: 500_000, max: 3_000_000 }),
    wallet: fc.constantFrom(0 as const, 9 as const),
    keyIndex: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('challenge' as const), pass: fc.boolean() }),
  fc.record({ kind: fc.constant('confirm' as const) }),
  fc.record({
    kind: fc.constant('spend' as const),
    wallet: fc.constantFrom(0 as const, 9 as const),
    amount: fc.integer({ min: 1, max: 1_500_000 }),
  }),
  fc.record({ kind: fc.constant('move' as const), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 15 }) }),
);

describe('money-in ledger invariant', () => {
  it('ledger = balance for every wallet and credits = successful payments, under random sequences', async () => {
    let waited = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
          const account = await moneyAccount(server);
          const db = server.deps.database.db;
          const api = async <D>(action: string, input: Record<string, unknown> = {}) =>
            server.api<D>(action, input, { token: (await issueTokens(db, server.clock, account.id)).AccessToken });
          const cards: string[] = [];
          for (const number of CARDS) cards.push((await bindCard(server, account, number)).Card.PaymentMethodId);
          await api('SetDefaultCard', { PaymentMethodId: cards[0] });
          await api('UpdateBalanceAlarmThreshold', {
            Enabled: true,
            Threshold: 700_000,
            AutoRecharge: true,
            AutoRechargeAmount: 500_000,
          });
          const keys = Array.from({ length: 4 }, () => idemKey());
          const open: Payment[] = [];
          let spends = 0;
          for (const step of steps) {
            if (step.kind === 'recharge') {
              const reply = await api<Payment>('CreateInpourPayment', {
                Amount: step.amount,
                ProductType: step.wallet,
                PaymentMethodId: cards[step.card],
                IdempotencyKey: keys[step.keyIndex],
              });
              expect([0, RetCode.IdempotencyConflict]).toContain(reply.RetCode);
              if (reply.RetCode === 0) open.push(reply.Data);
            } else if (step.kind === 'challenge') {
              const pending = open.find((p) => p.Challenge);
              if (pending?.Challenge)
                await server.app.request(pending.Challenge.Url, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    client_secret: pending.Challenge.ClientSecret,
                    outcome: step.pass ? 'pass' : 'fail',
                  }),
                });
            } else if (step.kind === 'confirm') {
              for (const p of open) await api('ConfirmInpourPayment', { PaymentId: p.PaymentId });
            } else if (step.kind === 'spend') {
              spends += 1;
              await debit(db, {
                userId: account.id,
                productType: step.wallet,
                amount: step.amount,
                billType: 'deduct',
                uniqueKey: `spend-${spends}`,
                at: server.clock.now(),
              }).catch((error: { retCode?: number }) => expect(error.retCode).toBe(RetCode.InsufficientBalance));
            } else if (step.kind === 'move') {
              const reply = await api('TransferWalletFunds', {
                From: 0,
                To: 9,
                Amount: step.amount,
                IdempotencyKey: idemKey(),
              });
              expect([0, RetCode.InsufficientBalance]).toContain(reply.RetCode);
            } else if (step.kind === 'sweep') {
              await sweepBalanceAlarms(server.deps);
            } else {
              server.clock.advance(step.hours * 3_600_000);
              waited += step.hours * 3_600_000;
              await releaseDueFreezes(server.deps);
              await reconcilePayments(server.deps);
            }
            await webhooksDelivered(server);
            for (const wallet of await db.select().from(wallets).where(eq(wallets.userId, account.id)))
              expect(await ledgerSum(db, account.id, wallet.productType)).toBe(wallet.amount + wallet.amountFree);
            const [credited] = await db
              .select({ n: sql<string>`count(*)`, total: sql<string>`coalesce(sum(amount), 0)` })
              .from(ledger)
              .where(and(eq(ledger.userId, account.id), like(ledger.uniqueKey, 'payment:%')));
            const [succeeded] = await db
              .select({ n: sql<string>`count(*)`, total: sql<string>`coalesce(sum(amount), 0)` })
              .from(payments)
              .where(and(eq(payments.userId, account.id), eq(payments.status, 'succeeded')));
            expect(Number(credited.n)).toBe(Number(succeeded.n));
            expect(Number(credited.total)).toBe(Number(succeeded.total));
          }
        }),
        { numRuns: 8 },
      );
    } finally {
      server.clock.advance(-waited);
    }
  }, 600_000);
});
