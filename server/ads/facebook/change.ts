import { and, eq, inArray, ne } from 'drizzle-orm';
import { fbAdObjects } from '../../db/schema';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import type { FbAdFields, FbAdSetFields, FbCampaignFields, FbLevel } from '../../../src/gateway/contract/fb-ads';
import { FbMarketingRefused } from '../../platforms/ads/fb-marketing';
import type { AdWork } from '../work';
import { graphAdOf, graphAdSetOf, graphCampaignOf, graphStatusOf } from './graph';
import { mediaUrlOf, queueFbAdReview } from './create';
import {
  checkNameFree,
  follow,
  lifecycleOf,
  marketingOf,
  nextStatus,
  openedFbAccount,
  ownedObject,
  type FbObjectRow,
} from './objects';
import { accrueFbAdStats } from './review';

// Editing and moving campaigns, ad sets and ads (docs/decisions.md "Facebook campaigns, ad sets and ads").
// An edit is the lifecycle's `object.edit`: a campaign or ad set is IN_PROCESS until the platform has
// applied it (the sandbox applies it at once), an ad goes back to review. Pausing or resuming a campaign
// or ad set moves its children as their lifecycles allow (CAMPAIGN_PAUSED, ADSET_PAUSED, …); deleting it
// deletes them.

type LevelFields = { campaign: FbCampaignFields; adset: FbAdSetFields; ad: FbAdFields };
const FIELD_PREFIX: Record<FbLevel, string> = { campaign: 'Campaign', adset: 'AdSet', ad: 'Ad' };

async function refused<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FbMarketingRefused)
      throw new ApiError(RetCode.FbAdPlatformRefused, {}, { Reason: error.reason });
    throw error;
  }
}

export async function updateFbObject<L extends FbLevel>(
  work: AdWork,
  userId: number,
  input: { AccountId: string; Id: string; level: L; fields: LevelFields[L] },
): Promise<FbObjectRow> {
  const { db } = work;
  const account = await openedFbAccount(db, userId, input.AccountId);
  const row = await ownedObject(db, account, input.level, input.Id);
  const edited = nextStatus(input.level, row.status, 'object.edit');
  await checkNameFree(db, account, input.level, input.fields.Name, `${FIELD_PREFIX[input.level]}.Name`, row.id);
  const marketing = marketingOf(work);
  const [parent] = await db
    .select()
    .from(fbAdObjects)
    .where(eq(fbAdObjects.id, row.parentId ?? -1));
  if (input.level === 'ad') {
    const fields = input.fields as FbAdFields;
    const mediaUrl = await mediaUrlOf(db, userId, fields.MediaFileId);
    await refused(() => marketing.update(row.objectId, graphAdOf(fields, parent?.objectId ?? '', 'ACTIVE', mediaUrl)));
  } else if (input.level === 'adset') {
    const fields = input.fields as FbAdSetFields;
    await refused(() =>
      marketing.update(
        row.objectId,
        graphAdSetOf(fields, parent?.objectId ?? '', account.timeZone, graphStatusOf(row.status)),
      ),
    );
  } else {
    await refused(() =>
      marketing.update(row.objectId, graphCampaignOf(input.fields as FbCampaignFields, graphStatusOf(row.status))),
    );
  }
  // the platform answered: a campaign's or ad set's change is applied (IN_PROCESS → ACTIVE)
  const status = input.level === 'ad' ? edited : follow(input.level, edited, 'platform.applied');
  const name = input.fields.Name.trim();
  const [updated] = await db
    .update(fbAdObjects)
    .set({
      name,
      nameKey: name.toLowerCase(),
      fields: { ...input.fields, Name: name },
      status,
      reviewReason: '',
      updatedAt: work.now,
    })
    .where(and(eq(fbAdObjects.id, row.id), eq(fbAdObjects.status, row.status)))
    .returning();
  if (!updated) throw new ApiError(RetCode.IllegalTransition);
  if (input.level === 'ad') await queueFbAdReview(work, updated.id);
  return updated;
}

const ACTION_EVENT = {
  pause: 'object.pause',
  resume: 'object.resume',
  archive: 'object.archive',
  delete: 'object.delete',
} as const;
export type FbStatusAction = keyof typeof ACTION_EVENT;

/** The events a change of a parent sends its children: [ad set event, ad event]. */
function childEvents(level: FbLevel, action: FbStatusAction): [string, string] | null {
  if (action === 'delete') return ['object.delete', 'object.delete'];
  if (level === 'campaign' && action === 'pause') return ['campaign.pause', 'campaign.pause'];
  if (level === 'campaign' && action === 'resume') return ['campaign.resume', 'campaign.resume'];
  if (level === 'adset' && action === 'pause') return ['', 'adset.pause'];
  if (level === 'adset' && action === 'resume') return ['', 'adset.resume'];
  return null;
}

async function moveRow(work: AdWork, row: FbObjectRow, status: string) {
  if (status === row.status) return;
  await work.db
    .update(fbAdObjects)
    .set({
      status,
      updatedAt: work.now,
      ...(status === 'ACTIVE' && row.level === 'ad' ? { activatedAt: work.now } : {}),
    })
    .where(and(eq(fbAdObjects.id, row.id), eq(fbAdObjects.status, row.status)));
}

export async function setFbObjectStatus(
  work: AdWork,
  userId: number,
  input: { AccountId: string; Level: FbLevel; Id: string; Move: FbStatusAction },
): Promise<FbObjectRow> {
  const { db } = work;
  const account = await openedFbAccount(db, userId, input.AccountId);
  const row = await ownedObject(db, account, input.Level, input.Id);
  let status = nextStatus(input.Level, row.status, ACTION_EVENT[input.Move]);
  // resumed under a paused parent, it waits for the parent
  if (input.Move === 'resume' && input.Level !== 'campaign') {
    const parents = await db
      .select()
      .from(fbAdObjects)
      .where(inArray(fbAdObjects.id, [row.parentId ?? -1, row.campaignId ?? -1]));
    for (const parent of parents) {
      if (parent.status !== 'PAUSED') continue;
      status = follow(input.Level, status, parent.level === 'campaign' ? 'campaign.pause' : 'adset.pause');
    }
  }
  const marketing = marketingOf(work);
  await refused(() =>
    input.Move === 'delete' ? marketing.remove(row.objectId) : marketing.setStatus(row.objectId, graphStatusOf(status)),
  );
  await moveRow(work, row, status);
  const events = childEvents(input.Level, input.Move);
  if (events) {
    const children = await db
      .select()
      .from(fbAdObjects)
      .where(
        and(
          input.Level === 'campaign' ? eq(fbAdObjects.campaignId, row.id) : eq(fbAdObjects.parentId, row.id),
          ne(fbAdObjects.id, row.id),
          ne(fbAdObjects.status, 'DELETED'),
        ),
      );
    const [adSetEvent, adEvent] = events;
    const activated: number[] = [];
    for (const child of children) {
      const event = child.level === 'adset' ? adSetEvent : adEvent;
      if (!event) continue;
      const moved = follow(child.level as FbLevel, child.status, event);
      await moveRow(work, child, moved);
      if (moved === 'ACTIVE' && child.level === 'ad' && child.status !== 'ACTIVE') activated.push(child.id);
    }
    if (activated.length) await accrueFbAdStats(work, activated);
  }
  if (status === 'ACTIVE' && row.level === 'ad' && row.status !== 'ACTIVE') await accrueFbAdStats(work, [row.id]);
  const [after] = await db.select().from(fbAdObjects).where(eq(fbAdObjects.id, row.id));
  return after;
}

/** Lifecycle helper for the console's row actions (the same rule the server applies). */
export const canAct = (level: FbLevel, status: string, action: FbStatusAction) =>
  lifecycleOf(level).can(status, ACTION_EVENT[action]);
