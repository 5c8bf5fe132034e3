import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { uploadPicture } from '../handlers/uploads/test-helpers';
import { putOnOwnPlan } from '../testing/own-plan';
import { registerSocialWorkers } from '../jobs/social';
import { outbox, socialPosts } from '../db/schema';
import type { MemoryJobQueue } from '../queue/memory';
import { QUEUE } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SOCIAL_POST_STATUS as S } from '../../src/gateway/contract/statuses';
import { SOCIAL_PLATFORM, SOCIAL_PROFILE_STATUS } from '../../src/gateway/contract/social/platforms';
import { REFUSE_MARKER, REFUSE_REASON } from '../platforms/social/sandbox-rules';
import { socialTenant } from './profiles-testkit';

// Social profiles and posts on the server: the OAuth-shaped connect against the gateway's sandbox over
// real HTTP (the test server listens on a port), the quota, the check, the publish job, bad input and
// tenant isolation.

let server: TestServer;
let filesDir: string;
let planKey = 0;
const jobs = () => server.deps.jobs as MemoryJobQueue;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-social-files-'));
  process.env.FILES_DIR = filesDir;
  server = await listenOnPublicUrl(await createTestServer());
  await registerSocialWorkers(server.deps);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const tenant = (limit = 5, modules = ['SocialMedia']) => socialTenant(server, { limit, modules });
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** The browser's part: open the consent page, press Allow or Deny, read where the platform sends it. */
async function consent(url: string, decision: 'allow' | 'deny', account?: string): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const value = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1].replace(/&amp;/g, '&');
  const form = new URLSearchParams({
    redirect_uri: value('redirect_uri'),
    state: value('state'),
    account: account ?? value('account'),
    decision,
  });
  const answer = await fetch(url.split('?')[0], { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

async function connect(owner: Tenant, platform: number, account?: string, profileId?: string) {
  const auth = await owner.call<{ Url: string; State: string }>('GetSocialMediaAuthUrl', {
    PlatformType: platform,
    ...(profileId ? { ProfileId: profileId } : {}),
  });
  expect(auth.RetCode).toBe(0);
  const back = await consent(auth.Data.Url, 'allow', account);
  expect(back.pathname).toBe(`/mkthub/authmediapage/${platform}`);
  const input = { PlatformType: platform, Code: back.searchParams.get('code'), State: back.searchParams.get('state') };
  const reply = await owner.call<{ ProfileId: string; Status: number; Name: string }>('ConnectSocialProfile', input);
  return { reply, input };
}

describe('connecting social profiles through the sandbox platforms', () => {
  it('connects a Twitter profile; the state works once, for its own account only', async () => {
    const owner = await tenant();
    const { reply, input } = await connect(owner, SOCIAL_PLATFORM.Twitter, 'Acme on X');
    expect(reply.RetCode).toBe(0);
    expect(reply.Data).toMatchObject({ Name: 'Acme on X', Status: SOCIAL_PROFILE_STATUS.Connected });
    expect((await owner.call('ConnectSocialProfile', input)).RetCode).toBe(RetCode.SocialAuthStateInvalid);

    const auth = await owner.call<{ Url: string; State: string }>('GetSocialMediaAuthUrl', { PlatformType: 2 });
    const back = await consent(auth.Data.Url, 'allow');
    const stranger = await tenant();
    const stolen = { PlatformType: 2, Code: back.searchParams.get('code'), State: auth.Data.State };
    expect((await stranger.call('ConnectSocialProfile', stolen)).RetCode).toBe(RetCode.SocialAuthStateInvalid);
    expect((await owner.call('ConnectSocialProfile', { ...stolen, Code: 'forged.code' })).RetCode).toBe(
      RetCode.SocialAuthRefused,
    );
  });

  it('sends Deny back as access_denied, and refuses another site as redirect_uri', async () => {
    const owner = await tenant();
    const auth = await owner.call<{ Url: string }>('GetSocialMediaAuthUrl', { PlatformType: SOCIAL_PLATFORM.LinkedIn });
    const back = await consent(auth.Data.Url, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const evil = auth.Data.Url.replace(
      /redirect_uri=[^&]+/,
      `redirect_uri=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect((await fetch(evil)).status).toBe(400);
  });

  it('enforces SocialMediaAccountLimit; reconnecting the same account takes no place', async () => {
    const owner = await tenant(2);
    const page = (await connect(owner, SOCIAL_PLATFORM.Facebook, 'Page one')).reply.Data.ProfileId;
    await connect(owner, SOCIAL_PLATFORM.Instagram, 'Insta one');
    const again = await connect(owner, SOCIAL_PLATFORM.Facebook, 'Page one', page);
    expect(again.reply.Data.ProfileId).toBe(page);
    const third = await owner.call('GetSocialMediaAuthUrl', { PlatformType: SOCIAL_PLATFORM.YouTube });
    expect(third.RetCode).toBe(RetCode.SocialProfilesOutOfQuota);
    const list = await owner.call<{ Profiles: { ProfileId: string }[]; Limit: number; Used: number }>(
      'ListSocialProfiles',
    );
    expect(list.Data).toMatchObject({ Limit: 2, Used: 2 });
    expect((await owner.call('DeleteSocialProfile', { ProfileId: list.Data.Profiles[0].ProfileId })).RetCode).toBe(0);
    expect((await owner.call('GetSocialMediaAuthUrl', { PlatformType: SOCIAL_PLATFORM.YouTube })).RetCode).toBe(0);
  });

  it('turns an "expired" profile to error on the next check, and reconnects it', async () => {
    const owner = await tenant();
    const { reply } = await connect(owner, SOCIAL_PLATFORM.TikTok, 'Old expired account');
    expect(reply.Data.Status).toBe(SOCIAL_PROFILE_STATUS.Connected);
    const checked = await owner.call<{ Profiles: { Status: number; Error: string }[] }>('CheckSocialProfiles');
    expect(checked.Data.Profiles[0]).toMatchObject({ Status: SOCIAL_PROFILE_STATUS.Error });
    expect(checked.Data.Profiles[0].Error).toMatch(/expired/);
    const auth = await owner.call('GetSocialMediaAuthUrl', {
      PlatformType: SOCIAL_PLATFORM.TikTok,
      ProfileId: reply.Data.ProfileId,
    });
    expect(auth.RetCode).toBe(0);
  });

  it('refuses without the SocialMedia module, and a platform type outside 1-7 at the field', async () => {
    const owner = await tenant(5, ['MarketingPlan']);
    expect((await owner.call('GetSocialMediaAuthUrl', { PlatformType: 4 })).RetCode).toBe(RetCode.ModuleNotInPlan);
    const bad = await owner.call<{ Fields: { Field: string }[] }>('GetSocialMediaAuthUrl', { PlatformType: 8 });
    expect(bad.RetCode).toBe(RetCode.ValidationError);
    expect(bad.Data.Fields[0].Field).toBe('PlatformType');
  });
});

describe('social posts', () => {
  async function twoProfiles() {
    const owner = await tenant();
    const twitter = (await connect(owner, SOCIAL_PLATFORM.Twitter, 'Acme X')).reply.Data.ProfileId;
    const instagram = (await connect(owner, SOCIAL_PLATFORM.Instagram, 'Acme IG')).reply.Data.ProfileId;
    return { owner, twitter, instagram };
  }
  type PostData = {
    Status: number;
    Targets: { ProfileId: string; Result: string; Reason: string; PlatformPostId: string }[];
  };

  it('refuses a 281-character tweet and an Instagram post without media, naming profile and field', async () => {
    const { owner, twitter, instagram } = await twoProfiles();
    const reply = await owner.call<{
      Fields: { Field: string; Key: string; ProfileId: string; Limit: number | null }[];
    }>('SaveSocialPost', { ProfileIds: [twitter, instagram], Text: 'x'.repeat(281), Mode: 'publish' });
    expect(reply.RetCode).toBe(RetCode.SocialPostRuleBroken);
    expect(reply.Data.Fields).toEqual([
      { Field: 'Text', Key: 'validation:socialTextTooLong', ProfileId: twitter, Limit: 280 },
      { Field: 'MediaFileIds', Key: 'validation:socialMediaRequired', ProfileId: instagram, Limit: null },
    ]);
    // a draft keeps anything
    expect(
      (await owner.call('SaveSocialPost', { ProfileIds: [twitter], Text: 'x'.repeat(281), Mode: 'draft' })).RetCode,
    ).toBe(0);
  });

  it('publishes to both profiles once; a job that runs again posts nothing twice', async () => {
    const { owner, twitter, instagram } = await twoProfiles();
    const image = await uploadPicture(server, owner.token);
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter, instagram],
      Text: 'Launch day 🚀',
      MediaFileIds: [image],
      Mode: 'publish',
    });
    expect(saved.RetCode).toBe(0);
    await jobs().idle();
    const post = await owner.call<PostData>('GetSocialPost', { PostId: saved.Data.PostId });
    expect(post.Data.Status).toBe(S.Success);
    expect(post.Data.Targets.map((t) => t.Result)).toEqual(['published', 'published']);
    const [row] = await server.deps.database.db
      .select()
      .from(socialPosts)
      .where(eq(socialPosts.postId, saved.Data.PostId));
    await server.deps.database.db.update(socialPosts).set({ status: S.Submitted }).where(eq(socialPosts.id, row.id));
    await server.deps.jobs.send(QUEUE.socialPublish, { id: row.id });
    await jobs().idle();
    const kept = await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'social'));
    expect(kept.filter((r) => r.subject.startsWith(saved.Data.PostId))).toHaveLength(2);
  });

  it('a publish retried with its IdempotencyKey (a dropped answer, or twice at once) posts once and answers the first post', async () => {
    const { owner, twitter } = await twoProfiles();
    const text = `Retried ${Date.now()}`;
    const post = { ProfileIds: [twitter], Text: text, Mode: 'publish', IdempotencyKey: `social-${Date.now()}` };
    const [first, twin] = await Promise.all([
      owner.call<{ PostId: string }>('SaveSocialPost', post),
      owner.call<{ PostId: string }>('SaveSocialPost', post),
    ]);
    expect([first.RetCode, twin.RetCode]).toEqual([0, 0]);
    expect(twin.Data.PostId).toBe(first.Data.PostId);
    await jobs().idle();
    // after the post is published, the same retry still answers it (the lifecycle check does not run again)
    const later = await owner.call<{ PostId: string; Status: number }>('SaveSocialPost', post);
    expect(later.RetCode).toBe(0);
    expect(later.Data.PostId).toBe(first.Data.PostId);
    const sent = await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'social'));
    expect(sent.filter((r) => r.text.includes(text))).toHaveLength(1);
    // the same key with another text is a conflict, not a second post
    const changed = await owner.call('SaveSocialPost', { ...post, Text: `${text}!` });
    expect(changed.RetCode).toBe(RetCode.IdempotencyConflict);
  });

  it("stores the platform's refusal as the reason; publishing again tries only the failed profile", async () => {
    const { owner, twitter } = await twoProfiles();
    const facebook = (await connect(owner, SOCIAL_PLATFORM.Facebook, 'Acme FB')).reply.Data.ProfileId;
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter, facebook],
      Text: `Sale ${REFUSE_MARKER}`,
      Mode: 'publish',
    });
    await jobs().idle();
    const failed = await owner.call<PostData>('GetSocialPost', { PostId: saved.Data.PostId });
    expect(failed.Data.Status).toBe(S.Failed);
    expect(failed.Data.Targets.map((t) => t.Reason)).toEqual([REFUSE_REASON, REFUSE_REASON]);
    const again = await owner.call('SaveSocialPost', {
      PostId: saved.Data.PostId,
      ProfileIds: [twitter, facebook],
      Text: 'Sale',
      Mode: 'publish',
    });
    expect(again.RetCode).toBe(0);
    await jobs().idle();
    const done = await owner.call<PostData>('GetSocialPost', { PostId: saved.Data.PostId });
    expect(done.Data.Status).toBe(S.Success);
    expect(
      (
        await owner.call('SaveSocialPost', {
          PostId: saved.Data.PostId,
          ProfileIds: [twitter],
          Text: 'x',
          Mode: 'publish',
        })
      ).RetCode,
    ).toBe(RetCode.IllegalTransition);
  });

  it('starts a scheduled post whose time has come', async () => {
    const { owner, twitter } = await twoProfiles();
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'Later',
      Mode: 'schedule',
      SendTime: Math.floor(server.clock.nowMs() / 1000) + 3600,
    });
    expect(saved.Data).toMatchObject({ Status: S.Scheduled });
    const [row] = await server.deps.database.db
      .select()
      .from(socialPosts)
      .where(eq(socialPosts.postId, saved.Data.PostId));
    await server.deps.database.db
      .update(socialPosts)
      .set({ sendTime: new Date(server.clock.nowMs() - 1000) })
      .where(eq(socialPosts.id, row.id));
    await server.deps.jobs.send(QUEUE.socialPublish, { id: row.id });
    const post = await owner.call<PostData>('GetSocialPost', { PostId: saved.Data.PostId });
    expect(post.Data.Status).toBe(S.Success);
  });

  it('keeps every profile and post from another account', async () => {
    const { owner, twitter } = await twoProfiles();
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'Mine',
      Mode: 'draft',
    });
    const other = await tenant();
    expect((await other.call<{ Profiles: unknown[] }>('ListSocialProfiles')).Data.Profiles).toEqual([]);
    expect((await other.call<{ Total: number }>('ListSocialPosts', {})).Data.Total).toBe(0);
    expect((await other.call('GetSocialPost', { PostId: saved.Data.PostId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.call('CancelSocialPost', { PostId: saved.Data.PostId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.call('DeleteSocialProfile', { ProfileId: twitter })).RetCode).toBe(RetCode.NotFound);
    const borrowed = await other.call('SaveSocialPost', { ProfileIds: [twitter], Text: 'Yours?', Mode: 'publish' });
    expect(borrowed.RetCode).toBe(RetCode.SocialProfileInvalid);
  });

  it('refuses to schedule or publish while over the quota (a smaller plan), until a profile is removed', async () => {
    const { owner, twitter, instagram } = await twoProfiles();
    await putOnOwnPlan(server.deps, owner.id, {
      key: `social-${planKey++}`,
      modules: ['SocialMedia'],
      limits: { SocialMediaAccountLimit: 1 },
    });
    const list = await owner.call<{ Limit: number; Used: number }>('ListSocialProfiles');
    expect(list.Data).toMatchObject({ Limit: 1, Used: 2 });
    const post = { ProfileIds: [twitter], Text: 'Over', Mode: 'publish' };
    expect((await owner.call('SaveSocialPost', post)).RetCode).toBe(RetCode.SocialProfilesOutOfQuota);
    expect((await owner.call('SaveSocialPost', { ...post, Mode: 'draft' })).RetCode).toBe(0);
    await owner.call('DeleteSocialProfile', { ProfileId: instagram });
    expect((await owner.call('SaveSocialPost', post)).RetCode).toBe(0);
  });

  it('shows a scheduled post on the calendar as type 4, linked to its composer', async () => {
    const owner = await tenant(5, ['SocialMedia', 'MarketingPlan']);
    const twitter = (await connect(owner, SOCIAL_PLATFORM.Twitter, 'Calendar X')).reply.Data.ProfileId;
    const at = Math.floor(server.clock.nowMs() / 1000) + 7200;
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'On the calendar',
      Mode: 'schedule',
      SendTime: at,
    });
    const calendar = await owner.call<{ Events: { Type: number; Id: string; State: number; Link: string }[] }>(
      'ListCalendarEvent',
      { BeginTime: at - 86_400, EndTime: at + 86_400, Types: [4] },
    );
    expect(calendar.Data.Events).toEqual([
      expect.objectContaining({
        Type: 4,
        Id: saved.Data.PostId,
        State: 1,
        Link: `/mkthub/post/social/message/${saved.Data.PostId}`,
      }),
    ]);
    await owner.call('CancelSocialPost', { PostId: saved.Data.PostId });
    const after = await owner.call<{ Events: unknown[] }>('ListCalendarEvent', {
      BeginTime: at - 86_400,
      EndTime: at + 86_400,
    });
    expect(after.Data.Events).toEqual([]);
  });

  // Last (with the calendar test): a scheduled job waits on a real timer in the memory queue, which idle() would wait for.
  it('schedules a post and cancels it; a cancelled post cannot be cancelled again', async () => {
    const { owner, twitter, instagram } = await twoProfiles();
    const past = await owner.call('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'Hi',
      Mode: 'schedule',
      SendTime: 1000,
    });
    expect(past.RetCode).toBe(RetCode.ValidationError);
    const saved = await owner.call<{ PostId: string; Status: number }>('SaveSocialPost', {
      ProfileIds: [twitter],
      Text: 'Tomorrow',
      Mode: 'schedule',
      SendTime: Math.floor(server.clock.nowMs() / 1000) + 86_400,
    });
    expect(saved.Data.Status).toBe(S.Scheduled);
    const canceled = await owner.call<{ Status: number }>('CancelSocialPost', { PostId: saved.Data.PostId });
    expect(canceled.Data.Status).toBe(S.Canceled);
    expect((await owner.call('CancelSocialPost', { PostId: saved.Data.PostId })).RetCode).toBe(
      RetCode.IllegalTransition,
    );
    expect(instagram).toMatch(/^SP/);
  });
});
