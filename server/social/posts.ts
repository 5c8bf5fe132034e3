import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { files, socialPosts, socialPostTargets, socialProfiles } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { enqueueAfterCommit, QUEUE, type JobQueue } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_POST_STATUS } from '../../src/gateway/contract/statuses';
import type { SocialPost, SocialSaveMode } from '../../src/gateway/contract/actions/social';
import { SOCIAL_PROFILE_STATUS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import {
  emptyTikTokOptions,
  mediaKindOf,
  postProblemsForProfiles,
  type PostMedia,
  type TikTokOptions,
} from '../../src/gateway/contract/social/post-rules';
import { socialPostLifecycle, type SocialPostEvent } from '../../src/machines/lifecycles/social-post.machine';
import { profileCount, profileLimit, requireSocialModule } from './profiles';

// Social posts (docs/decisions.md "Social profiles and posts"): a row per post and one per chosen
// profile with that profile's result. Status changes ask the shared lifecycle
// (src/machines/lifecycles/social-post.machine.ts); the rules are the contract's post-rules.ts.

export type PostRow = typeof socialPosts.$inferSelect;
type FileRow = typeof files.$inferSelect;

export interface SavePostInput {
  PostId?: string;
  ProfileIds: string[];
  Text: string;
  MediaFileIds: string[];
  YouTubeTitle: string;
  TikTok?: {
    Title: string;
    PrivacyLevel: TikTokOptions['privacyLevel'];
    AllowDuet: boolean;
    AllowStitch: boolean;
    AllowComment: boolean;
    BrandedContent: boolean | null;
  };
  Mode: SocialSaveMode;
  SendTime?: number;
}

export interface PostWork {
  db: Db;
  now: Date;
  jobs: JobQueue;
}

const EVENT_OF_MODE: Record<SocialSaveMode, SocialPostEvent['type']> = {
  draft: 'post.saveDraft',
  schedule: 'post.schedule',
  publish: 'post.publish',
};

export function nextPostStatus(status: number, event: SocialPostEvent['type']): number {
  const next = socialPostLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export async function ownedPost(db: Db, userId: number, postId: string): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.postId, postId), eq(socialPosts.userId, userId)));
  if (!row) throw notFound();
  return row;
}

const tikTokOf = (input: SavePostInput['TikTok']): TikTokOptions =>
  input
    ? {
        title: input.Title,
        privacyLevel: input.PrivacyLevel,
        allowDuet: input.AllowDuet,
        allowStitch: input.AllowStitch,
        allowComment: input.AllowComment,
        brandedContent: input.BrandedContent,
      }
    : emptyTikTokOptions();

async function chosenMedia(
  db: Db,
  userId: number,
  fileIds: string[],
): Promise<{ rows: FileRow[]; media: PostMedia[] }> {
  const rows = fileIds.length
    ? await db
        .select()
        .from(files)
        .where(and(inArray(files.id, fileIds), eq(files.userId, userId), eq(files.status, 'stored')))
    : [];
  const media = fileIds.map((fileId, index) => {
    const row = rows.find((r) => r.id === fileId);
    const kind = row ? mediaKindOf(row.contentType) : null;
    if (!row || !kind)
      throw new ApiError(
        RetCode.SocialMediaInvalid,
        {},
        { Fields: [{ Field: `MediaFileIds.${index}`, Key: 'validation:invalid' }] },
      );
    return { kind, size: row.size ?? 0 };
  });
  return { rows, media };
}

/** Saves a draft, schedules or publishes; nothing is stored when a profile, a file or a rule refuses. */
/** The post checked and written, nothing queued: `work.db` may be a transaction that has not committed. */
export async function storePost(work: PostWork, userId: number, input: SavePostInput): Promise<PostRow> {
  const plan = await requireSocialModule(work.db, userId, work.now);
  const existing = input.PostId ? await ownedPost(work.db, userId, input.PostId) : undefined;
  const status = nextPostStatus(existing?.status ?? SOCIAL_POST_STATUS.Draft, EVENT_OF_MODE[input.Mode]);
  const profileIds = [...new Set(input.ProfileIds)];
  const profiles = await work.db
    .select()
    .from(socialProfiles)
    .where(and(inArray(socialProfiles.profileId, profileIds), eq(socialProfiles.userId, userId)));
  profileIds.forEach((profileId, index) => {
    const profile = profiles.find((p) => p.profileId === profileId);
    const usable = profile && (input.Mode === 'draft' || profile.status === SOCIAL_PROFILE_STATUS.Connected);
    if (!usable)
      throw new ApiError(
        RetCode.SocialProfileInvalid,
        {},
        { Fields: [{ Field: `ProfileIds.${index}`, Key: 'validation:invalid' }] },
      );
  });
  const { media } = await chosenMedia(work.db, userId, input.MediaFileIds);
  const tikTok = tikTokOf(input.TikTok);
  let sendTime: Date | null = input.SendTime ? new Date(input.SendTime * 1000) : null;
  if (input.Mode !== 'draft') {
    const limit = profileLimit(plan);
    if (limit !== null && (await profileCount(work.db, userId)) > limit)
      throw new ApiError(RetCode.SocialProfilesOutOfQuota, { limit });
    const problems = postProblemsForProfiles(
      profileIds.map((profileId) => ({
        profileId,
        platform: profiles.find((p) => p.profileId === profileId)!.platformType as SocialPlatformType,
      })),
      { text: input.Text, media, youTubeTitle: input.YouTubeTitle, tikTok },
    );
    if (problems.length)
      throw new ApiError(
        RetCode.SocialPostRuleBroken,
        {},
        {
          Fields: problems.map((p) => ({ Field: p.field, Key: p.key, ProfileId: p.profileId, Limit: p.limit ?? null })),
        },
      );
    if (input.Mode === 'schedule' && (!sendTime || sendTime.getTime() <= work.now.getTime()))
      throw fieldError('SendTime', 'validation:socialSendTimePast');
    if (input.Mode === 'publish') sendTime = work.now;
  }
  const values = {
    status,
    text: input.Text,
    mediaFileIds: input.MediaFileIds,
    youTubeTitle: input.YouTubeTitle,
    tikTok,
    sendTime,
    updatedAt: work.now,
  };
  const row = await work.db.transaction(async (tx) => {
    const [saved] = existing
      ? await tx
          .update(socialPosts)
          .set(values)
          .where(and(eq(socialPosts.id, existing.id), eq(socialPosts.status, existing.status)))
          .returning()
      : await tx
          .insert(socialPosts)
          .values({ postId: newPublicId('PS'), userId, createdAt: work.now, ...values })
          .returning();
    // Changed by another request (the publish job started it) since it was read.
    if (!saved) throw new ApiError(RetCode.IllegalTransition);
    // A profile that already has the post keeps its result: publishing again never posts twice.
    const published = await tx
      .select({ profileId: socialPostTargets.profileId })
      .from(socialPostTargets)
      .where(and(eq(socialPostTargets.postId, saved.id), eq(socialPostTargets.result, 'published')));
    const kept = new Set(published.map((p) => p.profileId));
    const where: SQL[] = [eq(socialPostTargets.postId, saved.id)];
    if (kept.size) where.push(inArray(socialPostTargets.result, ['pending', 'publishing', 'failed']));
    await tx.delete(socialPostTargets).where(and(...where));
    const fresh = profiles.filter((p) => !kept.has(p.profileId));
    if (fresh.length)
      await tx
        .insert(socialPostTargets)
        .values(
          fresh.map((p) => ({ postId: saved.id, profileId: p.profileId, platformType: p.platformType, name: p.name })),
        );
    return saved;
  });
  return row;
}

/** A scheduled or published post's publish job, once its row has committed. */
export async function queueSavedPost(work: PostWork, row: PostRow, mode: SavePostInput['Mode']): Promise<void> {
  if (mode !== 'draft') await queuePublish(work, row.id, row.sendTime ?? work.now);
}

export const queuePublish = (deps: { jobs: JobQueue }, id: number, at: Date) =>
  enqueueAfterCommit(deps, QUEUE.socialPublish, { id }, { startAfter: at });

/** Cancels a scheduled post of the caller's; any other status is IllegalTransition. */
export async function cancelPost(db: Db, userId: number, postId: string, now: Date): Promise<PostRow> {
  const row = await ownedPost(db, userId, postId);
  const [canceled] = await db
    .update(socialPosts)
    .set({ status: nextPostStatus(row.status, 'post.cancel'), updatedAt: now })
    .where(
      and(eq(socialPosts.id, row.id), inArray(socialPosts.status, socialPostLifecycle.statusesAllowing('post.cancel'))),
    )
    .returning();
  if (!canceled) throw new ApiError(RetCode.IllegalTransition);
  return canceled;
}

export async function postData(db: Db, rows: PostRow[]): Promise<SocialPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const targets = await db
    .select()
    .from(socialPostTargets)
    .where(inArray(socialPostTargets.postId, ids))
    .orderBy(socialPostTargets.name);
  const fileIds = [...new Set(rows.flatMap((r) => r.mediaFileIds))];
  const media = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  return rows.map((row) => {
    const t = { ...emptyTikTokOptions(), ...row.tikTok };
    return {
      PostId: row.postId,
      Text: row.text,
      Media: row.mediaFileIds.map((fileId) => {
        const file = media.find((f) => f.id === fileId);
        return { FileId: fileId, Name: file?.name ?? '', ContentType: file?.contentType ?? '', Size: file?.size ?? 0 };
      }),
      YouTubeTitle: row.youTubeTitle,
      TikTok: {
        Title: t.title ?? '',
        PrivacyLevel: t.privacyLevel ?? '',
        AllowDuet: Boolean(t.allowDuet),
        AllowStitch: Boolean(t.allowStitch),
        AllowComment: Boolean(t.allowComment),
        BrandedContent: t.brandedContent ?? null,
      },
      Status: row.status,
      SendTime: unix(row.sendTime),
      Targets: targets
        .filter((target) => target.postId === row.id)
        .map((target) => ({
          ProfileId: target.profileId,
          PlatformType: target.platformType,
          Name: target.name,
          Result: target.result,
          PlatformPostId: target.platformPostId,
          Reason: target.reason,
        })),
      CreateTime: unix(row.createdAt),
      UpdateTime: unix(row.updatedAt),
    };
  });
}

export async function listPosts(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Status?: number[] },
): Promise<{ total: number; rows: PostRow[] }> {
  const conditions: SQL[] = [eq(socialPosts.userId, userId)];
  if (query.Status?.length) conditions.push(inArray(socialPosts.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(socialPosts).where(where);
  const rows = await db
    .select()
    .from(socialPosts)
    .where(where)
    .orderBy(desc(socialPosts.createdAt), desc(socialPosts.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}
