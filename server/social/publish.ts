import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { files, socialPosts, socialPostTargets, socialProfiles } from '../db/schema';
import { PlatformError, type SocialPlatforms } from '../platforms';
import type { JobQueue } from '../queue';
import { SOCIAL_POST_STATUS } from '../../src/gateway/contract/statuses';
import { SOCIAL_PROFILE_STATUS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import { mediaKindOf } from '../../src/gateway/contract/social/post-rules';
import { socialPostLifecycle, type SocialPostEvent } from '../../src/machines/lifecycles/social-post.machine';
import { markProfileError } from './profiles';
import { queuePublish } from './posts';

// The publish job of a post (docs/decisions.md "Social profiles and posts"): a scheduled post is started
// at its time (Scheduled -> Submitted), then each profile is published once. A profile is claimed
// (pending -> publishing) before the platform is called, and the call carries the idempotency key
// "<postId>:<profileId>", so a job that runs again (pg-boss is at-least-once, a crash mid-call) retries a
// claimed profile with the same key and the platform keeps the post once. Rate limits and an
// unavailable platform put the profile back to pending and the job retries; any other refusal is stored
// as the profile's reason. Success when every profile has the post, Failed otherwise.

export interface PublishWork {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  platforms: SocialPlatforms;
  /** An absolute address the platform fetches a stored file from. */
  mediaUrlOf: (fileId: string) => Promise<string>;
}

async function move(db: Db, id: number, from: number, event: SocialPostEvent['type'], now: Date): Promise<boolean> {
  const next = socialPostLifecycle.next(from, event);
  if (!next) return false;
  const moved = await db
    .update(socialPosts)
    .set({ status: next.status, updatedAt: now })
    .where(and(eq(socialPosts.id, id), eq(socialPosts.status, from)))
    .returning({ id: socialPosts.id });
  return moved.length === 1;
}

export async function publishPost(work: PublishWork, id: number): Promise<void> {
  const { db } = work;
  const [post] = await db.select().from(socialPosts).where(eq(socialPosts.id, id));
  if (!post) return;
  if (post.status === SOCIAL_POST_STATUS.Scheduled) {
    // Rescheduled, or an early run: the row decides, not the job.
    if (post.sendTime && post.sendTime.getTime() > work.clock.nowMs())
      return void (await queuePublish(work, id, post.sendTime));
    if (!(await move(db, id, SOCIAL_POST_STATUS.Scheduled, 'publish.start', work.clock.now()))) return;
  } else if (post.status !== SOCIAL_POST_STATUS.Submitted) return;

  const mediaRows = post.mediaFileIds.length
    ? await db.select().from(files).where(inArray(files.id, post.mediaFileIds))
    : [];
  const media = await Promise.all(
    post.mediaFileIds.map(async (fileId) => {
      const row = mediaRows.find((f) => f.id === fileId);
      return {
        url: await work.mediaUrlOf(fileId),
        kind: mediaKindOf(row?.contentType ?? '') ?? 'image',
        size: row?.size ?? 0,
      };
    }),
  );
  const targets = await db.select().from(socialPostTargets).where(eq(socialPostTargets.postId, id));
  let retry = false;
  for (const target of targets) {
    if (target.result === 'published' || target.result === 'failed') continue;
    const where = and(eq(socialPostTargets.postId, id), eq(socialPostTargets.profileId, target.profileId));
    if (target.result === 'pending') {
      const claimed = await db
        .update(socialPostTargets)
        .set({ result: 'publishing' })
        .where(and(where, eq(socialPostTargets.result, 'pending')))
        .returning({ profileId: socialPostTargets.profileId });
      if (claimed.length !== 1) continue;
    }
    const fail = (reason: string) =>
      db
        .update(socialPostTargets)
        .set({ result: 'failed', reason: reason.slice(0, 500) })
        .where(where);
    const [profile] = await db
      .select()
      .from(socialProfiles)
      .where(and(eq(socialProfiles.profileId, target.profileId), eq(socialProfiles.userId, post.userId)));
    if (!profile) {
      await fail('The profile was removed.');
      continue;
    }
    if (profile.status !== SOCIAL_PROFILE_STATUS.Connected) {
      await fail('The profile needs reconnecting.');
      continue;
    }
    const platform = profile.platformType as SocialPlatformType;
    try {
      const published = await work.platforms(platform).publish(profile.accessToken, {
        text: post.text,
        media,
        title: post.tikTok.title && platform === 6 ? post.tikTok.title : post.youTubeTitle,
        ...(platform === 6 ? { tikTok: post.tikTok as Record<string, unknown> } : {}),
        idempotencyKey: `${post.postId}:${profile.profileId}`,
      });
      await db
        .update(socialPostTargets)
        .set({ result: 'published', platformPostId: published.postId, reason: '' })
        .where(where);
    } catch (error) {
      if (error instanceof PlatformError && (error.refusal === 'rateLimited' || error.refusal === 'unavailable')) {
        await db.update(socialPostTargets).set({ result: 'pending' }).where(where);
        retry = true;
        continue;
      }
      const reason = error instanceof PlatformError ? error.description : String(error);
      if (error instanceof PlatformError && error.refusal === 'unauthorized')
        await markProfileError(db, profile.id, reason, work.clock.now());
      await fail(reason);
    }
  }
  if (retry) throw new Error(`social post ${id}: a platform is busy, retrying`);
  const results = await db
    .select({ result: socialPostTargets.result })
    .from(socialPostTargets)
    .where(eq(socialPostTargets.postId, id));
  const allPublished = results.every((r) => r.result === 'published');
  await move(db, id, SOCIAL_POST_STATUS.Submitted, allPublished ? 'publish.succeed' : 'publish.fail', work.clock.now());
}

/** Start-up sweep: scheduled and submitted posts get their job again (a lost enqueue delays, never loses). */
export async function sweepSocialPosts(work: Pick<PublishWork, 'db' | 'clock' | 'jobs'>): Promise<number> {
  const waiting = await work.db
    .select({ id: socialPosts.id, sendTime: socialPosts.sendTime })
    .from(socialPosts)
    .where(inArray(socialPosts.status, [SOCIAL_POST_STATUS.Scheduled, SOCIAL_POST_STATUS.Submitted]));
  for (const post of waiting) await queuePublish(work, post.id, post.sendTime ?? work.clock.now());
  return waiting.length;
}
