import type { HandlerMap, UserContext } from '../../context';
import { socialPlatforms } from '../../platforms';
import {
  authorizeUrl,
  checkProfiles,
  connectProfile,
  deleteProfile,
  listProfiles,
  ownedProfile,
  profileData,
  profileLimit,
  requireSocialModule,
} from '../../social/profiles';
import {
  cancelPost,
  listPosts,
  ownedPost,
  postData,
  queueSavedPost,
  storePost,
  type PostRow,
} from '../../social/posts';
import { replayOrRun } from '../../money/idempotency';
import type { SocialPlatformType } from '../../../src/gateway/contract/social/platforms';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { signInAuthorizeUrl } from '../../social/signin';

// Social profiles and posts (issue 16 items 1 and 3), behind the SocialMedia module (spec 000 §4).

const profileWork = (ctx: UserContext) => ({
  db: ctx.db,
  now: ctx.clock.now(),
  config: ctx.config,
  platforms: socialPlatforms(ctx.config),
});

export const socialHandlers: HandlerMap = {
  // 'optional': a sign-in (Purpose signin) has no account; a profile needs the signed-in one.
  async GetSocialMediaAuthUrl({ PlatformType, ProfileId, Purpose, Service }, ctx) {
    const platform = PlatformType as SocialPlatformType;
    if (Purpose === 'signin') return signInAuthorizeUrl(ctx, platform, { purpose: 'signin', service: Service });
    if (!ctx.user) throw new ApiError(RetCode.NotLoggedIn);
    if (Purpose === 'link') return signInAuthorizeUrl(ctx, platform, { purpose: 'link', userId: ctx.user.id });
    const user = { ...ctx, user: ctx.user };
    return authorizeUrl(profileWork(user), ctx.user.id, PlatformType as SocialPlatformType, ProfileId);
  },
  async ConnectSocialProfile(input, ctx) {
    const row = await connectProfile(profileWork(ctx), ctx.user.id, {
      ...input,
      PlatformType: input.PlatformType as SocialPlatformType,
    });
    return profileData(row);
  },
  async ListSocialProfiles(_input, ctx) {
    const plan = await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    const rows = await listProfiles(ctx.db, ctx.user.id);
    return { Profiles: rows.map(profileData), Limit: profileLimit(plan), Used: rows.length };
  },
  async CheckSocialProfiles(_input, ctx) {
    await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    return { Profiles: (await checkProfiles(profileWork(ctx), ctx.user.id)).map(profileData) };
  },
  async DeleteSocialProfile({ ProfileId }, ctx) {
    await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    await ownedProfile(ctx.db, ctx.user.id, ProfileId);
    await deleteProfile(ctx.db, ctx.user.id, ProfileId);
    return { ProfileId };
  },
  async SaveSocialPost(input, ctx) {
    // A retry after a dropped answer (same IdempotencyKey) gets the first answer: never a second post.
    const work = { db: ctx.db, now: ctx.clock.now(), jobs: ctx.jobs };
    let stored: PostRow | null = null;
    const reply = await replayOrRun(ctx, 'SaveSocialPost', input, async (db) => {
      stored = await storePost({ ...work, db }, ctx.user.id, input);
      return { PostId: stored.postId, Status: stored.status };
    });
    if (stored) await queueSavedPost(work, stored, input.Mode);
    return reply;
  },
  async GetSocialPost({ PostId }, ctx) {
    await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    const [post] = await postData(ctx.db, [await ownedPost(ctx.db, ctx.user.id, PostId)]);
    return post;
  },
  async ListSocialPosts(query, ctx) {
    await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    const { total, rows } = await listPosts(ctx.db, ctx.user.id, query);
    return { Total: total, Posts: await postData(ctx.db, rows) };
  },
  async CancelSocialPost({ PostId }, ctx) {
    await requireSocialModule(ctx.db, ctx.user.id, ctx.clock.now());
    const row = await cancelPost(ctx.db, ctx.user.id, PostId, ctx.clock.now());
    return { PostId: row.postId, Status: row.status };
  },
};
