import type { HandlerMap, UserContext } from '../../context';
import { fileStoreFromEnv } from '../../providers/storage';
import { telegramPlatform } from '../../platforms';
import {
  accountBot,
  botData,
  connectBot,
  frequentChats,
  maxVerifiedGroups,
  verifiedCount,
  verifyGroup,
} from '../../telegram/bots';
import {
  deletePosts,
  listPosts,
  ownedPost,
  postData,
  queuePostSend,
  storePost,
  type PostRow,
} from '../../telegram/posts';
import { replayOrRun } from '../../money/idempotency';
import { mediaUrl, uploadSecret } from '../../uploads/signing';

// Telegram Actions (issue 15 items 6 and 9): the bot, its groups, posts.

const work = (ctx: UserContext) => ({ db: ctx.db, now: ctx.clock.now(), platform: telegramPlatform(ctx.config) });

async function mediaUrlOf(ctx: UserContext) {
  const secret = await uploadSecret(ctx.db);
  const nowSeconds = Math.floor(ctx.clock.nowMs() / 1000);
  return (fileId: string) => mediaUrl(secret, fileId, nowSeconds);
}

export const telegramHandlers: HandlerMap = {
  async ConnectTGBot({ Token }, ctx) {
    return botData(await connectBot(work(ctx), ctx.user.id, Token));
  },
  async GetTGBot(_input, ctx) {
    const row = await accountBot(ctx.db, ctx.user.id);
    return { Bot: row ? botData(row) : null };
  },
  async GetSMMTGFrequentChatId(_input, ctx) {
    const chats = await frequentChats(work(ctx), ctx.user.id);
    return {
      Chats: chats,
      VerifiedCount: await verifiedCount(ctx.db, ctx.user.id),
      MaxVerified: maxVerifiedGroups(ctx.user),
    };
  },
  async VerifyTGGroup({ ChatId }, ctx) {
    return verifyGroup(work(ctx), ctx.user, ChatId);
  },
  async CreateTGTask(input, ctx) {
    // A retry after a dropped answer (same IdempotencyKey) gets the first answer: never a second post.
    const work = { db: ctx.db, now: ctx.clock.now(), jobs: ctx.jobs, store: fileStoreFromEnv() };
    let stored: PostRow | null = null;
    const reply = await replayOrRun(ctx, 'CreateTGTask', input, async (db) => {
      stored = await storePost({ ...work, db }, ctx.user.id, input);
      return { PostId: stored.postId, Status: stored.status };
    });
    if (stored && !input.Draft) await queuePostSend(work, stored);
    return reply;
  },
  async GetTGTask({ PostId }, ctx) {
    const [post] = await postData(ctx.db, [await ownedPost(ctx.db, ctx.user.id, PostId)], await mediaUrlOf(ctx));
    return post;
  },
  async ListTGTask(query, ctx) {
    const { total, rows } = await listPosts(ctx.db, ctx.user.id, query);
    return { Total: total, Posts: await postData(ctx.db, rows, await mediaUrlOf(ctx)) };
  },
  async DeleteSMMTGTask({ PostIds }, ctx) {
    await deletePosts(ctx.db, ctx.user.id, PostIds, ctx.clock.now());
    return {};
  },
};
