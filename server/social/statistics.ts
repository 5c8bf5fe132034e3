import { and, asc, desc, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  socialPostMetricSnapshots,
  socialPosts,
  socialPostTargets,
  socialProfileDailyMetrics,
  socialProfiles,
} from '../db/schema';
import { notFound } from '../errors';
import { unix } from '../lib/time';
import { PlatformError, type SocialPlatforms } from '../platforms';
import { SOCIAL_PROFILE_STATUS, type SocialPlatformType } from '../../src/gateway/contract/social/platforms';
import {
  platformHasPostMetrics,
  POST_METRICS_DAYS,
  type PostMetrics,
} from '../../src/gateway/contract/social/statistics';
import { markProfileError } from './profiles';

// Post statistics (docs/decisions.md "Post statistics and social sign-in"). A pull (the job, every
// SOCIAL_STATS_PULL_MS) asks each connected profile's platform for its daily chart metrics of the last
// POST_METRICS_DAYS days (kept one row per profile and day, replaced by the newest answer; once pulled, from
// the day before the newest stored day on) and for the
// metrics of every post published on it in those days (kept as a snapshot per pull: a post's figures over
// time). A refused token turns the profile to error, as the connection check does. Reads are per account.

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface PullWork {
  db: Db;
  now: Date;
  platforms: SocialPlatforms;
}

async function guarded(work: PullWork, profileRowId: number, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof PlatformError && error.refusal === 'unauthorized')
      await markProfileError(work.db, profileRowId, error.description, work.now);
    else if (!(error instanceof PlatformError)) throw error;
  }
}

/** One pull for every account (the job) or one account (userId). */
export async function pullSocialStatistics(
  work: PullWork,
  userId?: number,
): Promise<{ profiles: number; posts: number }> {
  const { db, now } = work;
  const profiles = await db
    .select()
    .from(socialProfiles)
    .where(
      and(
        eq(socialProfiles.status, SOCIAL_PROFILE_STATUS.Connected),
        userId === undefined ? undefined : eq(socialProfiles.userId, userId),
      ),
    );
  const firstDay = dayOf(new Date(now.getTime() - (POST_METRICS_DAYS - 1) * DAY_MS));
  const until = dayOf(now);
  // A profile already pulled is asked again from the day before its newest stored day only (a day's
  // figures settle once it is over), so a short interval stays cheap.
  const newest = new Map(
    (
      await db
        .select({ profileId: socialProfileDailyMetrics.profileId, day: max(socialProfileDailyMetrics.day) })
        .from(socialProfileDailyMetrics)
        .where(gte(socialProfileDailyMetrics.day, firstDay))
        .groupBy(socialProfileDailyMetrics.profileId)
    ).map((row) => [row.profileId, row.day]),
  );
  let posts = 0;
  for (const profile of profiles) {
    const platform = work.platforms(profile.platformType as SocialPlatformType);
    const stored = newest.get(profile.profileId);
    const since = stored ? dayOf(new Date(Date.parse(`${stored}T00:00:00Z`) - DAY_MS)) : firstDay;
    await guarded(work, profile.id, async () => {
      const days = await platform.insights(profile.accessToken, since < firstDay ? firstDay : since, until);
      if (days.length === 0) return;
      await db
        .insert(socialProfileDailyMetrics)
        .values(
          days.map((day) => ({
            userId: profile.userId,
            profileId: profile.profileId,
            day: day.Day,
            follows: day.Follows,
            dailyFollows: day.DailyFollows,
            impressions: day.Impressions,
            reaches: day.Reaches,
            engagements: day.Engagements,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [socialProfileDailyMetrics.profileId, socialProfileDailyMetrics.day],
          set: {
            follows: sql`excluded.follows`,
            dailyFollows: sql`excluded.daily_follows`,
            impressions: sql`excluded.impressions`,
            reaches: sql`excluded.reaches`,
            engagements: sql`excluded.engagements`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    });
    if (!platformHasPostMetrics(profile.platformType)) continue;
    const published = await db
      .select({ postId: socialPosts.id, platformPostId: socialPostTargets.platformPostId })
      .from(socialPostTargets)
      .innerJoin(socialPosts, eq(socialPosts.id, socialPostTargets.postId))
      .where(
        and(
          eq(socialPosts.userId, profile.userId),
          eq(socialPostTargets.profileId, profile.profileId),
          eq(socialPostTargets.result, 'published'),
          gte(socialPosts.updatedAt, new Date(now.getTime() - POST_METRICS_DAYS * DAY_MS)),
        ),
      );
    for (const post of published) {
      await guarded(work, profile.id, async () => {
        const metrics = await platform.postMetrics(profile.accessToken, post.platformPostId);
        await db.insert(socialPostMetricSnapshots).values({
          userId: profile.userId,
          postId: post.postId,
          profileId: profile.profileId,
          platformType: profile.platformType,
          platformPostId: post.platformPostId,
          metrics,
          takenAt: now,
        });
        posts++;
      });
    }
  }
  return { profiles: profiles.length, posts };
}

export interface ProfileSeries {
  ProfileId: string;
  PlatformType: number;
  Name: string;
  Days: {
    Day: string;
    Follows: number;
    DailyFollows: number;
    Impressions: number;
    Reaches: number;
    Engagements: number;
  }[];
}

export interface PublishedPostRow {
  PostId: string;
  ProfileId: string;
  PlatformType: number;
  Name: string;
  Text: string;
  PublishTime: number;
  Metrics: PostMetrics;
  /** unix seconds of the pull; 0 before the first */
  TakenAt: number;
}

/** The account's profiles' daily chart metrics of the last `days` days, and its published posts' latest metrics. */
export async function socialStatistics(
  db: Db,
  userId: number,
  input: { Days: number; ProfileId?: string },
  now: Date,
): Promise<{ Profiles: ProfileSeries[]; Posts: PublishedPostRow[] }> {
  const profiles = await db
    .select()
    .from(socialProfiles)
    .where(
      and(
        eq(socialProfiles.userId, userId),
        input.ProfileId ? eq(socialProfiles.profileId, input.ProfileId) : undefined,
      ),
    )
    .orderBy(asc(socialProfiles.createdAt), asc(socialProfiles.id));
  if (input.ProfileId && profiles.length === 0) throw notFound();
  const ids = profiles.map((p) => p.profileId);
  if (ids.length === 0) return { Profiles: [], Posts: [] };
  const since = dayOf(new Date(now.getTime() - (input.Days - 1) * DAY_MS));
  const days = await db
    .select()
    .from(socialProfileDailyMetrics)
    .where(
      and(
        eq(socialProfileDailyMetrics.userId, userId),
        inArray(socialProfileDailyMetrics.profileId, ids),
        gte(socialProfileDailyMetrics.day, since),
      ),
    )
    .orderBy(asc(socialProfileDailyMetrics.day));
  const series: ProfileSeries[] = profiles.map((p) => ({
    ProfileId: p.profileId,
    PlatformType: p.platformType,
    Name: p.name,
    Days: days
      .filter((d) => d.profileId === p.profileId)
      .map((d) => ({
        Day: d.day,
        Follows: d.follows,
        DailyFollows: d.dailyFollows,
        Impressions: d.impressions,
        Reaches: d.reaches,
        Engagements: d.engagements,
      })),
  }));

  const targets = await db
    .select({
      id: socialPosts.id,
      postId: socialPosts.postId,
      text: socialPosts.text,
      publishedAt: socialPosts.updatedAt,
      profileId: socialPostTargets.profileId,
      platformType: socialPostTargets.platformType,
      name: socialPostTargets.name,
    })
    .from(socialPostTargets)
    .innerJoin(socialPosts, eq(socialPosts.id, socialPostTargets.postId))
    .where(
      and(
        eq(socialPosts.userId, userId),
        inArray(socialPostTargets.profileId, ids),
        eq(socialPostTargets.result, 'published'),
      ),
    )
    .orderBy(desc(socialPosts.updatedAt), asc(socialPostTargets.profileId))
    .limit(200);
  const latest = targets.length
    ? await db
        .selectDistinctOn([socialPostMetricSnapshots.postId, socialPostMetricSnapshots.profileId])
        .from(socialPostMetricSnapshots)
        .where(
          and(
            eq(socialPostMetricSnapshots.userId, userId),
            inArray(
              socialPostMetricSnapshots.postId,
              targets.map((t) => t.id),
            ),
          ),
        )
        .orderBy(
          socialPostMetricSnapshots.postId,
          socialPostMetricSnapshots.profileId,
          desc(socialPostMetricSnapshots.takenAt),
          desc(socialPostMetricSnapshots.id),
        )
    : [];
  const posts = targets.map((t) => {
    const snapshot = latest.find((s) => s.postId === t.id && s.profileId === t.profileId);
    return {
      PostId: t.postId,
      ProfileId: t.profileId,
      PlatformType: t.platformType,
      Name: t.name,
      Text: t.text.slice(0, 140),
      PublishTime: unix(t.publishedAt),
      Metrics: snapshot?.metrics ?? {},
      TakenAt: snapshot ? unix(snapshot.takenAt) : 0,
    };
  });
  return { Profiles: series, Posts: posts };
}

/** One post's metrics over time on each of its profiles of one platform. */
export async function postPerformance(db: Db, userId: number, postId: string, platformType: number) {
  const [post] = await db
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.postId, postId), eq(socialPosts.userId, userId)));
  if (!post) throw notFound();
  const targets = await db
    .select()
    .from(socialPostTargets)
    .where(and(eq(socialPostTargets.postId, post.id), eq(socialPostTargets.platformType, platformType)))
    .orderBy(asc(socialPostTargets.profileId));
  if (targets.length === 0) throw notFound();
  const snapshots = await db
    .select()
    .from(socialPostMetricSnapshots)
    .where(
      and(
        eq(socialPostMetricSnapshots.userId, userId),
        eq(socialPostMetricSnapshots.postId, post.id),
        eq(socialPostMetricSnapshots.platformType, platformType),
      ),
    )
    .orderBy(asc(socialPostMetricSnapshots.takenAt), asc(socialPostMetricSnapshots.id));
  return {
    PostId: post.postId,
    PlatformType: platformType,
    Text: post.text,
    PublishTime: unix(post.updatedAt),
    Targets: targets.map((t) => ({
      ProfileId: t.profileId,
      Name: t.name,
      Result: t.result as string,
      PlatformPostId: t.platformPostId,
      Points: snapshots
        .filter((s) => s.profileId === t.profileId)
        .map((s) => ({ Time: unix(s.takenAt), Metrics: s.metrics })),
    })),
  };
}

/** Snapshots older than this are dropped by the pull (a post is read for POST_METRICS_DAYS days). */
export async function pruneSnapshots(db: Db, now: Date): Promise<void> {
  await db
    .delete(socialPostMetricSnapshots)
    .where(sql`${socialPostMetricSnapshots.takenAt} < ${new Date(now.getTime() - 2 * POST_METRICS_DAYS * DAY_MS)}`);
}
