import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { registerAdvertisingWorkers } from '../jobs/advertising';
import { registerAdOperationWorkers } from '../jobs/ad-operations';
import { registerAdSpendWorkers } from '../jobs/ad-spend';
import { QUEUE } from '../queue';
import { adAccountDailyStats, adAccounts, wallets } from '../db/schema';
import { credit, ledgerSum } from '../money/ledger';
import type { Db } from '../db/database';
import { dailyFigures } from '../platforms/ads/operations';
import { AD_SANDBOX_PATH } from '../platforms/ads/sandbox-consent';
import { addDays, utcDay, type AdReport } from './report';
import { rebateOf } from './rebates';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  AD_ACCOUNT_STATUS,
  AD_OPENING_FIELDS_BY_PLATFORM,
  type AdPlatformId,
} from '../../src/gateway/contract/advertising';
import { AD_RECHARGE_STATUS } from '../../src/gateway/contract/advertising';
import { AD_AUTHORIZATION_STATUS, AD_OPERATION_STATUS } from '../../src/gateway/contract/ad-operations';
import type { AdAccount, AdRecharge } from '../../src/gateway/contract/actions/advertising';
import type { AdAuthorization, AdOperation } from '../../src/gateway/contract/actions/ad-operations';

// Ad operations, authorisation and the data report: which platform allows which operation, the sandbox's
// answers, refunds and clears through the ledger (once), the authorisation round trip through the consent
// page, the daily figures and the report, and tenant isolation. The memory queue runs a job at once.

process.env.HERALD_AD_REVIEW_DELAY_MS = '0';
process.env.HERALD_AD_RECHARGE_DELAY_MS = '0';
process.env.HERALD_AD_OPERATION_DELAY_MS = '0';
process.env.HERALD_AD_STATS_SWEEP_MS = '3600000';

const ADS = 6026;
const UNIT = 10_000;
let server: TestServer;
let timer: NodeJS.Timeout;

beforeAll(async () => {
  server = await createTestServer();
  await registerAdvertisingWorkers(server.deps);
  await registerAdOperationWorkers(server.deps);
  timer = await registerAdSpendWorkers(server.deps);
}, 120_000);
afterAll(async () => {
  clearInterval(timer);
  await server?.close();
});

const VALUES: Record<string, string> = {
  BmId: '1234567890',
  PixelId: '9876543210',
  UsLandingEcommerce: 'no',
  MccId: '123-456-7890',
  Email: 'ads@example.com',
  CompanyEnglishName: 'Example Trading',
  Address: '1 Harbour Road',
  Website: 'https://example.com',
  ParentCompany: 'Example Holdings',
  CustomerCategory: 'ecommerce',
  PublicProfile: 'https://snapchat.com/add/example',
  CampaignLink: 'https://example.com/campaign',
  TwitterLink: 'https://x.com/example',
  TwitterHandle: '@example',
  NewAccount: 'yes',
  OperationType: 'agency',
  ReferenceNumber: 'REF-001',
  StartDate: '2026-12-01',
  TargetCountries: 'US',
  AdTarget: 'installs',
  IdealPrice: '1.50',
  Budget: '5000',
};

async function tenant() {
  const account = await freshTenant(server);
  const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token: account.token });
  const fund = (units: number) =>
    server.deps.database.db.transaction((tx) =>
      credit(tx as unknown as Db, {
        userId: account.id,
        productType: ADS,
        amount: units,
        billType: 'recharge',
        uniqueKey: `seed-${account.id}-${units}`,
      }),
    );
  return { ...account, call, fund };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

async function openAccount(t: Tenant, platformId: AdPlatformId = 1, name = 'Spring shop'): Promise<AdAccount> {
  const own = Object.fromEntries(AD_OPENING_FIELDS_BY_PLATFORM[platformId].map((f) => [f, VALUES[f]]));
  const applied = await t.call('ApplyAdAccount', {
    PlatformId: platformId,
    AccountName: name,
    CompanyName: 'Example Ltd',
    PromotionLink: 'https://shop.example.com',
    TimeZone: 'UTC+8',
    Quantity: 1,
    Currency: 'USD',
    RegisteredRegion: 'HK',
    LicenseNumber: 'BR-1',
    Industry: 'ecommerce',
    SubIndustry: 'apparel',
    ...own,
  });
  expect(applied.RetCode).toBe(0);
  const list = await t.call<{ Accounts: AdAccount[] }>('ListAdAccount', { PlatformId: platformId, Keyword: name });
  return list.Data.Accounts.find((a) => a.Name === name)!;
}

type Report = Omit<AdReport, 'From' | 'To'>;
/** One currency's spend in a report (the tests' accounts are all USD). */
const usdOf = (report: Report) => report.Currencies.find((c) => c.Currency === 'USD');

/** The spend sweep's job (the worker queues it on its schedule): the memory queue runs it at once. */
const sweep = () => server.deps.jobs.send(QUEUE.adSpendSweep, {});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error('never settled');
}

/** An account with `units` on it (recharged from the wallet; the top-up arrives at once). */
async function fundedAccount(t: Tenant, units: number, platformId: AdPlatformId = 1, name = 'Funded shop') {
  await t.fund(units + 50 * UNIT);
  const account = await openAccount(t, platformId, name);
  const recharged = await t.call('RechargeAdAccount', {
    AccountId: account.AccountId,
    Amount: units,
    IdempotencyKey: `rk-${account.AccountId}`,
  });
  expect(recharged.RetCode).toBe(0);
  await waitFor(
    () => t.call<{ Recharges: AdRecharge[] }>('ListAdRecharge', { AccountId: account.AccountId }),
    (r) => r.Data.Recharges.every((x) => x.Status !== 0),
  );
  return account;
}

const settled = (t: Tenant, operationId: string) =>
  waitFor(
    async () =>
      (await t.call<{ Operations: AdOperation[] }>('ListAdOperation')).Data.Operations.find(
        (o) => o.OperationId === operationId,
      )!,
    (o) => o.Status !== AD_OPERATION_STATUS.Pending,
  );

const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

async function expectLedgerWhole(userId: number) {
  const db = server.deps.database.db;
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, ADS)));
  expect(await ledgerSum(db, userId, ADS)).toBe(wallet.amount + wallet.amountFree);
}

const walletOf = async (t: Tenant) => (await t.call<{ WalletBalance: number }>('GetAdOverview')).Data.WalletBalance;
const balanceOf = async (accountId: string) =>
  (await server.deps.database.db.select().from(adAccounts).where(eq(adAccounts.accountId, accountId)))[0];

describe('operation input', () => {
  it.each([
    [{ Operation: 'BM_BINDING' }, 'BmId', 'validation:required'],
    [{ Operation: 'BM_BINDING', BmId: '12ab' }, 'BmId', 'validation:adIdDigits'],
    [{ Operation: 'BM_BINDING', BmId: '1234567' }, 'BindingType', 'validation:required'],
    [{ Operation: 'MCC_BINDING', BindingType: 0, MccId: '12' }, 'MccId', 'validation:adMccInvalid'],
    [{ Operation: 'BIND_USERS', Users: ['not-an-email'] }, 'Users', 'validation:emailInvalid'],
    [{ Operation: 'REFUND' }, 'Amount', 'validation:required'],
    [{ Operation: 'CLEAR', BmId: '1234567' }, 'BmId', 'validation:unknownField'],
    [{ Operation: 'REFUND', Amount: 1, BindingType: 0 }, 'BindingType', 'validation:unknownField'],
  ])('%o is a field error on %s', async (input, field, key) => {
    const t = await tenant();
    const reply = await t.call('ApplyAdOperation', {
      AccountId: '1000000000001',
      IdempotencyKey: 'op-key-0001',
      ...input,
    });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: field, Key: key });
  });

  it('refuses an operation the platform does not offer', async () => {
    const t = await tenant();
    const google = await openAccount(t, 2, 'Google shop');
    const reply = await t.call('ApplyAdOperation', {
      AccountId: google.AccountId,
      Operation: 'PIXEL_BINDING',
      BindingType: 0,
      PixelId: '1234567',
      IdempotencyKey: 'op-pixel-001',
    });
    expect(reply.RetCode).toBe(RetCode.AdOperationNotSupported);
  });
});

describe('bindings by the sandbox', () => {
  it('binds a BM once per key and refuses an id ending 0000 with the reason', async () => {
    const t = await tenant();
    const account = await openAccount(t);
    const input = { AccountId: account.AccountId, Operation: 'BM_BINDING', BindingType: 0, BmId: '1234567890' };
    const first = await t.call<AdOperation>('ApplyAdOperation', { ...input, IdempotencyKey: 'op-bm-0001' });
    expect(first.RetCode).toBe(0);
    const again = await t.call<AdOperation>('ApplyAdOperation', { ...input, IdempotencyKey: 'op-bm-0001' });
    expect(again.Data.OperationId).toBe(first.Data.OperationId);
    expect((await settled(t, first.Data.OperationId)).Status).toBe(AD_OPERATION_STATUS.Success);
    const missing = await t.call<AdOperation>('ApplyAdOperation', {
      ...input,
      BindingType: 1,
      BmId: '1234560000',
      IdempotencyKey: 'op-bm-0002',
    });
    const refused = await settled(t, missing.Data.OperationId);
    expect(refused).toMatchObject({ Status: AD_OPERATION_STATUS.Failed, BindingType: 1 });
    expect(refused.Reason).toContain('1234560000');
    const users = await t.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'BIND_USERS',
      Users: ['ann@example.com', 'refuse@example.com'],
      IdempotencyKey: 'op-users-001',
    });
    expect((await settled(t, users.Data.OperationId)).Status).toBe(AD_OPERATION_STATUS.Failed);
    const list = await t.call<{ Total: number }>('ListAdOperation', { PlatformId: 1, Operation: 'BM_BINDING' });
    expect(list.Data.Total).toBe(2);
  });
});

describe('refund and clear', () => {
  it('refunds to 6026 once, clears the rest, and keeps the ledger whole', async () => {
    const t = await tenant();
    const account = await fundedAccount(t, 100 * UNIT);
    const walletBefore = await walletOf(t);
    const over = await t.call('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'REFUND',
      Amount: 101 * UNIT,
      IdempotencyKey: 'op-over-0001',
    });
    expect(over.RetCode).toBe(RetCode.AdRefundOverBalance);
    const refund = await t.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'REFUND',
      Amount: 30 * UNIT,
      IdempotencyKey: 'op-refund-01',
    });
    expect(refund.RetCode).toBe(0);
    expect((await settled(t, refund.Data.OperationId)).Status).toBe(AD_OPERATION_STATUS.Success);
    expect((await balanceOf(account.AccountId)).balance).toBe(70 * UNIT);
    expect(await walletOf(t)).toBe(walletBefore + 30 * UNIT);
    const clear = await t.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'CLEAR',
      IdempotencyKey: 'op-clear-001',
    });
    const cleared = await settled(t, clear.Data.OperationId);
    expect(cleared).toMatchObject({ Status: AD_OPERATION_STATUS.Success, Amount: 70 * UNIT });
    const row = await balanceOf(account.AccountId);
    expect(row).toMatchObject({ balance: 0, status: AD_ACCOUNT_STATUS.Empty });
    expect(await walletOf(t)).toBe(walletBefore + 100 * UNIT);
    await expectLedgerWhole(t.id);
  });

  it('takes one refund or clear of an account at a time, and one operation per key at once', async () => {
    process.env.HERALD_AD_OPERATION_DELAY_MS = '60000';
    try {
      const t = await tenant();
      const account = await fundedAccount(t, 40 * UNIT, 1, 'Busy shop');
      const refund = { AccountId: account.AccountId, Operation: 'REFUND', Amount: 10 * UNIT };
      const [first, twin] = await Promise.all([
        t.call<AdOperation>('ApplyAdOperation', { ...refund, IdempotencyKey: 'op-busy-0001' }),
        t.call<AdOperation>('ApplyAdOperation', { ...refund, IdempotencyKey: 'op-busy-0001' }),
      ]);
      expect([first.RetCode, twin.RetCode]).toEqual([0, 0]);
      expect(twin.Data.OperationId).toBe(first.Data.OperationId);
      const second = await t.call('ApplyAdOperation', {
        AccountId: account.AccountId,
        Operation: 'CLEAR',
        IdempotencyKey: 'op-busy-0002',
      });
      expect(second.RetCode).toBe(RetCode.AdOperationAccountBusy);
      const conflict = await t.call('ApplyAdOperation', {
        AccountId: account.AccountId,
        Operation: 'CLEAR',
        IdempotencyKey: 'op-busy-0001',
      });
      expect(conflict.RetCode).toBe(RetCode.IdempotencyConflict);
    } finally {
      process.env.HERALD_AD_OPERATION_DELAY_MS = '0';
    }
  });

  it('keeps the money when the platform refuses the refund', async () => {
    const t = await tenant();
    const account = await fundedAccount(t, 20 * UNIT, 2, 'refund-fail shop');
    const walletBefore = await walletOf(t);
    const refund = await t.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'REFUND',
      Amount: 10 * UNIT,
      IdempotencyKey: 'op-refund-02',
    });
    expect((await settled(t, refund.Data.OperationId)).Status).toBe(AD_OPERATION_STATUS.Failed);
    expect((await balanceOf(account.AccountId)).balance).toBe(20 * UNIT);
    expect(await walletOf(t)).toBe(walletBefore);
    await expectLedgerWhole(t.id);
  });
});

describe('authorisation through the consent page', () => {
  async function consent(t: Tenant, business: string, decision: 'allow' | 'deny') {
    const started = await t.call<{ AuthorizeUrl: string; AuthorizationId: string }>('StartAdAuthorization', {
      PlatformId: 1,
    });
    expect(started.RetCode).toBe(0);
    const url = new URL(started.Data.AuthorizeUrl);
    expect(url.pathname).toBe(`${AD_SANDBOX_PATH}/1/authorize`);
    const page = await server.app.request(`${url.pathname}${url.search}`);
    expect(await page.text()).toContain('Business name');
    const answer = await server.app.request(url.pathname, {
      method: 'POST',
      body: new URLSearchParams({
        redirect_uri: url.searchParams.get('redirect_uri')!,
        state: url.searchParams.get('state')!,
        business,
        decision,
      }),
    });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.pathname).toBe('/advertising/authorize-authpage');
    return back.searchParams;
  }

  it('binds the business accounts, lists them, and revoking refuses their operations', async () => {
    const t = await tenant();
    const back = await consent(t, `Acme ${t.id}`, 'allow');
    const done = await t.call<AdAuthorization>('CompleteAdAuthorization', {
      State: back.get('state'),
      Code: back.get('code'),
    });
    expect(done.Data).toMatchObject({ Status: AD_AUTHORIZATION_STATUS.Authorized, Accounts: 2 });
    const reuse = await t.call('CompleteAdAuthorization', { State: back.get('state'), Code: back.get('code') });
    expect(reuse.RetCode).toBe(RetCode.AdAuthorizationExpired);
    const accounts = (await t.call<{ Accounts: AdAccount[] }>('ListAdAccount', { PlatformId: 1 })).Data.Accounts;
    expect(accounts.map((a) => a.Name).sort()).toEqual([`Acme ${t.id} 1`, `Acme ${t.id} 2`]);
    const revoked = await t.call<AdAuthorization>('RevokeAdAuthorization', {
      AuthorizationId: done.Data.AuthorizationId,
    });
    expect(revoked.Data.Status).toBe(AD_AUTHORIZATION_STATUS.Revoked);
    const op = await t.call('ApplyAdOperation', {
      AccountId: accounts[0].AccountId,
      Operation: 'BM_BINDING',
      BindingType: 0,
      BmId: '1234567890',
      IdempotencyKey: 'op-revoked-1',
    });
    expect(op.RetCode).toBe(RetCode.AdAuthorizationRevoked);
  });

  it('records a denial', async () => {
    const t = await tenant();
    const back = await consent(t, 'Nope', 'deny');
    expect(back.get('error')).toBe('access_denied');
    const done = await t.call<AdAuthorization>('CompleteAdAuthorization', {
      State: back.get('state'),
      Error: back.get('error'),
    });
    expect(done.Data.Status).toBe(AD_AUTHORIZATION_STATUS.Denied);
    const list = await t.call<{ Authorizations: AdAuthorization[] }>('ListAdAuthorization');
    expect(list.Data.Authorizations.map((a) => a.Status)).toEqual([AD_AUTHORIZATION_STATUS.Denied]);
  });
});

describe('data report', () => {
  it('fills days from the first money and aggregates 7 and 30 days', async () => {
    const t = await tenant();
    // enough money for eleven days of the sandbox's figures (spend is paid from the balance: spend.ts)
    const account = await fundedAccount(t, 20_000 * UNIT, 3, 'Report shop');
    const today = utcDay(server.clock.now());
    const row = await balanceOf(account.AccountId);
    // the money arrived today: pretend it came 10 days ago, as the platform's history would show
    await server.deps.database.db.execute(
      sql`UPDATE ad_recharges SET arrived_at = arrived_at - interval '10 days' WHERE ad_account_id = ${row.id}`,
    );
    await sweep();
    const week = await t.call<Report>('GetAdDataReport', { Days: 7 });
    expect(week.RetCode).toBe(0);
    expect(week.Data.Days).toHaveLength(7);
    expect(week.Data.Days.at(-1)!.Day).toBe(today);
    expect(week.Data.Days.at(-1)!.Impressions).toBe(dailyFigures(account.AccountId, today).impressions);
    expect(usdOf(week.Data)!.Days.at(-1)).toMatchObject({
      Day: today,
      Spend: dailyFigures(account.AccountId, today).spend,
    });
    const month = await t.call<Report>('GetAdDataReport', { Days: 30, PlatformId: 3 });
    expect(usdOf(month.Data)!.Days.filter((d) => d.Spend > 0)).toHaveLength(11);
    expect(month.Data.Accounts.map((a) => a.AccountId)).toEqual([account.AccountId]);
    const stored = await server.deps.database.db
      .select()
      .from(adAccountDailyStats)
      .where(eq(adAccountDailyStats.adAccountId, row.id));
    expect(stored.map((s) => s.day).sort()[0]).toBe(addDays(today, -10));
    const bad = await t.call('GetAdDataReport', { Days: 14 });
    expect(fieldsOf(bad.Data)).toContainEqual({ Field: 'Days', Key: 'validation:adReportRange' });
  });
});

describe('data report currencies', () => {
  it('never adds money across currencies: totals and days per currency, counts across them', async () => {
    const t = await tenant();
    const usd = await fundedAccount(t, 20_000 * UNIT, 3, 'Dollar shop');
    const eur = await fundedAccount(t, 20_001 * UNIT, 5, 'Euro shop');
    await server.deps.database.db.execute(
      sql`UPDATE ad_accounts SET currency = 'EUR' WHERE account_id = ${eur.AccountId}`,
    );
    await sweep();
    const report = (await t.call<Report>('GetAdDataReport', { Days: 7 })).Data;
    const today = utcDay(server.clock.now());
    const usdDay = dailyFigures(usd.AccountId, today);
    const eurDay = dailyFigures(eur.AccountId, today);
    expect(report.Currencies.map((c) => [c.Currency, c.Totals.Spend])).toEqual([
      ['EUR', eurDay.spend],
      ['USD', usdDay.spend],
    ]);
    expect(report.Currencies.every((c) => c.Days.length === 7)).toBe(true);
    expect(report.Days.at(-1)!.Impressions).toBe(usdDay.impressions + eurDay.impressions);
    expect(report.Totals.Clicks).toBe(usdDay.clicks + eurDay.clicks);
    expect(report.Accounts.map((a) => a.Currency).sort()).toEqual(['EUR', 'USD']);
  });
});

describe('spend paid from the balance (one truth for spend)', () => {
  const accountRow = async (accountId: string) =>
    (await server.deps.database.db.select().from(adAccounts).where(eq(adAccounts.accountId, accountId)))[0];
  const backdate = (id: number, days: number) =>
    server.deps.database.db.execute(
      sql`UPDATE ad_recharges SET arrived_at = arrived_at - make_interval(days => ${days}) WHERE ad_account_id = ${id}`,
    );

  it('a read never moves money: the report shows what the sweep paid, however often it is read', async () => {
    const t = await tenant();
    const account = await fundedAccount(t, 20_000 * UNIT, 3, 'Read-only shop');
    const row = await accountRow(account.AccountId);
    await backdate(row.id, 3);
    const read = () => t.call<Report>('GetAdDataReport', { Days: 7 });
    // before the sweep: nothing charged, nothing to show, however often it is read
    expect((await read()).Data.Currencies).toEqual([]);
    expect((await read()).Data.Currencies).toEqual([]);
    expect(await accountRow(account.AccountId)).toMatchObject({ balance: 20_000 * UNIT, consumption: 0 });
    await sweep();
    const swept = await accountRow(account.AccountId);
    expect(swept.consumption).toBeGreaterThan(0);
    const first = await read();
    const second = await read();
    expect(second.Data).toEqual(first.Data);
    expect(first.Data.Currencies.map((c) => [c.Currency, c.Totals.Spend])).toEqual([['USD', swept.consumption]]);
    expect(await accountRow(account.AccountId)).toMatchObject({
      balance: swept.balance,
      consumption: swept.consumption,
    });
  });

  it('pays each day once, caps the day the money runs out, goes Empty and stops spending', async () => {
    const t = await tenant();
    const account = await fundedAccount(t, 30 * UNIT, 2, 'Short money shop');
    await backdate((await accountRow(account.AccountId)).id, 5);
    await sweep();
    const report = await t.call<Report>('GetAdDataReport', { Days: 7 });
    const after = await accountRow(account.AccountId);
    expect(after.balance).toBe(0);
    expect(after.consumption).toBe(30 * UNIT);
    expect(usdOf(report.Data)!.Totals.Spend).toBe(after.consumption);
    expect(after.status).toBe(AD_ACCOUNT_STATUS.Empty);
    // the first day's figures cost more than 30.00: it is capped, the days after spend nothing
    expect(usdOf(report.Data)!.Days.at(-1)).toMatchObject({ Spend: 0, Impressions: 0 });
    const again = await t.call<Report>('GetAdDataReport', { Days: 30 });
    expect(again.Data.Currencies.map((c) => [c.Currency, c.Totals.Spend])).toEqual([['USD', 30 * UNIT]]);
    expect((await accountRow(account.AccountId)).consumption).toBe(30 * UNIT);
  });

  it('keeps balance + consumption = money arrived − refunds', async () => {
    const t = await tenant();
    const account = await fundedAccount(t, 20_000 * UNIT, 5, 'Ledger shop');
    const row = await accountRow(account.AccountId);
    await backdate(row.id, 3);
    await sweep();
    const refund = await t.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'REFUND',
      Amount: 100 * UNIT,
      IdempotencyKey: 'ledger-refund-001',
    });
    expect(refund.RetCode).toBe(0);
    await settled(t, refund.Data.OperationId);
    await sweep();
    const after = await accountRow(account.AccountId);
    expect(after.consumption).toBeGreaterThan(0);
    expect(after.balance + after.consumption).toBe(20_000 * UNIT - 100 * UNIT);
    const [{ paid }] = await server.deps.database.db
      .select({ paid: sql<string>`sum(${adAccountDailyStats.charged})` })
      .from(adAccountDailyStats)
      .where(eq(adAccountDailyStats.adAccountId, row.id));
    expect(Number(paid)).toBe(after.consumption);
  });
});

describe('monthly rebates (recharge statuses 3, 4, 5)', () => {
  const rebatesOf = async (t: Tenant, accountId: string) =>
    (await t.call<{ Recharges: AdRecharge[] }>('ListAdRecharge', { AccountId: accountId })).Data.Recharges.filter(
      (r) => r.Status >= AD_RECHARGE_STATUS.PendingRebate,
    );

  it("proposes 2 % of each finished month's spend, pays it to 6026 once after its delay, or fails it", async () => {
    const t = await tenant();
    const paid = await fundedAccount(t, 50_000 * UNIT, 3, 'Rebate shop');
    const refused = await fundedAccount(t, 50_001 * UNIT, 3, 'rebate-fail shop');
    for (const account of [paid, refused]) {
      const [row] = await server.deps.database.db
        .select()
        .from(adAccounts)
        .where(eq(adAccounts.accountId, account.AccountId));
      await server.deps.database.db.execute(
        sql`UPDATE ad_recharges SET arrived_at = arrived_at - interval '70 days' WHERE ad_account_id = ${row.id}`,
      );
    }
    process.env.HERALD_AD_REBATE_DELAY_MS = '3600000';
    await sweep();
    // 70 days back: every finished month with spend (two or three of them) has its rebate
    const pending = await rebatesOf(t, paid.AccountId);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.every((r) => r.Status === AD_RECHARGE_STATUS.PendingRebate)).toBe(true);
    const [row] = await server.deps.database.db
      .select()
      .from(adAccounts)
      .where(eq(adAccounts.accountId, paid.AccountId));
    const thisMonth = utcDay(server.clock.now()).slice(0, 7);
    const months = await server.deps.database.db
      .select({ spent: sql<string>`sum(${adAccountDailyStats.charged})` })
      .from(adAccountDailyStats)
      .where(
        and(
          eq(adAccountDailyStats.adAccountId, row.id),
          sql`to_char(${adAccountDailyStats.day}, 'YYYY-MM') < ${thisMonth}`,
        ),
      )
      .groupBy(sql`to_char(${adAccountDailyStats.day}, 'YYYY-MM')`);
    const expected = months.map((m) => rebateOf(Number(m.spent))).filter((amount) => amount > 0);
    expect(pending.map((r) => r.Amount).sort()).toEqual(expected.sort());
    const total = expected.reduce((sum, amount) => sum + amount, 0);
    const before = (
      await server.deps.database.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.userId, t.id), eq(wallets.productType, ADS)))
    )[0];
    process.env.HERALD_AD_REBATE_DELAY_MS = '0';
    await sweep();
    await sweep();
    const settledRebates = await rebatesOf(t, paid.AccountId);
    expect(settledRebates.map((r) => r.Status)).toEqual(pending.map(() => AD_RECHARGE_STATUS.RebateSuccess));
    const refusedRebates = await rebatesOf(t, refused.AccountId);
    expect(refusedRebates.length).toBeGreaterThanOrEqual(2);
    expect(refusedRebates.every((r) => r.Status === AD_RECHARGE_STATUS.RebateFailed)).toBe(true);
    const after = (
      await server.deps.database.db
        .select()
        .from(wallets)
        .where(and(eq(wallets.userId, t.id), eq(wallets.productType, ADS)))
    )[0];
    expect(after.amount + after.amountFree - (before.amount + before.amountFree)).toBe(total);
    await expectLedgerWhole(t.id);
  });
});

describe('tenant isolation', () => {
  it("sees nothing of another tenant's operations, authorisations and report", async () => {
    const owner = await tenant();
    const account = await fundedAccount(owner, 20 * UNIT, 1, 'Private shop');
    const op = await owner.call<AdOperation>('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'PIXEL_BINDING',
      BindingType: 0,
      PixelId: '1234567',
      IdempotencyKey: 'op-owner-001',
    });
    await settled(owner, op.Data.OperationId);
    const started = await owner.call<{ AuthorizeUrl: string }>('StartAdAuthorization', { PlatformId: 1 });
    const other = await tenant();
    const state = new URL(started.Data.AuthorizeUrl).searchParams.get('state');
    const hijack = await other.call('CompleteAdAuthorization', { State: state, Error: 'access_denied' });
    expect(hijack.RetCode).toBe(RetCode.AdAuthorizationExpired);
    expect((await other.call<{ Total: number }>('ListAdOperation')).Data.Total).toBe(0);
    expect((await other.call<{ Total: number }>('ListAdAuthorization')).Data.Total).toBe(0);
    const report = await other.call<Report>('GetAdDataReport', {
      Days: 30,
      AccountId: account.AccountId,
    });
    expect(report.Data).toMatchObject({ Accounts: [], Currencies: [], Totals: { Impressions: 0 } });
    // another tenant's report opening neither charges nor rebates the owner's accounts
    const [owned] = await server.deps.database.db
      .select()
      .from(adAccounts)
      .where(eq(adAccounts.accountId, account.AccountId));
    expect(owned).toMatchObject({ balance: 20 * UNIT, consumption: 0 });
    const steal = await other.call('ApplyAdOperation', {
      AccountId: account.AccountId,
      Operation: 'CLEAR',
      IdempotencyKey: 'op-steal-001',
    });
    expect(steal.RetCode).toBe(RetCode.NotFound);
  });
});
