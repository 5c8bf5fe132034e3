import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields, unixSeconds } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { TG_CHAT_ID_PATTERN, TG_LIMITS, TG_TOKEN_PATTERN } from '../telegram';

// Telegram in the Marketing hub (issue 15 items 6 and 9; docs/decisions.md "Telegram"): a bot per
// account connected by its Bot API token, the groups it is in, posts to verified groups. ListTGTask,
// GetSMMTGFrequentChatId, DeleteSMMTGTask and CreateTGTask are spec 000 §7's; the rest are Herald's.

export const tgPostIdField = z
  .string()
  .trim()
  .regex(/^TG[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const tgChatIdField = z.string().trim().regex(TG_CHAT_ID_PATTERN, 'validation:tgChatIdInvalid');

const bot = z.object({
  BotId: z.string(),
  Username: z.string(),
  FirstName: z.string(),
  /** The token's bot id and last 4 characters: the token itself is never answered. */
  TokenHint: z.string(),
  CreateTime: z.number(),
});
const chat = z.object({ ChatId: z.string(), Title: z.string(), Type: z.string(), Verified: z.boolean() });
const groupResult = z.object({
  ChatId: z.string(),
  Title: z.string(),
  /** pending, sending, sent, failed */
  Result: z.string(),
  MessageId: z.number().nullable(),
  Error: z.string(),
});
const post = z.object({
  PostId: z.string(),
  Text: z.string(),
  ImageFileId: z.string(),
  ImageName: z.string(),
  ImageUrl: z.string(),
  /** TG_POST_STATUS */
  Status: z.number(),
  SendTime: z.number(),
  Groups: z.array(groupResult),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type TgBot = z.infer<typeof bot>;
export type TgChat = z.infer<typeof chat>;
export type TgPost = z.infer<typeof post>;

const postInput = z
  .object({
    /** A draft of the caller's to save again or send; none makes a new post. */
    PostId: tgPostIdField.optional(),
    Text: z.string().trim().min(1, 'validation:required').max(TG_LIMITS.textMax, 'validation:tgTextTooLong'),
    ImageFileId: z.string().trim().max(64).optional(),
    ChatIds: z
      .array(tgChatIdField)
      .min(1, 'validation:tgGroupsRequired')
      .max(TG_LIMITS.groupsPerPost, 'validation:tgGroupsTooMany'),
    /** unix seconds; none or past sends at once */
    SendTime: unixSeconds.optional(),
    /** true saves a draft; false submits (send now or at SendTime) */
    Draft: z.boolean().default(false),
    /**
     * One per composed post (the composer makes it and sends it on every try): a retry with the same key
     * and body answers the first post instead of making a second; another body is IdempotencyConflict.
     */
    IdempotencyKey: idempotencyKeyField.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.ImageFileId && value.Text.length > TG_LIMITS.captionMax)
      ctx.addIssue({ code: 'custom', path: ['Text'], message: 'validation:tgCaptionTooLong' });
  });

export const telegramActions = {
  ConnectTGBot: defineAction(
    'user',
    z.object({ Token: z.string().trim().regex(TG_TOKEN_PATTERN, 'validation:tgTokenInvalid') }).strict(),
    bot,
  ),
  GetTGBot: defineAction('user', z.object({}).strict(), z.object({ Bot: bot.nullable() })),
  /** The groups the bot has seen (its updates), each marked verified or not. */
  GetSMMTGFrequentChatId: defineAction(
    'user',
    z.object({}).strict(),
    z.object({ Chats: z.array(chat), VerifiedCount: z.number(), MaxVerified: z.number().nullable() }),
  ),
  VerifyTGGroup: defineAction('user', z.object({ ChatId: tgChatIdField }).strict(), chat),
  CreateTGTask: defineAction('user', postInput, z.object({ PostId: z.string(), Status: z.number() })),
  GetTGTask: defineAction('user', z.object({ PostId: tgPostIdField }).strict(), post),
  ListTGTask: defineAction(
    'user',
    z.object({ ...pageFields, Status: z.array(z.number().int().min(0).max(9)).max(10).optional() }).strict(),
    z.object({ Total: z.number(), Posts: z.array(post) }),
  ),
  DeleteSMMTGTask: defineAction(
    'user',
    z.object({ PostIds: z.array(tgPostIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
} as const;
