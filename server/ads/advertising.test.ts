import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { registerAdvertisingWorkers } from '../jobs/advertising';
import { adAccounts, wallets } from '../db/schema';
import { credit, ledgerSum } from '../money/ledger';
import type { Db } from '../db/database';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  AD_ACCOUNT_STATUS,
  AD_OPENING_FIELDS_BY_PLATFORM,
  AD_OPENING_STATUS,
  AD_PLATFORMS,
  AD_RECHARGE_STATUS,
  type AdPlatformId,
} from '../../src/gateway/contract/advertising';
import type { AdAccount, AdApplication, AdOverview, AdRecharge } from '../../src/gateway/contract/actions/advertising';

// Advertising on the server: the opening rules per platform (table-driven), the sandbox review job,
// recharges from the 6026 wallet (minimum, once per key, arrival after the delay, refusal refunded),
// the ledger invariant and tenant isolation. The memory queue runs a job as soon as it is sent.

// The platform's delays, short: the review at once, a top-up after 300 ms (the default is 3 minutes).
process.env.HERALD_AD_REVIEW_DELAY_MS = '0';
process.env.HERALD_AD_RECHARGE_DELAY_MS = '300';

const ADS = 6026;
const UNIT = 10_000;
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await registerAdvertisingWorkers(server.deps);
}, 120_000);
afterAll(async () => server?.close());

async function tenant() {
  const account = await freshTenant(server);
  const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token: account.token });
  const fund = (units: number, key: string) =>
    server.deps.database.db.transaction((tx) =>
      credit(tx as unknown as Db, {
        userId: account.id,
        productType: ADS,
        amount: units,
        billType: 'recharge',
        uniqueKey: key,
      }),
    );
  return { ...account, call, fund };
}

/** The tenant's recharges once none is Pending any more (the arrival job has run). */
async function settledRecharges(t: Awaited<ReturnType<typeof tenant>>): Promise<AdRecharge[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Recharges } = (await t.call<{ Recharges: AdRecharge[] }>('ListAdRecharge')).Data;
    if (Recharges.every((r) => r.Status !== AD_RECHARGE_STATUS.Pending)) return Recharges;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the recharge never arrived');
}

const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

/** A valid value for every platform-specific field. */
const PLATFORM_VALUES: Record<string, string> = {
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
  TwitterLink: 'https://x.com/example',
  TwitterHandle: '@example',
  NewAccount: 'yes',
  PublicProfile: 'https://snapchat.com/add/example',
  CampaignLink: 'https://example.com/campaign',
  OperationType: 'agency',
  ReferenceNumber: 'REF-001',
  StartDate: '2026-12-01',
  TargetCountries: 'US, CA',
  AdTarget: 'installs',
  IdealPrice: '1.50',
  Budget: '5000',
};

function application(platformId: AdPlatformId, overrides: Record<string, unknown> = {}) {
  const own = Object.fromEntries(AD_OPENING_FIELDS_BY_PLATFORM[platformId].map((f) => [f, PLATFORM_VALUES[f]]));
  return {
    PlatformId: platformId,
    AccountName: 'Spring shop',
    CompanyName: 'Example Ltd',
    PromotionLink: 'https://shop.example.com',
    TimeZone: 'UTC+8',
    Quantity: 1,
    Currency: 'USD',
    RegisteredRegion: 'HK',
    LicenseNumber: 'BR-123456',
    Industry: 'ecommerce',
    SubIndustry: 'apparel',
    ...own,
    ...overrides,
  };
}

async function openAccount(t: Awaited<ReturnType<typeof tenant>>, platformId: AdPlatformId = 1, name = 'Spring shop') {
  const applied = await t.call<{ ApplicationId: string }>(
    'ApplyAdAccount',
    application(platformId, { AccountName: name }),
  );
  expect(applied.RetCode).toBe(0);
  const list = await t.call<{ Accounts: AdAccount[] }>('ListAdAccount', { PlatformId: platformId });
  return list.Data.Accounts.find((a) => a.Name === name)!;
}

describe('opening rules per platform', () => {
  const cases = AD_PLATFORMS.flatMap((platform) => [
    { platform, why: 'quantity 0', input: { Quantity: 0 }, field: 'Quantity', key: 'validation:adQuantityMin' },
    {
      platform,
      why: 'a promotion link without http(s)',
      input: { PromotionLink: 'shop.example.com' },
      field: 'PromotionLink',
      key: 'validation:adLinkScheme',
    },
    ...AD_OPENING_FIELDS_BY_PLATFORM[platform.id].map((field) => ({
      platform,
      why: `no ${field}`,
      input: { [field]: undefined },
      field,
      key: 'validation:required',
    })),
  ]);

  it.each(cases)(
    '$platform.name: $why is a field error and nothing is applied',
    async ({ platform, input, field, key }) => {
      const t = await tenant();
      const reply = await t.call('ApplyAdAccount', application(platform.id, input));
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect(fieldsOf(reply.Data)).toContainEqual({ Field: field, Key: key });
      expect((await t.call<{ Total: number }>('ListAdAccountApplication')).Data.Total).toBe(0);
    },
  );

  it('asks Twitter for the linked account when the account is not new', async () => {
    const t = await tenant();
    const reply = await t.call('ApplyAdAccount', application(4, { NewAccount: 'no' }));
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: 'LinkedAccount', Key: 'validation:required' });
  });

  it('refuses unknown fields and answers in Chinese', async () => {
    const t = await tenant();
    const reply = await server.api('ApplyAdAccount', { ...application(1), Extra: 1 }, { token: t.token, lang: 'zh' });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: 'Extra', Key: 'validation:unknownField' });
    expect(reply.Message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the sandbox review', () => {
  it.each(AD_PLATFORMS)('$name opens the accounts applied for, Empty', async (platform) => {
    const t = await tenant();
    await t.call('ApplyAdAccount', application(platform.id, { Quantity: 2 }));
    const apps = await t.call<{ Applications: AdApplication[] }>('ListAdAccountApplication');
    expect(apps.Data.Applications[0].Status).toBe(AD_OPENING_STATUS.Opened);
    const list = await t.call<{ Accounts: AdAccount[]; Total: number }>('ListAdAccount', { PlatformId: platform.id });
    expect(list.Data.Total).toBe(2);
    expect(list.Data.Accounts.every((a) => a.Status === AD_ACCOUNT_STATUS.Empty && a.TimeZone === 'UTC+8')).toBe(true);
  });

  it('refuses an account name containing "reject" with the platform reason', async () => {
    const t = await tenant();
    await t.call('ApplyAdAccount', application(3, { AccountName: 'Please reject me' }));
    const [app] = (await t.call<{ Applications: AdApplication[] }>('ListAdAccountApplication')).Data.Applications;
    expect(app.Status).toBe(AD_OPENING_STATUS.Failed);
    expect(app.Reason).toContain('refused');
    expect((await t.call<{ Total: number }>('ListAdAccount')).Data.Total).toBe(0);
  });
});

describe("the platform's own account statuses (spec 001 §4)", () => {
  it('stores what the sandbox reports; an account the platform does not serve takes no recharge', async () => {
    const t = await tenant();
    await t.fund(100 * UNIT, 'seed-platform-status');
    const normal = await openAccount(t, 3, 'Tok shop');
    const forbidden = await openAccount(t, 3, 'Tok forbidden shop');
    const snap = await openAccount(t, 5, 'Snap unavailable shop');
    const huawei = await openAccount(t, 8, 'Huawei shop');
    const facebook = await openAccount(t, 1, 'Meta shop');
    expect([normal, forbidden, snap, huawei, facebook].map((a) => a.PlatformStatus)).toEqual([1, 3, 2, 1, null]);
    // Herald's own status follows the money: both TikTok accounts are Empty
    expect(forbidden.Status).toBe(normal.Status);
    const refused = await t.call('RechargeAdAccount', {
      AccountId: forbidden.AccountId,
      Amount: 10 * UNIT,
      IdempotencyKey: 'rk-forbidden-01',
    });
    expect(refused.RetCode).toBe(RetCode.AdAccountPlatformBlocked);
    const operation = await t.call('ApplyAdOperation', {
      AccountId: snap.AccountId,
      Operation: 'CLEAR',
      IdempotencyKey: 'op-unavailable-01',
    });
    expect(operation.RetCode).toBe(RetCode.AdAccountPlatformBlocked);
    const ok = await t.call('RechargeAdAccount', {
      AccountId: normal.AccountId,
      Amount: 10 * UNIT,
      IdempotencyKey: 'rk-tok-normal-01',
    });
    expect(ok.RetCode).toBe(0);
  });
});

describe('recharge', () => {
  it('refuses 9.99 and accepts 10.00', async () => {
    const t = await tenant();
    await t.fund(100 * UNIT, 'seed-a');
    const account = await openAccount(t);
    const low = await t.call('RechargeAdAccount', {
      AccountId: account.AccountId,
      Amount: 99_900,
      IdempotencyKey: 'rk-low-0001',
    });
    expect(low.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(low.Data)).toContainEqual({ Field: 'Amount', Key: 'validation:adRechargeMinimum' });
    const ok = await t.call('RechargeAdAccount', {
      AccountId: account.AccountId,
      Amount: 10 * UNIT,
      IdempotencyKey: 'rk-ok-0001',
    });
    expect(ok.RetCode).toBe(0);
  });

  it('debits 6026 once per key; the balance arrives after the delay; the ledger stays whole', async () => {
    const t = await tenant();
    await t.fund(100 * UNIT, 'seed-b');
    const account = await openAccount(t);
    const input = { AccountId: account.AccountId, Amount: 30 * UNIT, IdempotencyKey: 'rk-once-0001' };
    // the same key twice at once (a double click, a retry racing its first answer): one recharge, no 5xx
    const [first, twin] = await Promise.all([
      t.call<AdRecharge>('RechargeAdAccount', input),
      t.call<AdRecharge>('RechargeAdAccount', input),
    ]);
    expect([first.RetCode, twin.RetCode]).toEqual([0, 0]);
    expect(twin.Data.RechargeId).toBe(first.Data.RechargeId);
    const again = await t.call<AdRecharge>('RechargeAdAccount', input);
    expect(again.Data.RechargeId).toBe(first.Data.RechargeId);
    expect(first.Data.Status).toBe(AD_RECHARGE_STATUS.Pending);
    const before = await t.call<AdOverview>('GetAdOverview');
    expect(before.Data).toMatchObject({
      WalletBalance: 70 * UNIT,
      ByCurrency: [{ Currency: 'USD', Balance: 0, Consumption: 0 }],
    });
    const [arrived] = await settledRecharges(t);
    expect(arrived.Status).toBe(AD_RECHARGE_STATUS.AgentSuccess);
    expect((await t.call<AdOverview>('GetAdOverview')).Data.ByCurrency).toEqual([
      { Currency: 'USD', Balance: 30 * UNIT, Consumption: 0 },
    ]);
    const [row] = await server.deps.database.db
      .select()
      .from(adAccounts)
      .where(eq(adAccounts.accountId, account.AccountId));
    expect(row.balance).toBe(30 * UNIT);
    // an account of another currency is counted beside, never added in
    await server.deps.database.db
      .update(adAccounts)
      .set({ currency: 'EUR', balance: 5 * UNIT })
      .where(eq(adAccounts.accountId, (await openAccount(t, 3, 'Euro shop')).AccountId));
    const both = (await t.call<AdOverview>('GetAdOverview')).Data;
    expect(both.ByCurrency).toEqual([
      { Currency: 'EUR', Balance: 5 * UNIT, Consumption: 0 },
      { Currency: 'USD', Balance: 30 * UNIT, Consumption: 0 },
    ]);
    expect(both.ByPlatform.find((p) => p.PlatformId === 3)?.ByCurrency).toEqual([
      { Currency: 'EUR', Balance: 5 * UNIT, Consumption: 0 },
    ]);
    expect(row.status).toBe(AD_ACCOUNT_STATUS.Normal);
    const sent = (server.deps.jobs as unknown as { sent: { queue: string; options: { startAfterMs?: number } }[] })
      .sent;
    expect(sent.filter((job) => job.queue === 'ad-recharge-arrive').map((job) => job.options.startAfterMs)).toContain(
      300,
    );
    await expectLedgerWhole(t.id);
  });

  it('refunds a top-up the platform refuses', async () => {
    const t = await tenant();
    await t.fund(50 * UNIT, 'seed-c');
    const account = await openAccount(t, 2, 'topup-fail shop');
    await t.call('RechargeAdAccount', {
      AccountId: account.AccountId,
      Amount: 20 * UNIT,
      IdempotencyKey: 'rk-fail-0001',
    });
    const [recharge] = await settledRecharges(t);
    expect(recharge.Status).toBe(AD_RECHARGE_STATUS.AgentFailed);
    expect((await t.call<{ WalletBalance: number }>('GetAdOverview')).Data.WalletBalance).toBe(50 * UNIT);
    await expectLedgerWhole(t.id);
  });

  it('refuses more than the ad wallet holds', async () => {
    const t = await tenant();
    const account = await openAccount(t);
    const reply = await t.call('RechargeAdAccount', {
      AccountId: account.AccountId,
      Amount: 10 * UNIT,
      IdempotencyKey: 'rk-poor-0001',
    });
    expect(reply.RetCode).toBe(RetCode.InsufficientBalance);
  });
});

describe('tenant isolation', () => {
  it('never lists, recharges or counts another tenant’s accounts', async () => {
    const owner = await tenant();
    const other = await tenant();
    await other.fund(100 * UNIT, 'seed-d');
    const account = await openAccount(owner);
    expect((await other.call<{ Total: number }>('ListAdAccount')).Data.Total).toBe(0);
    expect((await other.call<{ Total: number }>('ListAdAccountApplication')).Data.Total).toBe(0);
    expect((await other.call<{ Total: number }>('GetAdOverview')).Data.Total).toBe(0);
    const reply = await other.call('RechargeAdAccount', {
      AccountId: account.AccountId,
      Amount: 10 * UNIT,
      IdempotencyKey: 'rk-steal-001',
    });
    expect(reply.RetCode).toBe(RetCode.NotFound);
  });
});

async function expectLedgerWhole(userId: number) {
  const db = server.deps.database.db;
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, ADS)));
  expect(await ledgerSum(db, userId, ADS)).toBe(wallet.amount + wallet.amountFree);
}
