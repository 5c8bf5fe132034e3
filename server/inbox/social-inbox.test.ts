import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { registerSocialWorkers } from '../jobs/social';
import { socialPlatforms } from '../platforms';
import { inboxMessages, outbox, socialProfiles } from '../db/schema';
import type { MemoryJobQueue } from '../queue/memory';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_STATUS } from '../../src/gateway/contract/inbox';
import { SOCIAL_PLATFORM, SOCIAL_PROFILE_STATUS } from '../../src/gateway/contract/social/platforms';
import {
  commentWebhookBody,
  deliverSocialWebhook,
  directMessageWebhookBody,
  SANDBOX_FOLLOWER,
  sandboxComment,
} from '../platforms/social/sandbox-inbox';
import { signSocialWebhook, socialWebhookSecret } from '../platforms/social/webhook-signature';
import { pollSocialComments } from './social-poll';
import { replyToMessage } from './reply';
import { connectSandboxProfile, socialTenant } from '../social/profiles-testkit';

// Social comments and direct messages in the inbox (docs/decisions.md "Social messages in the inbox"):
// signed webhooks in each platform's shape over real HTTP, dedup by the platform's id, the poll of X and
// YouTube, replies through the adapter to the sandbox, the 24-hour and 7-day rules, tenant isolation.

let server: TestServer;
const HOUR = 3_600_000;
const jobs = () => server.deps.jobs as MemoryJobQueue;

beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
  await registerSocialWorkers(server.deps);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Listed {
  MessageId: string;
  Type: number;
  Text: string;
  SenderName: string;
  ChatTitle: string;
  Status: number;
}

async function tenant() {
  const account = await socialTenant(server, { limit: 10 });
  const inbox = async () => (await account.call<{ Messages: Listed[] }>('ListInboxMessage', {})).Data.Messages;
  return { ...account, inbox };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** Connects a sandbox profile (consent Allow) and answers its profile and platform account ids. */
async function connect(owner: Tenant, platform: number, account: string) {
  const profileId = await connectSandboxProfile(owner, platform, account);
  const [profile] = await server.deps.database.db
    .select()
    .from(socialProfiles)
    .where(eq(socialProfiles.profileId, profileId));
  return { profileId: profile.profileId, accountId: profile.accountId };
}

const inbound = (platformType: number, accountId: string, text: string, hoursAgo = 0, authorName = 'Ada Fan') => ({
  platformType,
  accountId,
  authorName,
  text,
  at: new Date(server.deps.clock.nowMs() - hoursAgo * HOUR),
});
const post = (platformType: number, body: object, headers: Record<string, string>) =>
  fetch(`${server.deps.config.publicUrl}/webhooks/social/${platformType}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const key = () => `k${crypto.randomUUID().replaceAll('-', '')}`;
const socialOutbox = async (needle: string) =>
  (await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'social'))).filter((r) =>
    r.to.includes(needle),
  );

describe('comments and direct messages by signed webhook', () => {
  it('stores a Facebook comment once, for the profile owner only; a bad signature stores nothing', async () => {
    const owner = await tenant();
    const stranger = await tenant();
    const fb = await connect(owner, SOCIAL_PLATFORM.Facebook, 'Acme Page');
    const { body } = commentWebhookBody(inbound(SOCIAL_PLATFORM.Facebook, fb.accountId, 'Is it vegan?'), '1000042');

    expect((await post(1, body, { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` })).status).toBe(401);
    expect((await post(1, body, {})).status).toBe(401);
    expect(await owner.inbox()).toEqual([]);

    expect((await deliverSocialWebhook(server.deps, 1, body, [])).delivered).toBe(true);
    expect((await deliverSocialWebhook(server.deps, 1, body, [])).delivered).toBe(true);
    const list = await owner.inbox();
    expect(list.map((m) => [m.Type, m.Text, m.SenderName, m.Status])).toEqual([
      [12, 'Is it vegan?', 'Ada Fan', INBOX_STATUS.Unread],
    ]);
    expect(list[0].ChatTitle).toBe('#1000042 → Acme Page');
    expect((await owner.call<{ Unread: number }>('GetInboxUnreadCount')).Data.Unread).toBe(1);
    expect(await stranger.inbox()).toEqual([]);
    expect((await stranger.call('GetInboxMessage', { MessageId: list[0].MessageId })).RetCode).toBe(RetCode.NotFound);
  });

  it('reads LinkedIn (X-LI-Signature) and TikTok (TikTok-Signature) comments; a stale TikTok signature is refused', async () => {
    const owner = await tenant();
    const linkedIn = await connect(owner, SOCIAL_PLATFORM.LinkedIn, 'Acme Ltd');
    const tikTok = await connect(owner, SOCIAL_PLATFORM.TikTok, 'acme.tok');
    const li = commentWebhookBody(inbound(3, linkedIn.accountId, 'Congrats on the launch'), '7001');
    const tt = commentWebhookBody(inbound(6, tikTok.accountId, '这个多少钱？', 0, '小王'), '9001');
    const secret = await socialWebhookSecret(server.deps.database.db, server.deps.config, 6);
    const stale = signSocialWebhook(
      6,
      secret,
      JSON.stringify(tt.body),
      Math.floor(server.deps.clock.nowMs() / 1000) - 600,
    );
    expect((await post(6, tt.body, { [stale.header]: stale.value })).status).toBe(401);

    expect((await deliverSocialWebhook(server.deps, 3, li.body, [])).delivered).toBe(true);
    expect((await deliverSocialWebhook(server.deps, 6, tt.body, [])).delivered).toBe(true);
    const list = await owner.inbox();
    expect(list.map((m) => [m.Type, m.Text, m.SenderName]).sort()).toEqual([
      [31, 'Congrats on the launch', 'Ada Fan'],
      [61, '这个多少钱？', '小王'],
    ]);
  });

  it('ignores a delivery for a platform account nobody connected, and a platform that does not push', async () => {
    const { body } = commentWebhookBody(inbound(1, '999999999999', 'Hello?'), '1');
    const answer = await (await fetch(`${server.deps.config.publicUrl}/webhooks/social/1`, { method: 'POST' })).status;
    expect(answer).toBe(401);
    const delivered = await deliverSocialWebhook(server.deps, 1, body, []);
    expect(delivered.delivered).toBe(true);
    expect((await post(4, body, {})).status).toBe(404);
  });
});

describe('replies through the adapter to the sandbox', () => {
  it('answers a comment publicly once per key, and the message is Replied', async () => {
    const owner = await tenant();
    const ig = await connect(owner, SOCIAL_PLATFORM.Instagram, 'acme.gram');
    const { body, commentId } = commentWebhookBody(inbound(2, ig.accountId, 'Love it'), '55501');
    await deliverSocialWebhook(server.deps, 2, body, []);
    const [message] = await owner.inbox();
    expect(message.Type).toBe(24);
    const input = { MessageId: message.MessageId, Text: 'Thank you! 谢谢！', IdempotencyKey: key() };
    const [first, second] = await Promise.all([
      owner.call('ReplyInboxMessage', input),
      owner.call('ReplyInboxMessage', input),
    ]);
    expect([first.RetCode, second.RetCode]).toEqual([0, 0]);
    expect(await socialOutbox(`→ comment ${commentId}`)).toHaveLength(1);
    expect((await owner.inbox())[0].Status).toBe(INBOX_STATUS.Replied);
    expect(
      (await owner.call('ReplyInboxMessage', { ...input, Text: 'x'.repeat(1001), IdempotencyKey: key() })).RetCode,
    ).not.toBe(0);
  });

  it('answers a fresh Facebook DM with a message to its sender; a 25-hour-old one is refused with the rule', async () => {
    const owner = await tenant();
    const fb = await connect(owner, SOCIAL_PLATFORM.Facebook, 'Acme Shop');
    const ig = await connect(owner, SOCIAL_PLATFORM.Instagram, 'acme.shop');
    await deliverSocialWebhook(
      server.deps,
      1,
      directMessageWebhookBody(inbound(1, fb.accountId, 'Open today?', 0, 'Bo')).body,
      [],
    );
    await deliverSocialWebhook(
      server.deps,
      1,
      directMessageWebhookBody(inbound(1, fb.accountId, 'Still there?', 25, 'Cy')).body,
      [],
    );
    await deliverSocialWebhook(
      server.deps,
      2,
      directMessageWebhookBody(inbound(2, ig.accountId, 'Size M?', 25, 'Di')).body,
      [],
    );
    const byText = new Map((await owner.inbox()).map((m) => [m.Text, m]));
    expect([...byText.values()].map((m) => m.Type).sort()).toEqual([14, 14, 23]);

    const fresh = await owner.call('ReplyInboxMessage', {
      MessageId: byText.get('Open today?')!.MessageId,
      Text: 'Yes, until 8 pm.',
      IdempotencyKey: key(),
    });
    expect(fresh.RetCode).toBe(0);
    expect((await socialOutbox('→ message to')).filter((r) => r.text === 'Yes, until 8 pm.')).toHaveLength(1);

    const late = await owner.call('ReplyInboxMessage', {
      MessageId: byText.get('Still there?')!.MessageId,
      Text: 'Sorry!',
      IdempotencyKey: key(),
    });
    expect(late.RetCode).toBe(RetCode.InboxFacebookWindow);
    const lateIg = await owner.call('ReplyInboxMessage', {
      MessageId: byText.get('Size M?')!.MessageId,
      Text: 'Yes',
      IdempotencyKey: key(),
    });
    expect(lateIg.RetCode).toBe(RetCode.InboxInstagramWindow);
    const statuses = await server.deps.database.db
      .select({ text: inboxMessages.text, status: inboxMessages.status })
      .from(inboxMessages)
      .where(eq(inboxMessages.userId, owner.id));
    expect(statuses.filter((s) => s.status === INBOX_STATUS.Replied).map((s) => s.text)).toEqual(['Open today?']);
  });

  it('refuses the reply when the profile is gone or the platform refuses the text', async () => {
    const owner = await tenant();
    const fb = await connect(owner, SOCIAL_PLATFORM.Facebook, 'Acme Refuse');
    await deliverSocialWebhook(server.deps, 1, commentWebhookBody(inbound(1, fb.accountId, 'Hm'), '8').body, []);
    const [message] = await owner.inbox();
    const refused = await owner.call('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'No #refuse',
      IdempotencyKey: key(),
    });
    expect(refused.RetCode).toBe(RetCode.InboxReplyRefused);
    await server.deps.database.db
      .update(socialProfiles)
      .set({ status: SOCIAL_PROFILE_STATUS.Error })
      .where(eq(socialProfiles.profileId, fb.profileId));
    const gone = await owner.call('ReplyInboxMessage', {
      MessageId: message.MessageId,
      Text: 'Hi',
      IdempotencyKey: key(),
    });
    expect(gone.RetCode).toBe(RetCode.InboxPlatformUnavailable);
    expect((await owner.inbox())[0].Status).toBe(INBOX_STATUS.Unread);
  });
});

describe('X and YouTube comments by poll', () => {
  it('reads each comment once, whatever the polling, and refuses a reply after 7 days', async () => {
    const owner = await tenant();
    const stranger = await tenant();
    const x = await connect(owner, SOCIAL_PLATFORM.Twitter, 'Acme on X');
    const yt = await connect(owner, SOCIAL_PLATFORM.YouTube, 'Acme TV');
    await sandboxComment(server.deps, inbound(4, x.accountId, 'When is the sale?', 0, 'Eve'), '4000001');
    await sandboxComment(server.deps, inbound(5, yt.accountId, 'Great video', 6 * 24 + 23, 'Fay'), 'vid42');
    await sandboxComment(server.deps, inbound(5, yt.accountId, 'Too old to read', 8 * 24, 'Gus'), 'vid42');
    const work = () => ({
      db: server.deps.database.db,
      now: server.deps.clock.now(),
      platforms: socialPlatforms(server.deps.config),
    });
    await Promise.all([pollSocialComments(work()), pollSocialComments(work())]);
    await pollSocialComments(work());
    const list = await owner.inbox();
    expect(list.map((m) => [m.Type, m.Text, m.SenderName])).toEqual([
      [41, 'When is the sale?', 'Eve'],
      [51, 'Great video', 'Fay'],
    ]);
    expect(await stranger.inbox()).toEqual([]);

    const replyWork = (later: number) => ({
      db: server.deps.database.db,
      now: new Date(server.deps.clock.nowMs() + later),
      telegram: undefined as never,
      whatsapp: undefined as never,
      social: socialPlatforms(server.deps.config),
    });
    const youTube = list.find((m) => m.Type === 51)!;
    await expect(
      replyToMessage(replyWork(2 * HOUR), owner.id, {
        MessageId: youTube.MessageId,
        Text: 'Thanks',
        IdempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ retCode: RetCode.InboxCommentTooOld });
    const sent = await replyToMessage(replyWork(0), owner.id, {
      MessageId: youTube.MessageId,
      Text: 'Thanks!',
      IdempotencyKey: key(),
    });
    expect(sent.result).toBe('sent');
  });

  it('comments on a published post with a question, by the automatic sandbox rule', async () => {
    const owner = await tenant();
    const x = await connect(owner, SOCIAL_PLATFORM.Twitter, 'Acme Asks');
    const saved = await owner.call<{ PostId: string }>('SaveSocialPost', {
      ProfileIds: [x.profileId],
      Text: 'Which colour do you like best?',
      Mode: 'publish',
    });
    expect(saved.RetCode).toBe(0);
    await jobs().idle();
    await new Promise((resolve) => setTimeout(resolve, 1300));
    await pollSocialComments({
      db: server.deps.database.db,
      now: server.deps.clock.now(),
      platforms: socialPlatforms(server.deps.config),
    });
    const [message] = await owner.inbox();
    expect(message).toMatchObject({ Type: 41, SenderName: SANDBOX_FOLLOWER });
    expect(message.ChatTitle).toBe('“Which colour do you like best?” → Acme Asks');
  });
});
