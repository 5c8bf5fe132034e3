import { and, count, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { fbAdObjects } from '../../db/schema';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { amountOfCents, type FbAdSetFields, type FbCampaignFields } from '../../../src/gateway/contract/fb-ads';
import type { FbCampaignTree } from '../../../src/gateway/contract/actions/fb-ads';
import type { AdWork } from '../work';
import { createFbObjects } from './create';
import {
  NO_STATS,
  addStats,
  objectData,
  openedFbAccount,
  ownedObject,
  statsByAd,
  type AdAccountRow,
  type FbObjectRow,
} from './objects';

// The ad-list page's data (docs/decisions.md "Facebook campaigns, ad sets and ads"): an account's
// campaigns, newest first, each with its ad sets and ads and their totals; the campaign list actions
// copy (1) and download (3).

const live = (account: AdAccountRow) =>
  and(
    eq(fbAdObjects.adAccountId, account.id),
    eq(fbAdObjects.userId, account.userId),
    ne(fbAdObjects.status, 'DELETED'),
  );

async function treesOf(db: Db, account: AdAccountRow, campaigns: FbObjectRow[]): Promise<FbCampaignTree[]> {
  const ids = campaigns.map((c) => c.id);
  const children = ids.length
    ? await db
        .select()
        .from(fbAdObjects)
        .where(and(live(account), inArray(fbAdObjects.campaignId, ids), ne(fbAdObjects.level, 'campaign')))
        .orderBy(fbAdObjects.id)
    : [];
  const ads = children.filter((c) => c.level === 'ad');
  const stats = await statsByAd(
    db,
    account.userId,
    ads.map((a) => a.objectId),
  );
  return campaigns.map((campaign) => {
    const adSets = children
      .filter((c) => c.level === 'adset' && c.parentId === campaign.id)
      .map((set) => {
        const setAds = ads
          .filter((a) => a.parentId === set.id)
          .map((a) => objectData(a, set.objectId, stats.get(a.objectId) ?? NO_STATS));
        const total = setAds.reduce((sum, a) => addStats(sum, a.Stats), NO_STATS);
        return { ...objectData(set, campaign.objectId, total), Ads: setAds };
      });
    const total = adSets.reduce((sum, s) => addStats(sum, s.Stats), NO_STATS);
    return { ...objectData(campaign, '', total), AdSets: adSets };
  });
}

export async function listFbCampaigns(
  work: AdWork,
  userId: number,
  query: { AccountId: string; Page: number; NumPerPage: number; Keyword?: string },
) {
  const { db } = work;
  const account = await openedFbAccount(db, userId, query.AccountId);
  const keyword = query.Keyword ? `%${query.Keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    live(account),
    eq(fbAdObjects.level, 'campaign'),
    keyword ? ilike(fbAdObjects.name, keyword) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(fbAdObjects).where(where);
  const campaigns = await db
    .select()
    .from(fbAdObjects)
    .where(where)
    .orderBy(desc(fbAdObjects.createdAt), desc(fbAdObjects.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return {
    Total: total,
    Currency: account.currency,
    TimeZone: account.timeZone,
    Campaigns: await treesOf(db, account, campaigns),
  };
}

/** A free name for a copy: "Name - Copy", then "Name - Copy 2", … */
async function copyName(db: Db, account: AdAccountRow, level: string, name: string): Promise<string> {
  const rows = await db
    .select({ key: fbAdObjects.nameKey })
    .from(fbAdObjects)
    .where(
      and(
        live(account),
        eq(fbAdObjects.level, level),
        ilike(fbAdObjects.nameKey, `${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ),
    );
  const taken = new Set(rows.map((r) => r.key));
  for (let n = 1; ; n++) {
    const candidate = `${name} - Copy${n === 1 ? '' : ` ${n}`}`.slice(0, 100);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Copies each campaign with all its ad sets (an ad set without ads too: a valid draft) and ads; the copies
 * start PAUSED (children in the campaign-paused form) and their ads go to review.
 */
export async function copyFbCampaigns(work: AdWork, userId: number, input: { AccountId: string; Ids: string[] }) {
  const { db } = work;
  const account = await openedFbAccount(db, userId, input.AccountId);
  const copies: string[] = [];
  for (const id of [...new Set(input.Ids)]) {
    const campaign = await ownedObject(db, account, 'campaign', id);
    const [tree] = await treesOf(db, account, [campaign]);
    const made = await createFbObjects(work, userId, {
      AccountId: input.AccountId,
      Campaign: {
        ...(campaign.fields as unknown as FbCampaignFields),
        Name: await copyName(db, account, 'campaign', campaign.name),
      },
      paused: true,
    });
    copies.push(made.CampaignId);
    for (const set of tree.AdSets) {
      const adFieldsOf = async (ad: (typeof set.Ads)[number]) => ({
        ...(ad.Fields as never as NonNullable<Parameters<typeof createFbObjects>[2]['Ad']>),
        Name: await copyName(db, account, 'ad', ad.Name),
      });
      const [first, ...rest] = set.Ads;
      const madeSet = await createFbObjects(work, userId, {
        AccountId: input.AccountId,
        CampaignId: made.CampaignId,
        AdSet: { ...(set.Fields as unknown as FbAdSetFields), Name: await copyName(db, account, 'adset', set.Name) },
        ...(first ? { Ad: await adFieldsOf(first) } : {}),
      });
      for (const ad of rest)
        await createFbObjects(work, userId, {
          AccountId: input.AccountId,
          AdSetId: madeSet.AdSetId,
          Ad: await adFieldsOf(ad),
        });
    }
  }
  return copies;
}

const CSV_HEADER = [
  'Level',
  'Id',
  'ParentId',
  'Name',
  'Status',
  'Objective',
  'BuyingType',
  'SpendCap',
  'BidStrategy',
  'BidAmount',
  'DailyBudget',
  'LifetimeBudget',
  'StartDate',
  'EndDate',
  'Locations',
  'CallToAction',
  'Link',
  'Spend',
  'Impressions',
  'Clicks',
  'Conversions',
];

/** The account's campaigns (all, or those named), their ad sets and ads, one line each. */
export async function fbCampaignsCsv(work: AdWork, userId: number, input: { AccountId: string; Ids?: string[] }) {
  const { db } = work;
  const account = await openedFbAccount(db, userId, input.AccountId);
  const campaigns = await db
    .select()
    .from(fbAdObjects)
    .where(
      and(
        live(account),
        eq(fbAdObjects.level, 'campaign'),
        input.Ids?.length ? inArray(fbAdObjects.objectId, input.Ids) : undefined,
      ),
    )
    .orderBy(desc(fbAdObjects.createdAt), desc(fbAdObjects.id))
    .limit(1000);
  const trees = await treesOf(db, account, campaigns);
  const money = (value: unknown) => (typeof value === 'number' && value > 0 ? amountOfCents(value) : '');
  const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : '');
  const line = (
    o: FbCampaignTree | FbCampaignTree['AdSets'][number] | FbCampaignTree['AdSets'][number]['Ads'][number],
  ) => {
    const f = o.Fields;
    return csvLine([
      o.Level,
      o.Id,
      o.ParentId,
      o.Name,
      o.Status,
      text(f.Objective),
      text(f.BuyingType),
      money(f.SpendCap),
      text(f.BidStrategy),
      money(f.BidAmount),
      money(f.DailyBudget),
      money(f.LifetimeBudget),
      text(f.StartDate),
      text(f.EndDate),
      text(f.Locations),
      text(f.CallToAction),
      text(f.Link),
      (o.Stats.Spend / 10_000).toFixed(2),
      o.Stats.Impressions,
      o.Stats.Clicks,
      o.Stats.Conversions,
    ]);
  };
  let csv = CSV_BOM + csvLine(CSV_HEADER);
  for (const campaign of trees) {
    csv += line(campaign);
    for (const set of campaign.AdSets) {
      csv += line(set);
      for (const ad of set.Ads) csv += line(ad);
    }
  }
  return { fileName: `facebook-campaigns-${account.accountId}.csv`, csv };
}
