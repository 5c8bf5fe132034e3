import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/harness';
import { freshTenant } from '../../handlers/uploads/test-helpers';
import { putOnOwnPlan } from '../../testing/own-plan';
import { registerAdvertisingWorkers } from '../../jobs/advertising';
import { registerFbAdWorkers } from '../../jobs/fb-ads';
import { registerAdSpendWorkers } from '../../jobs/ad-spend';
import { QUEUE } from '../../queue';
import { useAiTextProvider } from '../../providers/ai';
import { sandboxAiProvider } from '../../providers/ai/sandbox';
import { adAccountDailyStats, adAccounts, adDailyStats, fbAdObjects } from '../../db/schema';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import {
  AD_ACCOUNT_STATUS,
  AD_OPENING_FIELDS_BY_PLATFORM,
  localDayOf,
} from '../../../src/gateway/contract/advertising';
import { FB_AD_DEFAULTS, FB_CAMPAIGN_DEFAULTS, fbAdSetDefaults } from '../../../src/gateway/contract/fb-ads';
import type { FbCampaignTree } from '../../../src/gateway/contract/actions/fb-ads';
import type { AdAccount } from '../../../src/gateway/contract/actions/advertising';
import { fbSandboxDayInsights } from '../../platforms/ads/fb-sandbox';
import { dailyCapOf } from './review';

// Facebook campaigns, ad sets and ads on the server (issue 17 item 6): the wizard's create, the rules'
// refusals with nothing sent, the sandbox review, parents' pauses, copy, download, daily figures, AI copy
// under the quota, and tenant isolation. The memory queue runs a job as soon as it is sent.

process.env.HERALD_AD_REVIEW_DELAY_MS = '0';
process.env.HERALD_FB_AD_REVIEW_DELAY_MS = '0';

let server: TestServer;
let timer: NodeJS.Timeout;
let spendTimer: NodeJS.Timeout;
beforeAll(async () => {
  server = await createTestServer();
  await registerAdvertisingWorkers(server.deps);
  timer = await registerFbAdWorkers(server.deps);
  spendTimer = await registerAdSpendWorkers(server.deps);
  useAiTextProvider(server.deps, sandboxAiProvider({ delayMs: 0, slowMs: 50 }));
}, 120_000);
afterAll(async () => {
  clearInterval(timer);
  clearInterval(spendTimer);
  await server?.close();
});

type Tenant = Awaited<ReturnType<typeof tenant>>;
async function tenant() {
  const account = await freshTenant(server);
  const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token: account.token });
  const facebook = {
    BmId: '1234567890',
    PixelId: '9876543210',
    UsLandingEcommerce: 'no',
  } as Record<string, string>;
  const own = Object.fromEntries(AD_OPENING_FIELDS_BY_PLATFORM[1].map((f) => [f, facebook[f]]));
  const applied = await call('ApplyAdAccount', {
    PlatformId: 1,
    AccountName: 'FB shop',
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
  let accountId = '';
  for (let i = 0; i < 100 && !accountId; i++) {
    const list = await call<{ Accounts: AdAccount[] }>('ListAdAccount', { PlatformId: 1 });
    accountId = list.Data.Accounts[0]?.AccountId ?? '';
    if (!accountId) await new Promise((r) => setTimeout(r, 30));
  }
  expect(accountId).not.toBe('');
  // as if 1,000.00 had arrived: an account without money does not deliver (spend is paid from the balance)
  await server.deps.database.db
    .update(adAccounts)
    .set({ balance: 1_000 * 10_000, status: AD_ACCOUNT_STATUS.Normal })
    .where(eq(adAccounts.accountId, accountId));
  return { ...account, call, accountId };
}

const today = () => localDayOf(new Date(), 'UTC+8');
function tree(name: string, change: { Campaign?: object; AdSet?: object; Ad?: object } = {}) {
  return {
    Campaign: { ...FB_CAMPAIGN_DEFAULTS, Name: name, ...change.Campaign },
    AdSet: { ...fbAdSetDefaults(today()), Name: `${name} set`, BidAmount: 150, DailyBudget: 2000, ...change.AdSet },
    Ad: {
      ...FB_AD_DEFAULTS,
      Name: `${name} ad`,
      PrimaryText: 'Spring shoes, 20% off',
      Headline: 'Spring sale',
      Link: 'https://shop.example.com/spring',
      ...change.Ad,
    },
  };
}

async function campaigns(t: Tenant): Promise<FbCampaignTree[]> {
  const list = await t.call<{ Campaigns: FbCampaignTree[] }>('ListFbCampaign', { AccountId: t.accountId });
  expect(list.RetCode).toBe(0);
  return list.Data.Campaigns;
}

async function settledAd(t: Tenant, adId: string) {
  for (let i = 0; i < 100; i++) {
    const got = await t.call<{ Object: { Status: string; ReviewReason: string } }>('GetFbObject', {
      AccountId: t.accountId,
      Level: 'ad',
      Id: adId,
    });
    if (!got.Data.Object.Status.startsWith('PENDING_REVIEW')) return got.Data.Object;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the ad was never reviewed');
}

/** The account's ad rows: the approval writes them just after the ad is ACTIVE, so this waits for them. */
async function adRowsOf(accountId: string) {
  let rows: (typeof adDailyStats.$inferSelect)[] = [];
  for (let i = 0; i < 100 && !rows.length; i++) {
    rows = await server.deps.database.db.select().from(adDailyStats).where(eq(adDailyStats.accountId, accountId));
    if (!rows.length) await new Promise((r) => setTimeout(r, 30));
  }
  return rows;
}

const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

let a: Tenant;
beforeAll(async () => {
  a = await tenant();
}, 60_000);

describe('creating a campaign, ad set and ad', () => {
  it('creates the three, and the sandbox approves the ad (ACTIVE) with figures for today', async () => {
    const made = await a.call<{ CampaignId: string; AdSetId: string; AdId: string }>('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Spring'),
    });
    expect(made.RetCode).toBe(0);
    expect(made.Data.CampaignId).toMatch(/^120\d{12}$/);
    expect(made.Data.AdId).toMatch(/^122\d{12}$/);
    expect((await settledAd(a, made.Data.AdId)).Status).toBe('ACTIVE');
    const [campaign] = (await campaigns(a)).filter((c) => c.Name === 'Spring');
    expect(campaign.Status).toBe('ACTIVE');
    expect(campaign.AdSets[0].Ads[0].Status).toBe('ACTIVE');
    const rows = await server.deps.database.db.select().from(adDailyStats).where(eq(adDailyStats.adId, made.Data.AdId));
    expect(rows).toHaveLength(1);
    const expected = fbSandboxDayInsights(made.Data.AdId, rows[0].day, dailyCapOf(tree('x').AdSet as never));
    expect(rows[0]).toMatchObject({
      accountId: a.accountId,
      platformId: 1,
      campaignId: made.Data.CampaignId,
      adsetId: made.Data.AdSetId,
      spend: expected.spend * 100,
      impressions: expected.impressions,
    });
    expect(campaign.Stats.Impressions).toBe(expected.impressions);
  });

  it("makes the account's daily row the sum of its ads' rows, paid from its balance once", async () => {
    const t = await tenant();
    const made = await t.call<{ AdId: string }>('CreateFbCampaign', { AccountId: t.accountId, ...tree('Roll-up') });
    expect((await settledAd(t, made.Data.AdId)).Status).toBe('ACTIVE');
    const adRows = await adRowsOf(t.accountId);
    const adSpend = adRows.reduce((sum, r) => sum + r.spend, 0);
    expect(adSpend).toBeGreaterThan(0);
    // the spend sweep (a pg-boss job on the worker's schedule) rolls them up and pays them; twice pays once
    await server.deps.jobs.send(QUEUE.adSpendSweep, {});
    await server.deps.jobs.send(QUEUE.adSpendSweep, {});
    const [account] = await server.deps.database.db
      .select()
      .from(adAccounts)
      .where(eq(adAccounts.accountId, t.accountId));
    expect(account.consumption).toBe(adSpend);
    expect(account.balance).toBe(1_000 * 10_000 - adSpend);
    const [day] = await server.deps.database.db
      .select()
      .from(adAccountDailyStats)
      .where(eq(adAccountDailyStats.adAccountId, account.id));
    expect(day).toMatchObject({ day: adRows[0].day, spend: adSpend, charged: adSpend, capped: false });
  });

  it("reports a UTC+8 account's today while UTC is still on the day before", async () => {
    const t = await tenant();
    // 20:00 UTC: the account (UTC+8) is already on the next day, and so are its ad's figures
    server.deps.clock.set(new Date(`${new Date().toISOString().slice(0, 10)}T20:00:00Z`));
    try {
      const localToday = localDayOf(server.deps.clock.now(), 'UTC+8');
      const made = await t.call<{ AdId: string }>('CreateFbCampaign', { AccountId: t.accountId, ...tree('Evening') });
      expect((await settledAd(t, made.Data.AdId)).Status).toBe('ACTIVE');
      const adRows = await adRowsOf(t.accountId);
      expect(adRows.map((row) => row.day)).toEqual([localToday]);
      await server.deps.jobs.send(QUEUE.adSpendSweep, {});
      const report = await t.call<{ To: string; Accounts: { AccountId: string; Spend: number }[] }>('GetAdDataReport', {
        Days: 7,
      });
      expect(report.Data.To).toBe(localToday);
      expect(report.Data.Accounts.find((row) => row.AccountId === t.accountId)?.Spend).toBe(adRows[0].spend);
    } finally {
      server.deps.clock.reset();
    }
  });

  it('answers a retried create (same IdempotencyKey) with the first objects', async () => {
    const input = { AccountId: a.accountId, ...tree('Retry'), IdempotencyKey: 'fb-retry-0001' };
    const first = await a.call('CreateFbCampaign', input);
    const second = await a.call('CreateFbCampaign', input);
    expect(second.RetCode).toBe(0);
    expect(second.Data).toEqual(first.Data);
  });

  it('disapproves an ad whose text asks for it, with a reason', async () => {
    const made = await a.call<{ AdId: string }>('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Refused text', { Ad: { PrimaryText: 'please disapprove me' } }),
    });
    const ad = await settledAd(a, made.Data.AdId);
    expect(ad.Status).toBe('DISAPPROVED');
    expect(ad.ReviewReason).toMatch(/disapprove/);
  });
});

describe('bad input: clear messages at the field, nothing sent to the platform', () => {
  const cases: [string, Parameters<typeof tree>[1], string, string][] = [
    ['a bid cap below zero', { AdSet: { BidAmount: -100 } }, 'AdSet.BidAmount', 'validation:fbAmountNegative'],
    [
      'a lifetime budget with no end date',
      { AdSet: { BudgetType: 'LIFETIME', DailyBudget: 0, LifetimeBudget: 50_000 } },
      'AdSet.EndDate',
      'validation:fbLifetimeNeedsEnd',
    ],
    ['a link without http(s)', { Ad: { Link: 'shop.example.com' } }, 'Ad.Link', 'validation:adLinkScheme'],
    ['an unknown call to action', { Ad: { CallToAction: 'CLICK' } }, 'Ad.CallToAction', 'validation:required'],
  ];
  it.each(cases)('%s', async (_why, change, field, key) => {
    const before = await server.deps.database.db.select().from(fbAdObjects);
    const reply = await a.call('CreateFbCampaign', { AccountId: a.accountId, ...tree('Bad', change) });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: field, Key: key });
    expect(await server.deps.database.db.select().from(fbAdObjects)).toHaveLength(before.length);
  });

  it('refuses a campaign whose name is taken in the account (any case), keeping nothing', async () => {
    const before = await server.deps.database.db.select().from(fbAdObjects);
    const reply = await a.call('CreateFbCampaign', { AccountId: a.accountId, ...tree(' spring ') });
    expect(reply.RetCode).toBe(RetCode.FbAdNameTaken);
    expect(fieldsOf(reply.Data)).toEqual([{ Field: 'Campaign.Name', Key: 'validation:fbNameTaken' }]);
    expect(await server.deps.database.db.select().from(fbAdObjects)).toHaveLength(before.length);
  });

  it('removes what it stored when the platform refuses', async () => {
    const before = await server.deps.database.db.select().from(fbAdObjects);
    const reply = await a.call('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Refused', { Ad: { Name: 'platform-refuse ad' } }),
    });
    expect(reply.RetCode).toBe(RetCode.FbAdPlatformRefused);
    expect(await server.deps.database.db.select().from(fbAdObjects)).toHaveLength(before.length);
  });
});

describe('status moves follow the lifecycles', () => {
  it("pausing a campaign pauses its ad set and ad; resuming brings them back; an ad can't resume while ACTIVE", async () => {
    const made = await a.call<{ CampaignId: string; AdSetId: string; AdId: string }>('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Pausable'),
    });
    await settledAd(a, made.Data.AdId);
    const move = (Level: string, Id: string, Move: string) =>
      a.call<{ Object: { Status: string } }>('SetFbObjectStatus', { AccountId: a.accountId, Level, Id, Move });
    expect((await move('ad', made.Data.AdId, 'resume')).RetCode).toBe(RetCode.IllegalTransition);
    expect((await move('campaign', made.Data.CampaignId, 'pause')).Data.Object.Status).toBe('PAUSED');
    let [c] = (await campaigns(a)).filter((x) => x.Id === made.Data.CampaignId);
    expect(c.AdSets[0].Status).toBe('CAMPAIGN_PAUSED');
    expect(c.AdSets[0].Ads[0].Status).toBe('CAMPAIGN_PAUSED');
    await move('campaign', made.Data.CampaignId, 'resume');
    [c] = (await campaigns(a)).filter((x) => x.Id === made.Data.CampaignId);
    expect([c.Status, c.AdSets[0].Status, c.AdSets[0].Ads[0].Status]).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect((await move('ad', made.Data.AdId, 'pause')).Data.Object.Status).toBe('PAUSED');
    expect((await move('campaign', made.Data.CampaignId, 'delete')).Data.Object.Status).toBe('DELETED');
    expect((await campaigns(a)).some((x) => x.Id === made.Data.CampaignId)).toBe(false);
  });

  it('an edited ad goes back to review; an edited ad set keeps its status', async () => {
    const made = await a.call<{ AdSetId: string; AdId: string }>('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Editable'),
    });
    await settledAd(a, made.Data.AdId);
    const edited = await a.call<{ Object: { Status: string } }>('UpdateFbAdSet', {
      AccountId: a.accountId,
      Id: made.Data.AdSetId,
      AdSet: tree('Editable').AdSet,
    });
    expect(edited.Data.Object.Status).toBe('ACTIVE');
    const ad = await a.call('UpdateFbAd', {
      AccountId: a.accountId,
      Id: made.Data.AdId,
      Ad: { ...tree('Editable').Ad, PrimaryText: 'now disapprove it' },
    });
    expect(ad.RetCode).toBe(0);
    expect((await settledAd(a, made.Data.AdId)).Status).toBe('DISAPPROVED');
  });
});

describe('campaign list actions', () => {
  it('copies an ad set without ads too (a valid draft), and every ad of the others', async () => {
    const made = await a.call<{ CampaignId: string; AdSetId: string; AdId: string }>('CreateFbCampaign', {
      AccountId: a.accountId,
      ...tree('Drafty'),
    });
    const second = await a.call<{ AdSetId: string; AdId: string }>('CreateFbAdSet', {
      AccountId: a.accountId,
      CampaignId: made.Data.CampaignId,
      AdSet: tree('Drafty 2').AdSet,
      Ad: tree('Drafty 2').Ad,
    });
    expect(second.RetCode).toBe(0);
    await a.call('CreateFbAd', { AccountId: a.accountId, AdSetId: made.Data.AdSetId, Ad: tree('Drafty 3').Ad });
    // the second ad set's only ad is deleted: the ad set is left without ads
    const gone = await a.call('SetFbObjectStatus', {
      AccountId: a.accountId,
      Level: 'ad',
      Id: second.Data.AdId,
      Move: 'delete',
    });
    expect(gone.RetCode).toBe(0);
    const copied = await a.call<{ Ids: string[] }>('CopyFbCampaign', {
      AccountId: a.accountId,
      Ids: [made.Data.CampaignId],
    });
    expect(copied.RetCode).toBe(0);
    const [copy] = (await campaigns(a)).filter((c) => c.Id === copied.Data.Ids[0]);
    expect(copy.Name).toBe('Drafty - Copy');
    expect(copy.AdSets.map((set) => [set.Name, set.Status, set.Ads.map((ad) => ad.Name).sort()])).toEqual([
      ['Drafty set - Copy', 'CAMPAIGN_PAUSED', ['Drafty 3 ad - Copy', 'Drafty ad - Copy']],
      ['Drafty 2 set - Copy', 'CAMPAIGN_PAUSED', []],
    ]);
  });

  it('copies a campaign (1) PAUSED under a new name, and downloads (3) the list as CSV', async () => {
    const [spring] = (await campaigns(a)).filter((c) => c.Name === 'Spring');
    const copied = await a.call<{ Ids: string[] }>('CopyFbCampaign', { AccountId: a.accountId, Ids: [spring.Id] });
    expect(copied.RetCode).toBe(0);
    const [copy] = (await campaigns(a)).filter((c) => c.Id === copied.Data.Ids[0]);
    expect(copy.Name).toBe('Spring - Copy');
    expect(copy.Status).toBe('PAUSED');
    expect(copy.AdSets[0].Status).toBe('CAMPAIGN_PAUSED');
    const file = await server.raw(JSON.stringify({ Action: 'DownloadFbCampaign', AccountId: a.accountId }), {
      authorization: `Bearer ${a.token}`,
    });
    expect(file.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = await file.text();
    expect(csv).toContain('Level,Id,ParentId,Name,Status');
    expect(csv).toContain('Spring - Copy');
  });
});

describe('AI ad copy', () => {
  it('writes primary text, headline and description under the AIGCRequestLimit quota', async () => {
    await putOnOwnPlan(server.deps, a.id, { key: 'fb-ai', modules: [], limits: { AIGCRequestLimit: 1 } });
    const input = { AccountId: a.accountId, Brief: 'Spring shoes for runners. Free shipping', Language: 'en' };
    const first = await a.call<{ PrimaryText: string; Headline: string; Usage: { Used: number } }>(
      'GenerateFbAdCopy',
      input,
    );
    expect(first.RetCode).toBe(0);
    expect(first.Data.PrimaryText).toContain('Spring shoes for runners');
    expect(first.Data.Headline).not.toBe('');
    expect(first.Data.Usage.Used).toBe(1);
    expect((await a.call('GenerateFbAdCopy', input)).RetCode).toBe(RetCode.AiQuotaUsedUp);
  });
});

describe('tenant isolation', () => {
  it("another account sees and moves nothing of this account's ads", async () => {
    const b = await tenant();
    const [spring] = (await campaigns(a)).filter((c) => c.Name === 'Spring');
    expect((await b.call('ListFbCampaign', { AccountId: a.accountId })).RetCode).toBe(RetCode.FbAdAccountNotOpened);
    expect(
      (await b.call('SetFbObjectStatus', { AccountId: a.accountId, Level: 'campaign', Id: spring.Id, Move: 'pause' }))
        .RetCode,
    ).toBe(RetCode.FbAdAccountNotOpened);
    // with its own account, the other tenant's ids are not found
    expect(
      (await b.call('SetFbObjectStatus', { AccountId: b.accountId, Level: 'campaign', Id: spring.Id, Move: 'pause' }))
        .RetCode,
    ).toBe(RetCode.NotFound);
    expect(await campaigns(b)).toEqual([]);
  });
});
