import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { fbAdObjects, files } from '../../db/schema';
import { isUniqueViolation } from '../../db/rows';
import { ApiError } from '../../errors';
import { enqueueAfterCommit, QUEUE } from '../../queue';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { FbAdFields, FbAdSetFields, FbCampaignFields, FbLevel } from '../../../src/gateway/contract/fb-ads';
import { FbMarketingRefused, type GraphEdge, type GraphObject } from '../../platforms/ads/fb-marketing';
import { fbAdReviewDelayMs } from '../../platforms/ads/fb-sandbox';
import type { AdWork } from '../work';
import { graphAdOf, graphAdSetOf, graphCampaignOf, graphStatusOf } from './graph';
import {
  checkNameFree,
  fbNameRefusal,
  follow,
  lifecycleOf,
  marketingOf,
  openedFbAccount,
  ownedObject,
  type AdAccountRow,
  type FbObjectRow,
} from './objects';

// Creating campaigns, ad sets and ads (docs/decisions.md "Facebook campaigns, ad sets and ads"). Every
// object of a request is checked first (fields by the contract, names free, media in the library); only
// then is each one stored and sent to the platform, parent first. A platform refusal removes what this
// request stored, so nothing half-made stays. A new child starts where its parents' pauses put it.

export interface FbCreateRequest {
  AccountId: string;
  Campaign?: FbCampaignFields;
  CampaignId?: string;
  AdSet?: FbAdSetFields;
  AdSetId?: string;
  /** none only for a copy's ad set without ads (a valid draft) or a copy's campaign */
  Ad?: FbAdFields;
  IdempotencyKey?: string;
  /** a copy starts PAUSED */
  paused?: boolean;
}

export interface FbCreated {
  CampaignId: string;
  AdSetId: string;
  AdId: string;
}

const EDGE: Record<FbLevel, GraphEdge> = { campaign: 'campaigns', adset: 'adsets', ad: 'ads' };

export async function mediaUrlOf(db: Db, userId: number, fileId: string): Promise<string> {
  if (!fileId) return '';
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.status, 'stored')));
  if (!file)
    throw new ApiError(
      RetCode.FbAdMediaMissing,
      {},
      { Fields: [{ Field: 'Ad.MediaFileId', Key: 'validation:fbMediaMissing' }] },
    );
  return `/api/files/${file.id}`;
}

async function replayOf(db: Db, userId: number, key: string | undefined): Promise<FbCreated | undefined> {
  if (!key) return undefined;
  const [top] = await db
    .select()
    .from(fbAdObjects)
    .where(and(eq(fbAdObjects.userId, userId), eq(fbAdObjects.requestKey, key)));
  if (!top) return undefined;
  // the ids of the first request's objects: the topmost and its first descendants
  const chain: FbObjectRow[] = [top];
  while (chain[chain.length - 1].level !== 'ad') {
    const [child] = await db
      .select()
      .from(fbAdObjects)
      .where(eq(fbAdObjects.parentId, chain[chain.length - 1].id))
      .orderBy(fbAdObjects.id)
      .limit(1);
    if (!child) break;
    chain.push(child);
  }
  const ancestors = await db
    .select()
    .from(fbAdObjects)
    .where(inArray(fbAdObjects.id, [top.parentId ?? -1, top.campaignId ?? -1]));
  const all = [...chain, ...ancestors];
  const idOf = (level: FbLevel) => all.find((r) => r.level === level)?.objectId ?? '';
  return { CampaignId: idOf('campaign'), AdSetId: idOf('adset'), AdId: idOf('ad') };
}

/** The status a new object starts in: its lifecycle's first, then its parents' pauses applied. */
function startStatus(
  level: FbLevel,
  campaign: FbObjectRow | undefined,
  adSet: FbObjectRow | undefined,
  paused: boolean,
) {
  let status = lifecycleOf(level).statuses[0];
  if (paused && level === 'campaign') status = follow(level, status, 'object.pause');
  if (level !== 'campaign' && campaign && campaign.status !== 'ACTIVE' && campaign.status !== 'IN_PROCESS')
    status = follow(level, status, 'campaign.pause');
  if (level === 'ad' && adSet && (adSet.status === 'PAUSED' || adSet.status === 'ARCHIVED'))
    status = follow(level, status, 'adset.pause');
  return status;
}

interface Insertion {
  level: FbLevel;
  fields: FbCampaignFields | FbAdSetFields | FbAdFields;
  field: string;
}

export async function createFbObjects(work: AdWork, userId: number, request: FbCreateRequest): Promise<FbCreated> {
  const { db } = work;
  const replay = await replayOf(db, userId, request.IdempotencyKey);
  if (replay) return replay;
  const account = await openedFbAccount(db, userId, request.AccountId);
  let campaign = request.CampaignId ? await ownedObject(db, account, 'campaign', request.CampaignId) : undefined;
  let adSet = request.AdSetId ? await ownedObject(db, account, 'adset', request.AdSetId) : undefined;
  if (adSet && !campaign)
    [campaign] = await db
      .select()
      .from(fbAdObjects)
      .where(eq(fbAdObjects.id, adSet.parentId ?? -1));
  const plan: Insertion[] = [];
  if (request.Campaign) plan.push({ level: 'campaign', fields: request.Campaign, field: 'Campaign.Name' });
  if (request.AdSet) plan.push({ level: 'adset', fields: request.AdSet, field: 'AdSet.Name' });
  if (request.Ad) plan.push({ level: 'ad', fields: request.Ad, field: 'Ad.Name' });
  for (const step of plan) await checkNameFree(db, account, step.level, step.fields.Name, step.field);
  const mediaUrl = request.Ad ? await mediaUrlOf(db, userId, request.Ad.MediaFileId) : '';

  const marketing = marketingOf(work);
  const made: FbObjectRow[] = [];
  try {
    for (const [index, step] of plan.entries()) {
      const status = startStatus(step.level, campaign, adSet, request.paused === true);
      const row = await insertObject(work, account, step, {
        status,
        parent: step.level === 'ad' ? adSet : step.level === 'adset' ? campaign : undefined,
        campaign,
        requestKey: index === 0 ? request.IdempotencyKey : undefined,
      });
      made.push(row);
      const graph: GraphObject =
        step.level === 'campaign'
          ? graphCampaignOf(step.fields as FbCampaignFields, graphStatusOf(status))
          : step.level === 'adset'
            ? graphAdSetOf(step.fields as FbAdSetFields, campaign!.objectId, account.timeZone, graphStatusOf(status))
            : graphAdOf(step.fields as FbAdFields, adSet!.objectId, 'ACTIVE', mediaUrl);
      const { id } = await marketing.create(account.accountId, EDGE[step.level], graph, row.id);
      const [sent] = await db
        .update(fbAdObjects)
        .set({ objectId: id, ...(step.level === 'campaign' ? { campaignId: row.id } : {}) })
        .where(eq(fbAdObjects.id, row.id))
        .returning();
      made[made.length - 1] = sent;
      if (step.level === 'campaign') campaign = sent;
      if (step.level === 'adset') adSet = sent;
    }
  } catch (error) {
    if (made.length)
      await db.delete(fbAdObjects).where(
        inArray(
          fbAdObjects.id,
          made.map((r) => r.id),
        ),
      );
    if (error instanceof FbMarketingRefused)
      throw new ApiError(RetCode.FbAdPlatformRefused, {}, { Reason: error.reason });
    throw error;
  }
  const ad = made.find((row) => row.level === 'ad');
  if (ad) await queueFbAdReview(work, ad.id);
  return { CampaignId: campaign!.objectId, AdSetId: adSet?.objectId ?? '', AdId: ad?.objectId ?? '' };
}

async function insertObject(
  work: AdWork,
  account: AdAccountRow,
  step: Insertion,
  at: { status: string; parent?: FbObjectRow; campaign?: FbObjectRow; requestKey?: string },
): Promise<FbObjectRow> {
  const name = step.fields.Name.trim();
  try {
    const [row] = await work.db
      .insert(fbAdObjects)
      .values({
        objectId: `pending-${crypto.randomUUID()}`,
        userId: account.userId,
        adAccountId: account.id,
        accountId: account.accountId,
        level: step.level,
        parentId: at.parent?.id ?? null,
        campaignId: at.campaign?.id ?? null,
        name,
        nameKey: name.toLowerCase(),
        status: at.status,
        fields: { ...step.fields, Name: name },
        requestKey: at.requestKey ?? null,
        createdAt: work.now,
        updatedAt: work.now,
      })
      .returning();
    return row;
  } catch (error) {
    // a twin request took the name between the check and the insert
    if (isUniqueViolation(error)) throw fbNameRefusal(step.field);
    throw error;
  }
}

/** The platform reviews an ad after the delay (fb-sandbox.ts); the job asks it then. */
export async function queueFbAdReview(work: Pick<AdWork, 'jobs'>, adRowId: number): Promise<void> {
  await enqueueAfterCommit(work, QUEUE.fbAdReview, { id: adRowId }, { startAfterMs: fbAdReviewDelayMs() });
}
