import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, payments, subscriptionPackages } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { Payment } from '../../src/gateway/contract/billing/payments';
import { debit, ledgerSum, MAIN_WALLET } from './ledger';
import { sweepBalanceAlarms } from './balance-alarm';
import {
  bindCard,
  idemKey,
  mainWallet,
  moneyAccount,
  startMoneyServer,
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

const topUp = async (account: Awaited<ReturnType<typeof moneyAccount>>, pm: string, Amount = 500_000) =>
  (await account.api<Payment>('CreateInpourPayment', { Amount, PaymentMethodId: pm, IdempotencyKey: idemKey() })).Data;

describe('invoices', () => {
  it('a recharge has an invoice whose PDF only its account can download', async () => {
    const account = await moneyAccount(server);
    await account.api('UpdateBillingAddress', {
      Name: 'Ada Lovelace',
      Line1: '12 Analytical Row',
      City: 'London',
      PostalCode: 'N1 9GU',
      Country: 'GB',
    });
    const { Card } = await bindCard(server, account);
    const payment = await topUp(account, Card.PaymentMethodId);
    const list = await account.api<{ Total: number; Invoices: { InvoiceId: number; Total: number; Fee: number }[] }>(
      'GetInvoiceList',
    );
    expect(list.Data.Total).toBe(1);
    expect(list.Data.Invoices[0]).toMatchObject({ InvoiceId: payment.InvoiceId, Fee: 4_000, Total: 504_000 });
    const token = (await import('../auth/sessions')).issueTokens;
    const access = (await token(server.deps.database.db, server.clock, account.id)).AccessToken;
    const pdf = await server.raw(JSON.stringify({ Action: 'DownloadInvoice', InvoiceId: payment.InvoiceId }), {
      authorization: `Bearer ${access}`,
    });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const other = await moneyAccount(server);
    expect((await other.api('DownloadInvoice', { InvoiceId: payment.InvoiceId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.api('GetInpourPayment', { PaymentId: payment.PaymentId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.api<{ Total: number }>('GetInvoiceList')).Data.Total).toBe(0);
  });

  it('a plan bought by card charges the card, pays from the wallet and has its invoice', async () => {
    const [paid] = await server.deps.database.db
      .select()
      .from(subscriptionPackages)
      .where(eq(subscriptionPackages.free, false));
    const account = await moneyAccount(server);
    await bindCard(server, account);
    const key = idemKey();
    const bought = await account.api<{ Amount: number }>('BuySubscriptionPackage', {
      SubscriptionNo: paid.subscriptionNo,
      PayMethod: 'card',
      IdempotencyKey: key,
    });
    expect(bought.RetCode).toBe(0);
    const again = await account.api('BuySubscriptionPackage', {
      SubscriptionNo: paid.subscriptionNo,
      PayMethod: 'card',
      IdempotencyKey: key,
    });
    expect(again.RetCode).toBe(0);
    const cardPayments = await server.deps.database.db.select().from(payments).where(eq(payments.userId, account.id));
    expect(cardPayments).toHaveLength(1);
    const kinds = (await account.api<{ Invoices: { Kind: string }[] }>('GetInvoiceList')).Data.Invoices.map(
      (i) => i.Kind,
    );
    expect(kinds.sort()).toEqual(['plan', 'recharge']);
    const declined = await moneyAccount(server);
    await bindCard(server, declined, '4000000000000002');
    const refused = await declined.api('BuySubscriptionPackage', {
      SubscriptionNo: paid.subscriptionNo,
      PayMethod: 'card',
      IdempotencyKey: idemKey(),
    });
    expect(refused.RetCode).toBe(RetCode.CardDeclined);
  });
});

describe('bank transfer and wallet moves', () => {
  it('staff record a transfer against the reference once; others may not', async () => {
    const account = await moneyAccount(server);
    const reference = await account.api<{ VerifyCode: string; Iban: string }>('GetAccountVerifyCode');
    expect(reference.Data.VerifyCode).toMatch(/^HB[0-9A-Z]{8}$/);
    expect((await account.api<{ VerifyCode: string }>('GetAccountVerifyCode')).Data.VerifyCode).toBe(
      reference.Data.VerifyCode,
    );
    const staff = await moneyAccount(server, { keys: ['SupportStaff'] });
    const input = { VerifyCode: reference.Data.VerifyCode, Amount: 2_500_000, BankReference: `BANK-${idemKey()}` };
    expect((await account.api('RecordBankTransfer', input)).RetCode).toBe(RetCode.Forbidden);
    expect((await staff.api<{ Replayed: boolean }>('RecordBankTransfer', input)).Data.Replayed).toBe(false);
    expect((await staff.api<{ Replayed: boolean }>('RecordBankTransfer', input)).Data.Replayed).toBe(true);
    expect((await staff.api('RecordBankTransfer', { ...input, VerifyCode: 'HBZZZZZZZZ' })).RetCode).toBe(
      RetCode.BankReferenceUnknown,
    );
    expect((await mainWallet(server, account.id))?.amount).toBe(2_500_000);
  });

  it('moves money between the main wallet and a sub-wallet through the ledger, and shows it as usage once spent', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    await topUp(account, Card.PaymentMethodId, 1_000_000);
    const move = { From: 0, To: 9, Amount: 600_000, IdempotencyKey: idemKey() };
    expect((await account.api('TransferWalletFunds', move)).Data).toEqual({
      FromBalanceAfter: 500_000,
      ToBalanceAfter: 600_000,
    });
    expect((await account.api('TransferWalletFunds', move)).Data).toEqual({
      FromBalanceAfter: 500_000,
      ToBalanceAfter: 600_000,
    });
    expect((await account.api('TransferWalletFunds', { ...move, From: 9, To: 6003 })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect(
      (await account.api('TransferWalletFunds', { ...move, Amount: 10_000_000, IdempotencyKey: idemKey() })).RetCode,
    ).toBe(RetCode.InsufficientBalance);
    const db = server.deps.database.db;
    await debit(db, {
      userId: account.id,
      productType: 9,
      amount: 1234,
      billType: 'deduct',
      uniqueKey: 'sms:test:g0',
      at: server.clock.now(),
    });
    expect(await ledgerSum(db, account.id, 9)).toBe(600_000 - 1234);
    const now = Math.floor(server.clock.nowMs() / 1000);
    const usage = await account.api<{ Products: { ProductType: number; Total: number }[] }>(
      'GetOrderAmountStatistics',
      {
        StartTime: now - 86_400,
        EndTime: now + 60,
        Granularity: 'day',
      },
    );
    expect(usage.Data.Products.find((p) => p.ProductType === 9)?.Total).toBe(1234);
    expect(usage.Data.Products.find((p) => p.ProductType === 6003)?.Total).toBe(0);
    const sms = await account.api<{ Total: number }>('GetUSMSBillStatistics', {
      StartTime: now - 86_400,
      EndTime: now + 60,
    });
    expect(sms.Data.Total).toBe(1234);
    const tooLong = await account.api('GetOrderAmountStatistics', { StartTime: 0, EndTime: now, Granularity: 'day' });
    expect(tooLong.RetCode).toBe(RetCode.ValidationError);
  });
});

describe('balance alarm', () => {
  const mails = async (to: string) =>
    (await server.deps.database.db.select().from(outbox).where(eq(outbox.to, to))).length;

  it('mails once per crossing and auto-recharges once, from the default card', async () => {
    const account = await moneyAccount(server);
    const { Card } = await bindCard(server, account);
    await topUp(account, Card.PaymentMethodId, 600_000);
    const alarm = await account.api('UpdateBalanceAlarmThreshold', {
      Enabled: true,
      Threshold: 500_000,
      AutoRecharge: true,
      AutoRechargeAmount: 500_000,
    });
    expect(alarm.RetCode).toBe(0);
    expect(await mails(account.email)).toBe(0);
    const db = server.deps.database.db;
    await debit(db, {
      userId: account.id,
      productType: MAIN_WALLET,
      amount: 200_000,
      billType: 'deduct',
      uniqueKey: 'spend-1',
      at: server.clock.now(),
    });
    await sweepBalanceAlarms(server.deps);
    await sweepBalanceAlarms(server.deps);
    expect(await mails(account.email)).toBe(1);
    // 600,000 + 100,000 held - 100,000 frozen - 200,000 spent + 500,000 auto-recharged
    expect((await mainWallet(server, account.id))?.amount).toBe(1_000_000);
    const state = await account.api<{ LastAutoRechargeStatus: string }>('GetBalanceAlarm');
    expect(state.Data.LastAutoRechargeStatus).toBe('succeeded');
  });

  it('a declined auto-recharge is not retried in a loop', async () => {
    const account = await moneyAccount(server);
    await bindCard(server, account, '4000000000000002');
    await account.api('UpdateBalanceAlarmThreshold', {
      Enabled: true,
      Threshold: 500_000,
      AutoRecharge: true,
      AutoRechargeAmount: 500_000,
    });
    for (let i = 0; i < 3; i++) await sweepBalanceAlarms(server.deps);
    const tries = await server.deps.database.db.select().from(payments).where(eq(payments.userId, account.id));
    expect(tries.map((p) => p.status)).toEqual(['failed']);
    expect(await mails(account.email)).toBe(1);
    const refused = await account.api('UpdateBalanceAlarmThreshold', {
      Enabled: true,
      Threshold: 500_000,
      AutoRecharge: true,
      AutoRechargeAmount: 10,
    });
    expect(refused.RetCode).toBe(RetCode.ValidationError);
  });
});

describe('subscription gate', () => {
  it('an account whose paid plan ended is blocked until it renews; one that never bought a plan is not', async () => {
    const { createPlanAccount } = await import('../db/seed-fixtures');
    const { requireLiveSubscription } = await import('./subscription-gate');
    const db = server.deps.database.db;
    const now = server.clock.now();
    const lapsed = await createPlanAccount(db, server.clock, `lapsed-${idemKey()}@example.com`, {
      balance: 0,
      upgraded: true,
      subscriptionNo: 'growth',
      endsInMs: -86_400_000,
    });
    await expect(requireLiveSubscription(db, lapsed, now)).rejects.toMatchObject({
      retCode: RetCode.SubscriptionExpired,
    });
    const live = await createPlanAccount(db, server.clock, `live-${idemKey()}@example.com`, {
      balance: 0,
      upgraded: true,
      subscriptionNo: 'growth',
      endsInMs: 86_400_000,
    });
    await expect(requireLiveSubscription(db, live, now)).resolves.toBeUndefined();
    const payAsYouGo = await moneyAccount(server);
    await expect(requireLiveSubscription(db, payAsYouGo.id, now)).resolves.toBeUndefined();
  });
});
