import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { waTemplateIdField } from './wa-templates';
import { INBOX_LIMITS, INBOX_PLATFORM } from '../inbox';

// The smart inbox (issue 15 item 7; docs/decisions.md "Smart inbox"). The spec names no inbox Action:
// these are Herald's.

export const inboxMessageIdField = z
  .string()
  .trim()
  .regex(/^IB[0-9A-Za-z]{6,40}$/, 'validation:invalid');

/** The list's tabs: every message but the archive, one status, the favorites, or the archive. */
export const INBOX_VIEWS = ['all', 'unread', 'reviewed', 'replied', 'favorited', 'archived'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

const platformField = z
  .number()
  .int()
  .refine((value) => Object.values(INBOX_PLATFORM).includes(value as never), 'validation:invalid');

const message = z.object({
  MessageId: z.string(),
  PlatformType: z.number(),
  /** spec 001 §3 message type code (71 group message, …) */
  Type: z.number(),
  ChatId: z.string(),
  ChatTitle: z.string(),
  SenderName: z.string(),
  Text: z.string(),
  /** INBOX_STATUS */
  Status: z.number(),
  Favorited: z.boolean(),
  ReceivedTime: z.number(),
  RepliedTime: z.number().nullable(),
  /** the teammate it is assigned to (docs/decisions.md "Inbox assignment"), or null */
  Assignee: z.object({ TeammateId: z.string(), Name: z.string() }).nullable(),
});
const reply = z.object({
  Text: z.string(),
  /** sending, sent, failed */
  Result: z.string(),
  Error: z.string(),
  CreateTime: z.number(),
});
export type InboxMessage = z.infer<typeof message>;
export type InboxReply = z.infer<typeof reply>;

/** What the console may do to a message; each is one lifecycle event (or the favorite mark). */
export const INBOX_CHANGES = ['review', 'markUnread', 'archive', 'restore', 'favorite', 'unfavorite'] as const;

export const inboxActions = {
  ListInboxMessage: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        View: z.enum(INBOX_VIEWS).default('all'),
        PlatformType: platformField.optional(),
        Search: z.string().trim().max(100).optional(),
        /** 'unassigned' or a TeammateId (docs/decisions.md "Inbox assignment") */
        Assignee: z
          .union([
            z.literal('unassigned'),
            z
              .string()
              .trim()
              .regex(/^TM[0-9A-Za-z]{6,40}$/, 'validation:invalid'),
          ])
          .optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Messages: z.array(message) }),
  ),
  GetInboxMessage: defineAction(
    'user',
    z.object({ MessageId: inboxMessageIdField }).strict(),
    z.object({ Message: message, Replies: z.array(reply) }),
  ),
  /** Unread messages in the inbox's window: the top bar's count. */
  GetInboxUnreadCount: defineAction('user', z.object({}).strict(), z.object({ Unread: z.number() })),
  UpdateInboxMessage: defineAction(
    'user',
    z.object({ MessageIds: z.array(inboxMessageIdField).min(1).max(100), Change: z.enum(INBOX_CHANGES) }).strict(),
    z.object({ Changed: z.number() }),
  ),
  ReplyInboxMessage: defineAction(
    'user',
    z
      .object({
        MessageId: inboxMessageIdField,
        Text: z
          .string()
          .trim()
          .min(1, 'validation:required')
          .max(INBOX_LIMITS.replyMax, 'validation:inboxReplyTooLong'),
        IdempotencyKey: idempotencyKeyField,
      })
      .strict(),
    reply,
  ),
  /**
   * Answers a WhatsApp message with an APPROVED template of the number it was written to (the only answer
   * outside the 24-hour window; docs/decisions.md "WhatsApp settings and template replies"): a one-recipient
   * WhatsApp task, priced and recorded as /whatsapp/sending's. Values fill the template's {{n}} in order.
   */
  SendInboxTemplateReply: defineAction(
    'user',
    z
      .object({
        MessageId: inboxMessageIdField,
        TemplateId: waTemplateIdField,
        Values: z.array(z.string().trim().min(1, 'validation:required').max(500)).max(20).default([]),
        IdempotencyKey: idempotencyKeyField,
      })
      .strict(),
    reply.extend({ TaskId: z.string() }),
  ),
} as const;
