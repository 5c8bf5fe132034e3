import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledger, payments } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { Payment } from '../../src/gateway/contract/billing/payments';
import { sandboxFor } from '../providers/payments';
import { FAILS_LATER_MS } from '../providers/payments/sandbox';
import { ledgerSum, MAIN_WALLET } from './ledger';
import { customerOf, reconcilePayments } from './card-payments';
import {
  bindCard,
  idemKey,
  mainWallet,
  moneyAccount,
  startMoneyServer,
  webhooksDelivered,
  type MoneyTestServer,
} from './money-in.testkit';

let server: MoneyTestServer;
beforeAll(async () => {
  server = await startMoneyServer();
}, 240_000);
afterAll(async () => {
  await server.stopHttp();
  await server.close();
});

const recharge = (account: Awaited<ReturnType<typeof moneyAccount>>, pm: string, input: Record<string, unknown> = {}) =>
  account.api<Payment>('CreateInpourPayment', {
    Amount: 500_000,
    PaymentMethodId: pm,
    IdempotencyKey: idemKey(),
    ...input,
  });

const rechargeRows = async (userId: number) =>
  (await server.deps.database.db.select().from(ledger).where(eq(ledger.userId, userId))).filter((r) =>
    r.uniqueKey.startsWith('payment:'),
  );

describe('cards', () => {
  it('binding the first card stores only its id, brand, last 4 and expiry, upgrades, and holds 10.00', async () => {
    const account = await moneyAccount(server);
    const bound = await bindCard(server, account);
    expect(bound.Upgraded).toBe(true);
    expect(bound.FreezeAmount).toBe(100_000);
    const list = await account.api<{ Cards: { Last4: string; Brand: string; IsDefault: boolean }[] }>(
      'GetCardWalletList',
    );
    expect(list.Data.Cards).toEqual([expect.objectContaining({ Last4: '4242', Brand: 'visa', IsDefault: true })]);
    const wallet = await mainWallet(server, account.id);
    expect(wallet).toMatchObject({ amount: 100_000, amountFreeze: 100_000 });
    expect(await ledgerSum(server.deps.database.db, account.id)).toBe(100_000);
    const info = await account.api<{ Upgrade: boolean }>('GetUserInfo');
    expect(info.Data.Upgrade).toBe(true);
  });

  it('a Type 4 account binds a card but is not upgraded', async () => {
    const account = await moneyAccount(server, { type: 4 });
    expect((await bindCard(server, account)).Upgraded).toBe(false);
  });

  it('the freeze is released once, by the job, after 14 days', async () => {
    const account = await moneyAccount(server);
    await bindCard(server, account);
    const { releaseDueFreezes } = await import('./freezes');
    server.clock.advance(14 * 86_400_000 + 1);
    try {
      await releaseDueFreezes(server.deps);
      await releaseDueFreezes(server.deps);
    } finally {
      server.clock.reset();
    }
    const wallet = await mainWallet(server, account.id);
    expect(wallet).toMatchObject({ amount: 0, amountFreeze: 0 });
    const rows = await server.deps.database.db.select().from(ledger).where(eq(ledger.userId, account.id));
    expect(rows.map((r) => [r.billType, r.amount])).toEqual([
      ['recharge', 100_000],
      ['withdraw', -100_000],
    ]);
  });

  it('set default, remove, and another account cannot touch the card', async () => {
    const account = await moneyAccount(server);
    const first = await bindCard(server, account);
    const second = await bindCard(server, account, '5555555555554444');
    const other = await moneyAccount(server);
    expect((await other.api('RemoveCard', { PaymentMethodId: first.Card.PaymentMethodId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await other.api('SetDefaultCard', { PaymentMethodId: first.Card.PaymentMethodId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await recharge(other, first.Card.PaymentMethodId)).RetCode).toBe(RetCode.NotFound);
    expect((await account.api('SetDefaultCard', { PaymentMethodId: second.Card.PaymentMethodId })).RetCode).toBe(0);
    expect((await account.api('RemoveCard', { PaymentMethodId: second.Card.PaymentMethodId })).RetCode).toBe(0);
    const list = await account.api<{ Cards: { PaymentMethodId: string; IsDefault: boolean }[] }>('GetCardWalletList');
    expect(list.Data.Cards).toEqual([
      expect.objectContaining({ PaymentMethodId: first.Card.PaymentMethodId, IsDefault: true }),
    ]);
  });

  it('the last card cannot go while a postpaid balance is owed', async () => {
    const account = await moneyAccount(server);
    const bound = await bindCard(server, account);
    const { wallets } = await import('../db/schema');
    await server.deps.database.db
      .update(wallets)
      .set({ amount: -5 })
      .where(and(eq(wallets.userId, account.id), eq(wallets.productType, MAIN_WALLET)));
    expect((await account.api('RemoveCard', { PaymentMethodId: bound.Card.PaymentMethodId })).RetCode).toBe(
      RetCode.CardLastWhileOwed,
    );
  });
});

describe('recharge by card', () => {
  it('credits the wallet once, with the fee on the card, even when the webhook also arrives', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    const reply = await recharge(account, Card.PaymentMethodId);
    expect(reply.Data).toMatchObject({ Status: 'succeeded', Amount: 500_000, Fee: 4_000, Total: 504_000 });
    await webhooksDelivered(server);
    // The webhook came over HTTP to /webhooks/payments and was recorded.
    const { paymentWebhookEvents } = await import('../db/schema');
    const events = await server.deps.database.db.select().from(paymentWebhookEvents);
    expect(events.some((e) => e.type === 'payment_intent.succeeded')).toBe(true);
    expect((await account.api('ConfirmInpourPayment', { PaymentId: reply.Data.PaymentId })).RetCode).toBe(0);
    expect(await rechargeRows(account.id)).toHaveLength(1);
    expect((await mainWallet(server, account.id))?.amount).toBe(600_000);
    expect(await ledgerSum(server.deps.database.db, account.id)).toBe(600_000);
  });

  it('a repeated idempotency key answers the same payment; another body with it is a conflict', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    const key = idemKey();
    const [a, b] = await Promise.all([
      recharge(account, Card.PaymentMethodId, { IdempotencyKey: key }),
      recharge(account, Card.PaymentMethodId, { IdempotencyKey: key }),
    ]);
    expect(a.Data.PaymentId).toBe(b.Data.PaymentId);
    expect((await recharge(account, Card.PaymentMethodId, { IdempotencyKey: key, Amount: 600_000 })).RetCode).toBe(
      RetCode.IdempotencyConflict,
    );
    expect(await rechargeRows(account.id)).toHaveLength(1);
  });

  it('a declined card, insufficient funds and a failed challenge charge nothing and say what to do', async () => {
    const account = await moneyAccount(server);
    for (const [number, code] of [
      ['4000000000000002', RetCode.CardDeclined],
      ['4000000000009995', RetCode.CardInsufficientFunds],
    ] as const) {
      const { Card } = await bindCard(server, account, number);
      const reply = await recharge(account, Card.PaymentMethodId);
      expect(reply.Data).toMatchObject({ Status: 'failed', FailureRetCode: code });
    }
    const { Card } = await bindCard(server, account, '4000002760003184');
    const pending = await recharge(account, Card.PaymentMethodId);
    expect(pending.Data.Status).toBe('requires_action');
    await server.app.request(pending.Data.Challenge!.Url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: pending.Data.Challenge!.ClientSecret, outcome: 'fail' }),
    });
    const failed = await account.api<Payment>('ConfirmInpourPayment', { PaymentId: pending.Data.PaymentId });
    expect(failed.Data).toMatchObject({ Status: 'failed', FailureRetCode: RetCode.CardChallengeFailed });
    await webhooksDelivered(server);
    expect(await rechargeRows(account.id)).toHaveLength(0);
  });

  it('the challenge card pays once its challenge is passed', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account, '4000002760003184');
    const pending = await recharge(account, Card.PaymentMethodId);
    const passed = await server.app.request(pending.Data.Challenge!.Url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: pending.Data.Challenge!.ClientSecret, outcome: 'pass' }),
    });
    expect(passed.status).toBe(200);
    await webhooksDelivered(server);
    const done = await account.api<Payment>('ConfirmInpourPayment', { PaymentId: pending.Data.PaymentId });
    expect(done.Data.Status).toBe('succeeded');
    expect(await rechargeRows(account.id)).toHaveLength(1);
  });

  it('the fails-later card stays processing, then fails without a credit', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account, '4000000000000341');
    const reply = await recharge(account, Card.PaymentMethodId);
    expect(reply.Data.Status).toBe('processing');
    server.clock.advance(FAILS_LATER_MS + 1);
    try {
      const after = await account.api<Payment>('ConfirmInpourPayment', { PaymentId: reply.Data.PaymentId });
      expect(after.Data).toMatchObject({ Status: 'failed', FailureRetCode: RetCode.CardDeclined });
    } finally {
      server.clock.reset();
    }
    expect(await rechargeRows(account.id)).toHaveLength(0);
  });

  it('minimums, the ad wallet, the permission key and bad amounts', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    const pm = Card.PaymentMethodId;
    for (const Amount of [-1, 0, null, 1e308, '50', 500_000.5, 499_999, 'NaN'])
      expect((await recharge(account, pm, { Amount })).RetCode, String(Amount)).toBe(RetCode.ValidationError);
    const low = await recharge(account, pm, { Amount: 100_000, ProductType: 9 });
    expect(low.Message).toMatch(/at least 50\.00/);
    expect((await recharge(account, pm, { Amount: 100_000, ProductType: 6026 })).Data.Status).toBe('succeeded');
    expect((await recharge(account, pm, { ProductType: 7 })).RetCode).toBe(RetCode.ValidationError);
    expect(await rechargeRows(account.id)).toHaveLength(1);
    const subUser = await moneyAccount(server);
    const { users } = await import('../db/schema');
    await server.deps.database.db.update(users).set({ administrator: false }).where(eq(users.id, subUser.id));
    const sub = await bindCard(server, subUser);
    const refused = await recharge(subUser, sub.Card.PaymentMethodId);
    expect(refused.RetCode).toBe(RetCode.TopUpNotPermitted);
    expect(refused.Message).toMatch(/operations staff/);
  });
});

describe('webhooks', () => {
  const post = (body: string, signature?: string) =>
    server.app.request('/webhooks/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'provider-signature': signature } : {}) },
      body,
    });

  it('refuses a missing or wrong signature and a stale timestamp', async () => {
    const { signWebhook, WEBHOOK_TOLERANCE_SECONDS } = await import('../providers/payments/signing');
    const { SANDBOX_WEBHOOK_SECRET } = await import('../providers/payments/sandbox');
    const body = JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: {} } });
    const now = Math.floor(server.clock.nowMs() / 1000);
    expect((await post(body)).status).toBe(400);
    expect((await post(body, signWebhook('wrong-secret', body, now))).status).toBe(400);
    expect(
      (await post(body, signWebhook(SANDBOX_WEBHOOK_SECRET, body, now - WEBHOOK_TOLERANCE_SECONDS - 5))).status,
    ).toBe(400);
    expect((await post(`${body} `, signWebhook(SANDBOX_WEBHOOK_SECRET, body, now))).status).toBe(400);
  });

  it('a webhook before the console hears back, a replayed one and an out-of-order one credit once', async () => {
    const { signWebhook } = await import('../providers/payments/signing');
    const { SANDBOX_WEBHOOK_SECRET } = await import('../providers/payments/sandbox');
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    const provider = sandboxFor(server.deps)!;
    const now = server.clock.now();
    // The crash window: Herald wrote the payment row, the provider charged, the ledger write never ran.
    const paymentId = `pay_${Date.now().toString(16)}abcdef`;
    await server.deps.database.db.insert(payments).values({
      id: paymentId,
      userId: account.id,
      kind: 'recharge',
      walletType: MAIN_WALLET,
      amount: 500_000,
      fee: 4_000,
      providerPmId: Card.PaymentMethodId,
      brand: 'visa',
      last4: '4242',
      status: 'processing',
      idempotencyKey: idemKey(),
      requestHash: 'h',
      createdAt: now,
      updatedAt: now,
    });
    const intent = await provider.createPaymentIntent({
      customer: customerOf(account.id),
      amount: 504_000,
      currency: 'usd',
      paymentMethod: Card.PaymentMethodId,
      idempotencyKey: paymentId,
      metadata: { paymentId },
    });
    await webhooksDelivered(server);
    const succeeded = JSON.stringify({
      id: `evt_${paymentId}`,
      type: 'payment_intent.succeeded',
      created: Math.floor(now.getTime() / 1000),
      data: { object: intent },
    });
    const at = Math.floor(server.clock.nowMs() / 1000);
    const replay = await post(succeeded, signWebhook(SANDBOX_WEBHOOK_SECRET, succeeded, at));
    expect(await replay.json()).toMatchObject({ outcome: 'processed' });
    const again = await post(succeeded, signWebhook(SANDBOX_WEBHOOK_SECRET, succeeded, at));
    expect(await again.json()).toMatchObject({ outcome: 'duplicate' });
    // An older "processing" event after success: the provider's current word is read, nothing moves back.
    const stale = JSON.stringify({
      id: `evt_${paymentId}_old`,
      type: 'payment_intent.requires_action',
      created: Math.floor(now.getTime() / 1000) - 60,
      data: { object: { ...intent, status: 'requires_action' } },
    });
    await post(stale, signWebhook(SANDBOX_WEBHOOK_SECRET, stale, at));
    await reconcilePayments(server.deps, 0);
    const [row] = await server.deps.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row.status).toBe('succeeded');
    expect(await rechargeRows(account.id)).toHaveLength(1);
  });

  it('the reconciliation job completes a payment whose intent id was never written', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    const now = server.clock.now();
    const paymentId = `pay_${Date.now().toString(16)}fedcba`;
    await server.deps.database.db.insert(payments).values({
      id: paymentId,
      userId: account.id,
      kind: 'recharge',
      walletType: MAIN_WALLET,
      amount: 500_000,
      fee: 4_000,
      providerPmId: Card.PaymentMethodId,
      brand: 'visa',
      last4: '4242',
      status: 'processing',
      idempotencyKey: idemKey(),
      requestHash: 'h',
      createdAt: new Date(now.getTime() - 60_000),
      updatedAt: new Date(now.getTime() - 60_000),
    });
    expect(await reconcilePayments(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await reconcilePayments(server.deps)).toBe(0);
    await webhooksDelivered(server);
    expect(await rechargeRows(account.id)).toHaveLength(1);
  });
});
