import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { freshTenant, pngBytes, uploadPicture } from '../handlers/uploads/test-helpers';
import { registerTelegramWorkers } from '../jobs/telegram';
import { outbox, tgPosts, users } from '../db/schema';
import type { MemoryJobQueue } from '../queue/memory';
import { PlatformError } from '../platforms';
import { telegramAdapter } from '../platforms/telegram/adapter';
import { SANDBOX_REVOKED_TOKEN, sandboxGroups } from '../platforms/telegram/sandbox-rules';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { TG_POST_STATUS } from '../../src/gateway/contract/telegram';

// Telegram end to end on the server: the adapter against the gateway's sandbox Bot API over real HTTP
// (the test server listens on a port), the Actions, the send job, bad input and tenant isolation.

let server: TestServer;
let baseUrl: string;
let filesDir: string;

const token = (id: number) => `${id}:${'Ab3_-'.repeat(7)}`;
const fieldsOf = (data: unknown) => (data as { Fields?: { Field: string; Key: string }[] }).Fields ?? [];

/** The 1×1 PNG with its header saying width × height (image-size reads the header only). */
function pngOf(width: number, height: number, size = 0): Buffer {
  const bytes = pngBytes(size);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-tg-files-'));
  process.env.FILES_DIR = filesDir;
  server = await listenOnPublicUrl(await createTestServer());
  baseUrl = `${server.deps.config.publicUrl}/sandbox/telegram`;
  await registerTelegramWorkers(server.deps);
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function tenant(upgraded: boolean) {
  const account = await freshTenant(server);
  await server.deps.database.db.update(users).set({ upgraded }).where(eq(users.id, account.id));
  const call = <D = Record<string, unknown>>(action: string, input: Record<string, unknown> = {}) =>
    server.api<D>(action, input, { token: account.token });
  return { ...account, call };
}

describe('the Telegram adapter against the sandbox Bot API over HTTP', () => {
  const adapter = () => telegramAdapter({ baseUrl });

  it('answers getMe, the groups in getUpdates and getChat, and posts to the outbox', async () => {
    const bot = token(700001);
    expect(await adapter().connect(bot)).toEqual({
      id: '700001',
      name: 'Sandbox bot 700001',
      username: 'herald_sandbox_700001_bot',
    });
    const updates = await adapter().updates(bot);
    expect(updates.map((u) => u.chat)).toEqual(
      sandboxGroups(bot).map((g) => ({ id: g.id, title: g.title, type: 'supergroup' })),
    );
    const [first] = sandboxGroups(bot);
    expect((await adapter().chat(bot, first.id)).title).toBe('Sandbox group A');
    const sent = await adapter().send(bot, { chatId: first.id, text: 'Hello 你好' });
    const [row] = await server.deps.database.db.select().from(outbox).where(eq(outbox.id, sent.messageId));
    expect(row).toMatchObject({ channel: 'telegram', to: `Sandbox group A (${first.id})`, text: 'Hello 你好' });
  });

  it('refuses a malformed and the revoked token with 401, a blocked group with 403, an unknown chat with 400', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: PlatformError) => error.refusal,
      );
    expect(await refusal(adapter().connect('12345:short'))).toBe('unauthorized');
    expect(await refusal(adapter().connect(SANDBOX_REVOKED_TOKEN))).toBe('unauthorized');
    const bot = token(700002);
    const groups = sandboxGroups(bot);
    expect(await refusal(adapter().chat(bot, groups[6].id))).toBe('forbidden');
    expect(await refusal(adapter().send(bot, { chatId: groups[5].id, text: 'x' }))).toBe('forbidden');
    expect(await refusal(adapter().send(bot, { chatId: '-100999', text: 'x' }))).toBe('notFound');
  });

  it('says unavailable when nothing answers', async () => {
    const down = telegramAdapter({ baseUrl: 'http://127.0.0.1:9/none', timeoutMs: 2000 });
    await expect(down.connect(token(700003))).rejects.toMatchObject({ refusal: 'unavailable' });
  });
});

describe('bots and groups', () => {
  it('connects a bot without ever answering its token, and lists its groups', async () => {
    const owner = await tenant(true);
    const bot = token(710001);
    const connected = await owner.call<{ TokenHint: string; Username: string }>('ConnectTGBot', { Token: bot });
    expect(connected.RetCode).toBe(0);
    expect(connected.Data.TokenHint).toBe(`710001:…${bot.slice(-4)}`);
    expect(JSON.stringify((await owner.call('GetTGBot')).Data)).not.toContain(bot.split(':')[1]);
    const chats = await owner.call<{ Chats: { Title: string; Verified: boolean }[]; MaxVerified: number | null }>(
      'GetSMMTGFrequentChatId',
    );
    expect(chats.Data.Chats.map((c) => c.Title)).toEqual(sandboxGroups(bot).map((g) => g.title));
    expect(chats.Data.MaxVerified).toBeNull();
  });

  it('refuses a bad token by field with the documented RetCodes and stores nothing', async () => {
    const owner = await tenant(true);
    const malformed = await owner.call('ConnectTGBot', { Token: 'not-a-token' });
    expect(malformed.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(malformed.Data)).toEqual([{ Field: 'Token', Key: 'validation:tgTokenInvalid' }]);
    const revoked = await owner.call('ConnectTGBot', { Token: SANDBOX_REVOKED_TOKEN });
    expect(revoked.RetCode).toBe(RetCode.TelegramTokenRefused);
    expect(fieldsOf(revoked.Data)).toEqual([{ Field: 'Token', Key: 'validation:tgTokenRefused' }]);
    expect((await owner.call<{ Bot: unknown }>('GetTGBot')).Data.Bot).toBeNull();
  });

  it('lets a trial account verify 5 groups and refuses the 6th; a blocked group is 239104', async () => {
    const trial = await tenant(false);
    const bot = token(720001);
    await trial.call('ConnectTGBot', { Token: bot });
    const groups = sandboxGroups(bot);
    const blocked = await trial.call('VerifyTGGroup', { ChatId: groups[6].id });
    expect(blocked.RetCode).toBe(RetCode.TelegramGroupUnavailable);
    for (const group of groups.slice(0, 5))
      expect((await trial.call('VerifyTGGroup', { ChatId: group.id })).RetCode).toBe(0);
    const sixth = await trial.call('VerifyTGGroup', { ChatId: groups[5].id });
    expect(sixth.RetCode).toBe(RetCode.TelegramTrialGroupLimit);
    expect(fieldsOf(sixth.Data)).toEqual([{ Field: 'ChatId', Key: 'validation:tgTrialGroupLimit' }]);
    expect(sixth.Message).toContain('5');
    const zh = await server.api('VerifyTGGroup', { ChatId: groups[5].id }, { token: trial.token, lang: 'zh' });
    expect(zh.Message).toContain('试用账户');
    const chats = await trial.call<{ VerifiedCount: number; MaxVerified: number }>('GetSMMTGFrequentChatId');
    expect(chats.Data).toMatchObject({ VerifiedCount: 5, MaxVerified: 5 });
  });
});

describe('posts', () => {
  async function readyTenant(id: number) {
    const owner = await tenant(true);
    const bot = token(id);
    await owner.call('ConnectTGBot', { Token: bot });
    const groups = sandboxGroups(bot);
    for (const group of groups.slice(0, 6)) await owner.call('VerifyTGGroup', { ChatId: group.id });
    return { ...owner, groups };
  }
  const jobs = () => server.deps.jobs as MemoryJobQueue;

  it('posts a message with an image to two groups once, and completes', async () => {
    const owner = await readyTenant(730001);
    const image = await uploadPicture(server, owner.token, pngOf(800, 600));
    const chatIds = [owner.groups[0].id, owner.groups[1].id];
    const created = await owner.call<{ PostId: string }>('CreateTGTask', {
      Text: 'Launch day 🚀',
      ImageFileId: image,
      ChatIds: chatIds,
    });
    expect(created.RetCode).toBe(0);
    await jobs().idle();
    const post = await owner.call<{ Status: number; Groups: { Result: string; MessageId: number }[] }>('GetTGTask', {
      PostId: created.Data.PostId,
    });
    expect(post.Data.Status).toBe(TG_POST_STATUS.Completed);
    expect(post.Data.Groups.map((g) => g.Result)).toEqual(['sent', 'sent']);
    const rows = await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'telegram'));
    const posted = rows.filter((r) => r.text.startsWith('Launch day 🚀'));
    expect(posted.map((r) => r.to).sort()).toEqual(chatIds.map((id, i) => `Sandbox group ${'AB'[i]} (${id})`).sort());
    expect(posted[0].text).toMatch(/\[photo\] http:\/\/127\.0\.0\.1:\d+\/files\//);
    // a retried job finds every group settled and posts nothing again
    const [row] = await server.deps.database.db.select().from(tgPosts).where(eq(tgPosts.postId, created.Data.PostId));
    await server.deps.database.db.update(tgPosts).set({ status: TG_POST_STATUS.Sending }).where(eq(tgPosts.id, row.id));
    await server.deps.jobs.send('telegram-post-send', { id: row.id });
    await jobs().idle();
    const again = await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'telegram'));
    expect(again.filter((r) => r.text.startsWith('Launch day 🚀'))).toHaveLength(2);
  });

  it('a post retried with its IdempotencyKey (a dropped answer, or twice at once) is sent once', async () => {
    const owner = await readyTenant(730006);
    const text = `Retried ${Date.now()}`;
    const post = { Text: text, ChatIds: [owner.groups[0].id], IdempotencyKey: `tg-${Date.now()}` };
    const [first, twin] = await Promise.all([
      owner.call<{ PostId: string }>('CreateTGTask', post),
      owner.call<{ PostId: string }>('CreateTGTask', post),
    ]);
    expect([first.RetCode, twin.RetCode]).toEqual([0, 0]);
    expect(twin.Data.PostId).toBe(first.Data.PostId);
    await jobs().idle();
    expect((await owner.call<{ PostId: string }>('CreateTGTask', post)).Data.PostId).toBe(first.Data.PostId);
    const rows = await server.deps.database.db.select().from(outbox).where(eq(outbox.channel, 'telegram'));
    expect(rows.filter((r) => r.text.startsWith(text))).toHaveLength(1);
    expect((await owner.call('CreateTGTask', { ...post, Text: `${text}!` })).RetCode).toBe(RetCode.IdempotencyConflict);
  });

  it('records a failed group (the bot may not post in F) and still completes', async () => {
    const owner = await readyTenant(730002);
    const created = await owner.call<{ PostId: string }>('CreateTGTask', {
      Text: 'Read-only test',
      ChatIds: [owner.groups[0].id, owner.groups[5].id],
    });
    await jobs().idle();
    const post = await owner.call<{ Status: number; Groups: { Title: string; Result: string; Error: string }[] }>(
      'GetTGTask',
      { PostId: created.Data.PostId },
    );
    expect(post.Data.Status).toBe(TG_POST_STATUS.Completed);
    expect(post.Data.Groups.map((g) => [g.Title, g.Result])).toEqual([
      ['Sandbox group A', 'sent'],
      ['Sandbox group F', 'failed'],
    ]);
  });

  it('refuses a 6 MB image, a 12000 px wide one, a 1:25 one and an unverified group; nothing stored or sent', async () => {
    const owner = await readyTenant(730003);
    const before = await owner.call<{ Total: number }>('ListTGTask');
    const cases: [Buffer, string][] = [
      [pngOf(800, 600, 6 * 1024 * 1024), 'validation:tgImageTooLarge'],
      [pngOf(12_000, 100), 'validation:tgImageTooWide'],
      [pngOf(2500, 100), 'validation:tgImageRatio'],
    ];
    for (const [bytes, key] of cases) {
      const image = await uploadPicture(server, owner.token, bytes);
      const reply = await owner.call('CreateTGTask', { Text: 'x', ImageFileId: image, ChatIds: [owner.groups[0].id] });
      expect(reply.RetCode).toBe(RetCode.TelegramImageRefused);
      expect(fieldsOf(reply.Data)).toEqual([{ Field: 'ImageFileId', Key: key }]);
    }
    const unverified = await owner.call('CreateTGTask', {
      Text: 'x',
      ChatIds: [owner.groups[0].id, owner.groups[6].id],
    });
    expect(unverified.RetCode).toBe(RetCode.TelegramGroupNotVerified);
    expect(fieldsOf(unverified.Data)).toEqual([{ Field: 'ChatIds.1', Key: 'validation:tgGroupNotVerified' }]);
    expect((await owner.call<{ Total: number }>('ListTGTask')).Data.Total).toBe(before.Data.Total);
  });

  it('keeps a draft, sends it later, and deletes anything but a post being sent', async () => {
    const owner = await readyTenant(730004);
    const draft = await owner.call<{ PostId: string; Status: number }>('CreateTGTask', {
      Text: 'Draft',
      ChatIds: [owner.groups[2].id],
      Draft: true,
    });
    expect(draft.Data.Status).toBe(TG_POST_STATUS.Draft);
    const later = Math.floor(server.clock.nowMs() / 1000) + 3600;
    const submitted = await owner.call<{ Status: number }>('CreateTGTask', {
      PostId: draft.Data.PostId,
      Text: 'Scheduled',
      ChatIds: [owner.groups[2].id],
      SendTime: later,
    });
    expect(submitted.Data.Status).toBe(TG_POST_STATUS.Submitted);
    const list = await owner.call<{ Posts: { PostId: string; Status: number }[] }>('ListTGTask', {
      Status: [TG_POST_STATUS.Submitted],
    });
    expect(list.Data.Posts.map((p) => p.PostId)).toEqual([draft.Data.PostId]);
    expect((await owner.call('DeleteSMMTGTask', { PostIds: [draft.Data.PostId] })).RetCode).toBe(0);
    expect((await owner.call('GetTGTask', { PostId: draft.Data.PostId })).RetCode).toBe(RetCode.NotFound);
  });

  it('keeps accounts apart: another account cannot see, list, send or delete your posts and groups', async () => {
    const owner = await readyTenant(730005);
    const created = await owner.call<{ PostId: string }>('CreateTGTask', {
      Text: 'Mine',
      ChatIds: [owner.groups[0].id],
      Draft: true,
    });
    const other = await tenant(true);
    expect((await other.call('GetTGTask', { PostId: created.Data.PostId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.call('DeleteSMMTGTask', { PostIds: [created.Data.PostId] })).RetCode).toBe(RetCode.NotFound);
    expect((await other.call<{ Total: number }>('ListTGTask')).Data.Total).toBe(0);
    expect((await other.call<{ Bot: unknown }>('GetTGBot')).Data.Bot).toBeNull();
    expect((await other.call('GetSMMTGFrequentChatId')).RetCode).toBe(RetCode.TelegramBotMissing);
    const borrowed = await other.call('CreateTGTask', { Text: 'x', ChatIds: [owner.groups[0].id], Draft: true });
    expect(borrowed.RetCode).toBe(RetCode.TelegramGroupNotVerified);
    expect((await owner.call('GetTGTask', { PostId: created.Data.PostId })).RetCode).toBe(0);
  });
});
