import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { tgPostGroups, tgPosts } from '../db/schema';
import { PlatformError, type MessagingPlatform } from '../platforms';
import { enqueueAfterCommit, QUEUE, type JobQueue } from '../queue';
import { TG_POST_STATUS } from '../../src/gateway/contract/telegram';
import { tgPostLifecycle } from '../../src/machines/lifecycles/tg-post.machine';
import { accountBot } from './bots';

// The send job of a post (docs/decisions.md "Telegram"): Submitted -> Sending, then each group once.
// A group is claimed (pending -> sending) in its own statement before the Bot API is called, so a job
// that runs again (pg-boss is at-least-once) never posts to a group twice: a group left "sending" by a
// crashed run is marked failed, not sent again. A 429 puts the group back to pending and the job retries.

export interface PostSendWork {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  platform: MessagingPlatform;
  /** An absolute address Telegram can fetch a stored image from. */
  imageUrlOf: (fileId: string) => Promise<string>;
}

const INTERRUPTED = 'Interrupted while sending; not sent again to avoid a duplicate post.';

async function moveStatus(db: Db, id: number, from: number, event: 'send.start' | 'send.finish', now: Date) {
  const next = tgPostLifecycle.next(from, event);
  if (!next) return;
  await db
    .update(tgPosts)
    .set({ status: next.status, updatedAt: now })
    .where(and(eq(tgPosts.id, id), eq(tgPosts.status, from)));
}

async function claimGroup(db: Db, postId: number, chatId: string): Promise<boolean> {
  const claimed = await db
    .update(tgPostGroups)
    .set({ result: 'sending' })
    .where(and(eq(tgPostGroups.postId, postId), eq(tgPostGroups.chatId, chatId), eq(tgPostGroups.result, 'pending')))
    .returning({ chatId: tgPostGroups.chatId });
  return claimed.length === 1;
}

export async function sendPost(work: PostSendWork, id: number): Promise<void> {
  const { db } = work;
  const [post] = await db.select().from(tgPosts).where(eq(tgPosts.id, id));
  if (!post) return;
  if (post.status === TG_POST_STATUS.Submitted) {
    // Deleted while it waited, or an early run: the row decides, not the job.
    if (post.sendTime && post.sendTime.getTime() > work.clock.nowMs())
      return void (await queueSend(work, id, post.sendTime));
    await moveStatus(db, id, TG_POST_STATUS.Submitted, 'send.start', work.clock.now());
  } else if (post.status !== TG_POST_STATUS.Sending) return;

  const bot = await accountBot(db, post.userId);
  const groups = await db.select().from(tgPostGroups).where(eq(tgPostGroups.postId, id));
  const imageUrl = post.imageFileId ? await work.imageUrlOf(post.imageFileId) : undefined;
  let retry = false;
  for (const group of groups) {
    if (group.result !== 'pending' || !(await claimGroup(db, id, group.chatId))) continue;
    const where = and(eq(tgPostGroups.postId, id), eq(tgPostGroups.chatId, group.chatId));
    if (!bot) {
      await db.update(tgPostGroups).set({ result: 'failed', error: 'No bot connected' }).where(where);
      continue;
    }
    try {
      const sent = await work.platform.send(bot.token, { chatId: group.chatId, text: post.text, imageUrl });
      await db.update(tgPostGroups).set({ result: 'sent', messageId: sent.messageId, error: '' }).where(where);
    } catch (error) {
      if (error instanceof PlatformError && error.refusal === 'rateLimited') {
        await db.update(tgPostGroups).set({ result: 'pending' }).where(where);
        retry = true;
        continue;
      }
      const reason = error instanceof PlatformError ? error.description : String(error);
      await db
        .update(tgPostGroups)
        .set({ result: 'failed', error: reason.slice(0, 500) })
        .where(where);
    }
  }
  if (retry) throw new Error(`telegram post ${id}: rate limited, retrying`);
  await db
    .update(tgPostGroups)
    .set({ result: 'failed', error: INTERRUPTED })
    .where(and(eq(tgPostGroups.postId, id), eq(tgPostGroups.result, 'sending')));
  await moveStatus(db, id, TG_POST_STATUS.Sending, 'send.finish', work.clock.now());
}

const queueSend = (work: { jobs: JobQueue }, id: number, at: Date) =>
  enqueueAfterCommit(work, QUEUE.telegramSend, { id }, { startAfter: at });

/** Start-up sweep: posts due or in flight get their job again (a lost enqueue delays, never loses). */
export async function sweepPosts(work: Pick<PostSendWork, 'db' | 'clock' | 'jobs'>): Promise<number> {
  const due = await work.db
    .select({ id: tgPosts.id, sendTime: tgPosts.sendTime, status: tgPosts.status })
    .from(tgPosts)
    .where(lte(tgPosts.status, TG_POST_STATUS.Sending));
  const inFlight = due.filter((p) => p.status === TG_POST_STATUS.Submitted || p.status === TG_POST_STATUS.Sending);
  for (const post of inFlight) await queueSend(work, post.id, post.sendTime ?? work.clock.now());
  return inFlight.length;
}
