import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from './define';
import { emailField, keyField, personNameField, phoneCodeField, PHONE_PATTERN } from '../validators';

// Account settings, access keys and the account's notifications (spec 000 §7, spec 001 §5).

/** Spec 000 §6 verification purposes: modify old email 1, cancel account 2, activate sub user 3, modify password 4. */
export const VERIFY_TYPES = { ModifyOldEmail: 1, CancelAccount: 2, ActivateSubUser: 3, ModifyPassword: 4 } as const;
export const NOTIFICATION_TOPICS = ['alarm', 'ticketReply', 'planExpiry'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
export const NOTIFICATION_EMAILS_MAX = 5;
export const ACCESS_KEYS_MAX = 5;

/** An IANA zone name the runtime knows (the browser and Node share the tz database). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timezoneField = z.string().trim().min(1).max(64).refine(isTimeZone, 'validation:timezoneInvalid');
const optionalPhone = z
  .string()
  .trim()
  .refine((p) => p === '' || PHONE_PATTERN.test(p), 'validation:phoneInvalid');

const accessKey = z.object({
  AccessKeyId: z.string(),
  Name: z.string(),
  CreateTime: z.number(),
  /** 0 when never used */
  LastUsedTime: z.number(),
});

const notification = z.object({
  NotificationId: z.number(),
  Kind: z.enum(NOTIFICATION_TOPICS),
  /** Already in the reader's language. */
  Title: z.string(),
  Body: z.string(),
  /** a console path to open, or '' */
  Link: z.string(),
  CreateTime: z.number(),
  Read: z.boolean(),
});
export type AccountNotification = z.infer<typeof notification>;
export type AccessKeyInfo = z.infer<typeof accessKey>;

export const settingsActions = {
  UpdateUser: defineAction(
    'user',
    z
      .object({
        CnName: personNameField.optional(),
        EnName: personNameField.optional(),
        Phone: optionalPhone.optional(),
        Timezone: timezoneField.optional(),
      })
      .strict(),
    emptyData,
  ),
  /** Sends a 6-digit code to the current address (VerifyType 1: modify old email). */
  SendCurrentEmailVerificationCode: defineAction(
    'user',
    z
      .object({ VerifyType: z.literal(VERIFY_TYPES.ModifyOldEmail, { message: 'validation:verifyTypeUnsupported' }) })
      .strict(),
    z.object({ ResendAfterSeconds: z.number() }),
  ),
  /** With the code from the old address, mails a confirmation link to the new one. */
  SendChangeEmail: defineAction(
    'user',
    z.object({ Code: phoneCodeField, NewEmail: emailField }).strict(),
    z.object({ ResendAfterSeconds: z.number() }),
  ),
  /** The link's key, opened at /mail (signed in or not): the address changes, every other session ends. */
  ChangeEmail: defineAction('public', z.object({ Key: keyField }).strict(), z.object({ Email: z.string() })),

  GetNotificationSettings: defineAction(
    'user',
    emptyInput,
    z.object({ Emails: z.array(z.string()), Topics: z.array(z.enum(NOTIFICATION_TOPICS)) }),
  ),
  UpdateNotificationSettings: defineAction(
    'user',
    z
      .object({
        Emails: z.array(emailField).max(NOTIFICATION_EMAILS_MAX, 'validation:tooManyEmails'),
        Topics: z.array(z.enum(NOTIFICATION_TOPICS)).min(1, 'validation:topicRequired'),
      })
      .strict(),
    emptyData,
  ),

  CreateAccessKey: defineAction(
    'user',
    z.object({ Name: z.string().trim().min(1, 'validation:required').max(40, 'validation:nameTooLong') }).strict(),
    accessKey.extend({ AccessKeySecret: z.string() }),
  ),
  ListAccessKeys: defineAction('user', emptyInput, z.object({ AccessKeys: z.array(accessKey) })),
  RevokeAccessKey: defineAction('user', z.object({ AccessKeyId: z.string().min(1).max(64) }).strict(), emptyData),

  GetNotificationList: defineAction(
    'user',
    z
      .object({
        Page: z.number().int().min(1).default(1),
        NumPerPage: z.union([z.literal(10), z.literal(15), z.literal(30)]).default(10),
        Unread: z.boolean().optional(),
      })
      .strict(),
    z.object({ Total: z.number(), UnreadTotal: z.number(), Notifications: z.array(notification) }),
  ),
  /** Marks the given notifications read, or all of them with All: true. */
  MarkNotificationsRead: defineAction(
    'user',
    z
      .object({
        NotificationIds: z.array(z.number().int().positive()).max(100).optional(),
        All: z.literal(true).optional(),
      })
      .strict(),
    z.object({ UnreadTotal: z.number() }),
  ),
} as const;

/**
 * A request signed with an access key may call every signed-in Action except these: the keys, the
 * password, the e-mail and the profile stay with a person at the console (docs/decisions.md).
 */
export const ACCESS_KEY_REFUSED_ACTIONS: readonly string[] = [
  'CreateAccessKey',
  'ListAccessKeys',
  'RevokeAccessKey',
  'ChangePassword',
  'SendCurrentEmailVerificationCode',
  'SendChangeEmail',
  'UpdateUser',
  'UpdateNotificationSettings',
  'SupportListTickets',
  'SupportGetTicket',
  'SupportReplyTicket',
  'SupportSetTicketStatus',
  'SupportReviewTask',
];
