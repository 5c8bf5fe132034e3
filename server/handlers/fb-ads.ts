import type { HandlerMap, UserContext } from '../context';
import { BinaryReply } from '../binary-reply';
import { adPlatformDelays, sandboxAdPlatforms } from '../platforms/ads';
import type { AdWork } from '../ads/work';
import { createFbObjects } from '../ads/facebook/create';
import { setFbObjectStatus, updateFbObject } from '../ads/facebook/change';
import { copyFbCampaigns, fbCampaignsCsv, listFbCampaigns } from '../ads/facebook/list';
import { generateFbAdCopy } from '../ads/facebook/ad-copy';
import { objectData, objectIdsOf, openedFbAccount, ownedObject, statsByAd, NO_STATS } from '../ads/facebook/objects';
import type { FbObjectRow } from '../ads/facebook/objects';
import type { Db } from '../db/database';
import { inArray } from 'drizzle-orm';
import { fbAdObjects } from '../db/schema';

// Facebook campaigns, ad sets and ads (issue 17 item 6; docs/decisions.md "Facebook campaigns, ad sets and
// ads"): thin over server/ads/facebook/.

const work = (ctx: UserContext): AdWork => ({
  db: ctx.db,
  now: ctx.clock.now(),
  jobs: ctx.jobs,
  platforms: sandboxAdPlatforms,
  delays: adPlatformDelays(),
});

async function dataOf(db: Db, userId: number, row: FbObjectRow) {
  const parents = await objectIdsOf(db, [row.parentId]);
  const stats = row.level === 'ad' ? await statsByAd(db, userId, [row.objectId]) : new Map();
  return objectData(row, parents.get(row.parentId ?? -1) ?? '', stats.get(row.objectId) ?? NO_STATS);
}

/** The names of an object's campaign and ad set (for the editor's heading). */
async function ancestorNames(db: Db, row: FbObjectRow) {
  const ids = [row.campaignId, row.level === 'ad' ? row.parentId : null].filter((id): id is number => id !== null);
  const rows = ids.length ? await db.select().from(fbAdObjects).where(inArray(fbAdObjects.id, ids)) : [];
  const nameOf = (level: string) => rows.find((r) => r.level === level)?.name ?? '';
  return { CampaignName: nameOf('campaign'), AdSetName: nameOf('adset') };
}

export const fbAdHandlers: HandlerMap = {
  async ListFbCampaign(query, ctx) {
    return listFbCampaigns(work(ctx), ctx.user.id, query);
  },
  async GetFbObject(input, ctx) {
    const account = await openedFbAccount(ctx.db, ctx.user.id, input.AccountId);
    const row = await ownedObject(ctx.db, account, input.Level, input.Id);
    const ancestors = await ancestorNames(ctx.db, row);
    return { Object: await dataOf(ctx.db, ctx.user.id, row), ...ancestors };
  },
  async CreateFbCampaign(input, ctx) {
    return createFbObjects(work(ctx), ctx.user.id, input);
  },
  async CreateFbAdSet(input, ctx) {
    return createFbObjects(work(ctx), ctx.user.id, input);
  },
  async CreateFbAd(input, ctx) {
    return createFbObjects(work(ctx), ctx.user.id, input);
  },
  async UpdateFbCampaign(input, ctx) {
    const row = await updateFbObject(work(ctx), ctx.user.id, { ...input, level: 'campaign', fields: input.Campaign });
    return { Object: await dataOf(ctx.db, ctx.user.id, row) };
  },
  async UpdateFbAdSet(input, ctx) {
    const row = await updateFbObject(work(ctx), ctx.user.id, { ...input, level: 'adset', fields: input.AdSet });
    return { Object: await dataOf(ctx.db, ctx.user.id, row) };
  },
  async UpdateFbAd(input, ctx) {
    const row = await updateFbObject(work(ctx), ctx.user.id, { ...input, level: 'ad', fields: input.Ad });
    return { Object: await dataOf(ctx.db, ctx.user.id, row) };
  },
  async SetFbObjectStatus(input, ctx) {
    const row = await setFbObjectStatus(work(ctx), ctx.user.id, input);
    return { Object: await dataOf(ctx.db, ctx.user.id, row) };
  },
  async CopyFbCampaign(input, ctx) {
    return { Ids: await copyFbCampaigns(work(ctx), ctx.user.id, input) };
  },
  async DownloadFbCampaign(input, ctx) {
    const { fileName, csv } = await fbCampaignsCsv(work(ctx), ctx.user.id, input);
    return new BinaryReply(fileName, 'text/csv; charset=utf-8', csv);
  },
  async GenerateFbAdCopy(input, ctx) {
    return generateFbAdCopy(ctx, input);
  },
};
