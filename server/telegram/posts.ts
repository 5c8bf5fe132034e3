import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { files, tgPostGroups, tgPosts } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { FileStore } from '../providers/storage';
import { enqueueAfterCommit, QUEUE, type JobQueue } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { TG_POST_STATUS } from '../../src/gateway/contract/telegram';
import type { TgPost } from '../../src/gateway/contract/actions/telegram';
import { tgPostLifecycle, type TgPostEvent } from '../../src/machines/lifecycles/tg-post.machine';
import { requireBot, verifiedGroups } from './bots';
import { checkedPostImage } from './image';

// Telegram posts (docs/decisions.md "Telegram"): a row per post and one per target group with that
// group's result. Status changes ask the shared lifecycle (src/machines/lifecycles/tg-post.machine.ts).

export type PostRow = typeof tgPosts.$inferSelect;
type PostGroupRow = typeof tgPostGroups.$inferSelect;

export function nextPostStatus(status: number, event: TgPostEvent['type']): number {
  const next = tgPostLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

export async function ownedPost(db: Db, userId: number, postId: string): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(tgPosts)
    .where(and(eq(tgPosts.postId, postId), eq(tgPosts.userId, userId), ne(tgPosts.status, TG_POST_STATUS.Deleted)));
  if (!row) throw notFound();
  return row;
}

export interface PostInput {
  PostId?: string;
  Text: string;
  ImageFileId?: string;
  ChatIds: string[];
  SendTime?: number;
  Draft: boolean;
}

export interface PostWork {
  db: Db;
  now: Date;
  jobs: JobQueue;
  store: FileStore;
}

/** Saves a draft or submits a post; nothing is stored when a group or the image is refused. */
/** The post checked and written, nothing queued: `work.db` may be a transaction that has not committed. */
export async function storePost(work: PostWork, userId: number, input: PostInput): Promise<PostRow> {
  const existing = input.PostId ? await ownedPost(work.db, userId, input.PostId) : undefined;
  const event = input.Draft ? 'post.saveDraft' : 'post.submit';
  const status = nextPostStatus(existing?.status ?? TG_POST_STATUS.Draft, event);
  if (!input.Draft) await requireBot(work.db, userId);
  const verified = new Map((await verifiedGroups(work.db, userId)).map((g) => [g.chatId, g]));
  const chatIds = [...new Set(input.ChatIds)];
  chatIds.forEach((chatId, index) => {
    if (!verified.has(chatId))
      throw new ApiError(
        RetCode.TelegramGroupNotVerified,
        {},
        { Fields: [{ Field: `ChatIds.${index}`, Key: 'validation:tgGroupNotVerified' }] },
      );
  });
  if (input.ImageFileId) await checkedPostImage(work.db, work.store, userId, input.ImageFileId);
  const sendTime = input.SendTime ? new Date(Math.max(input.SendTime * 1000, work.now.getTime())) : work.now;
  const values = {
    status,
    text: input.Text,
    imageFileId: input.ImageFileId ?? '',
    sendTime: input.Draft ? (input.SendTime ? new Date(input.SendTime * 1000) : null) : sendTime,
    updatedAt: work.now,
  };
  const row = await work.db.transaction(async (tx) => {
    const [saved] = existing
      ? await tx.update(tgPosts).set(values).where(eq(tgPosts.id, existing.id)).returning()
      : await tx
          .insert(tgPosts)
          .values({ postId: newPublicId('TG'), userId, createdAt: work.now, ...values })
          .returning();
    await tx.delete(tgPostGroups).where(eq(tgPostGroups.postId, saved.id));
    await tx
      .insert(tgPostGroups)
      .values(chatIds.map((chatId) => ({ postId: saved.id, chatId, title: verified.get(chatId)!.title })));
    return saved;
  });
  return row;
}

export const queuePostSend = (deps: { jobs: JobQueue }, row: PostRow) =>
  enqueueAfterCommit(deps, QUEUE.telegramSend, { id: row.id }, { startAfter: row.sendTime ?? undefined });

export async function postData(db: Db, rows: PostRow[], mediaUrlOf: (fileId: string) => string): Promise<TgPost[]> {
  if (rows.length === 0) return [];
  const groups = await db
    .select()
    .from(tgPostGroups)
    .where(
      inArray(
        tgPostGroups.postId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(tgPostGroups.title);
  const imageIds = rows.map((r) => r.imageFileId).filter(Boolean);
  const images = imageIds.length ? await db.select().from(files).where(inArray(files.id, imageIds)) : [];
  const groupData = (g: PostGroupRow) => ({
    ChatId: g.chatId,
    Title: g.title,
    Result: g.result,
    MessageId: g.messageId,
    Error: g.error,
  });
  return rows.map((row) => ({
    PostId: row.postId,
    Text: row.text,
    ImageFileId: row.imageFileId,
    ImageName: images.find((f) => f.id === row.imageFileId)?.name ?? '',
    ImageUrl: row.imageFileId ? mediaUrlOf(row.imageFileId) : '',
    Status: row.status,
    SendTime: unix(row.sendTime),
    Groups: groups.filter((g) => g.postId === row.id).map(groupData),
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
  }));
}

export async function listPosts(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Status?: number[] },
): Promise<{ total: number; rows: PostRow[] }> {
  const conditions: SQL[] = [eq(tgPosts.userId, userId), ne(tgPosts.status, TG_POST_STATUS.Deleted)];
  if (query.Status?.length) conditions.push(inArray(tgPosts.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(tgPosts).where(where);
  const rows = await db
    .select()
    .from(tgPosts)
    .where(where)
    .orderBy(desc(tgPosts.createdAt), desc(tgPosts.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes the caller's posts; one being sent (or another account's) is refused and nothing is deleted. */
export async function deletePosts(db: Db, userId: number, postIds: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(tgPosts)
      .where(
        and(inArray(tgPosts.postId, postIds), eq(tgPosts.userId, userId), ne(tgPosts.status, TG_POST_STATUS.Deleted)),
      )
      .for('update');
    if (rows.length !== new Set(postIds).size) throw notFound();
    for (const row of rows) nextPostStatus(row.status, 'post.delete');
    await tx
      .update(tgPosts)
      .set({ status: TG_POST_STATUS.Deleted, updatedAt: now })
      .where(
        and(
          inArray(
            tgPosts.id,
            rows.map((r) => r.id),
          ),
          inArray(tgPosts.status, tgPostLifecycle.statusesAllowing('post.delete')),
        ),
      );
  });
}
