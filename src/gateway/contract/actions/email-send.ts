import { z } from 'zod';
import { defineAction } from './define';
import { campaignNameField, pageFields, smsTagField, smsTaskIdField, timeRange } from './sms-common';
import { smsTaskData } from './sms-records';
import { sendTaskReplyData } from './sms-send';
import { idempotencyKeyField } from './subscriptions';
import { audienceSourceFields } from '../audience/send-audience';
import { emailTemplateIdField } from './email-templates';
import { emailRecordFilters } from './email-stats';
import { EMAIL_MESSAGE_RESULTS, EMAIL_TASK_STATUS } from '../statuses';
import { SMS_LIMITS } from '../sms-constants';

// E-mail sending (issue 13 item 4; spec 001 §4-§5). The spec names no e-mail Actions: Herald names
// them after the e-mail template ones (docs/decisions.md "E-mail sending"). E-mail runs on the channel
// kernel, so a task has the SMS task's shape (SenderId is the e-mail sender, CountryCode empty).

/** Spec 001 §5: an e-mail file is xlsx or txt under 20 MB, 500,000 rows at most. */
export const EMAIL_SEND_LIMITS = {
  maxRecipients: 500_000,
  fileBytes: 20 * 1024 * 1024,
  /** 500,000 addresses as JSON, with room for variable values. */
  bodyBytes: 48 * 1024 * 1024,
} as const;

/** Herald's e-mail price: 10 units (0.001 of the currency) per mail, from the 6011 sub-wallet. */
export const EMAIL_PRICE = 10;

/** Merge tags filled for every recipient at send time. */
export const EMAIL_SEND_FILLED_TAGS = ['Email', 'UnsubscribeUrl'] as const;

/** A template's send variables: its merge tags other than those the send fills, in template order. */
export const emailSendVariables = (mergeTags: readonly string[]): string[] =>
  mergeTags.filter((tag) => !(EMAIL_SEND_FILLED_TAGS as readonly string[]).includes(tag));

/** A recipient as typed or read from a file: a malformed one is counted as invalid, not refused. */
const rawAddress = z.string().max(320);

/** The sender a task mails from (required: "no sender" is a field error). */
export const sendSenderField = z
  .string({ message: 'validation:emailSenderRequired' })
  .trim()
  .regex(/^ES[0-9A-Za-z]{6,40}$/, 'validation:emailSenderRequired');

const emailTaskStatusField = z
  .number()
  .int()
  .refine((v) => Object.values(EMAIL_TASK_STATUS).includes(v as never), 'validation:invalid');

export const emailSendTaskInput = z
  .object({
    TaskName: campaignNameField,
    TemplateId: emailTemplateIdField,
    SenderId: sendSenderField,
    Tags: z.array(smsTagField).max(SMS_LIMITS.tagsPerTask).default([]),
    ProjectId: z.string().trim().max(64).default('default'),
    SendType: z.enum(['immediate', 'scheduled']).default('immediate'),
    /** Local time in TimeZone: "YYYY-MM-DD HH:mm" (seconds optional). Required when scheduled. */
    ScheduledTime: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'validation:scheduleInvalid')
      .optional(),
    TimeZone: z.string().trim().max(64).optional(),
    /** Pasted or a one-column file; refused for a template with variables (spec 001 §5). */
    Emails: z.array(rawAddress).max(EMAIL_SEND_LIMITS.maxRecipients, 'validation:recipientsTooMany').optional(),
    /** [address, value of the first variable, …] from a file with one column per variable. */
    Rows: z
      .array(z.array(z.string().max(1000)).min(1).max(21))
      .max(EMAIL_SEND_LIMITS.maxRecipients, 'validation:recipientsTooMany')
      .optional(),
    ...audienceSourceFields,
    IdempotencyKey: idempotencyKeyField.optional(),
  })
  .strict()
  .refine(
    (v) => (v.Emails?.length ?? 0) + (v.Rows?.length ?? 0) > 0 || v.ListId !== undefined || v.SegmentId !== undefined,
    { message: 'validation:recipientsRequired', path: ['Emails'] },
  )
  .refine((v) => [v.Emails, v.Rows, v.ListId, v.SegmentId].filter((source) => source !== undefined).length <= 1, {
    message: 'validation:recipientsOneSource',
    path: ['Rows'],
  })
  .refine((v) => v.VariableMapping === undefined || v.ListId !== undefined || v.SegmentId !== undefined, {
    message: 'validation:variableMappingNeedsAudience',
    path: ['VariableMapping'],
  })
  .refine((v) => v.SendType === 'immediate' || (v.ScheduledTime !== undefined && v.TimeZone !== undefined), {
    message: 'validation:scheduleRequired',
    path: ['ScheduledTime'],
  });

export const emailSendRecordData = z.object({
  RecordId: z.string(),
  TaskId: z.string(),
  SessionNo: z.string(),
  TaskName: z.string(),
  Email: z.string(),
  Subject: z.string(),
  /** EMAIL_MESSAGE_RESULTS */
  Result: z.enum(EMAIL_MESSAGE_RESULTS),
  ErrorCode: z.string(),
  ErrorDescription: z.string(),
  SubmitTime: z.number(),
  ReportTime: z.number(),
  Cost: z.number(),
  /** Times the mail was opened and its links clicked (0: never). */
  Opens: z.number(),
  Clicks: z.number(),
});
export type EmailSendRecord = z.infer<typeof emailSendRecordData>;

/** Spec 001 §3 trace statistics of a task (docs/decisions.md "E-mail tracking"). */
export const emailTraceStatisticData = z.object({
  TaskId: z.string(),
  /** Mails delivered: the base of the reading conversion. */
  Delivered: z.number(),
  Opens: z.number(),
  UniqueOpens: z.number(),
  Clicks: z.number(),
  UniqueClicks: z.number(),
  Unsubscribes: z.number(),
  /** Unique opens per delivered mail, in percent (two decimals); 0 while none is delivered. */
  ReadingConversion: z.number(),
});
export type EmailTraceStatistic = z.infer<typeof emailTraceStatisticData>;

export const emailSendActions = {
  /**
   * Sends an approved template from an enabled sender of a verified domain: a kernel task on the e-mail
   * channel. Recipients are Emails, Rows, a ListId or a SegmentId; malformed addresses are counted as
   * invalid, duplicates dropped, suppressed addresses skipped and counted (SuppressedCount).
   */
  AddEmailSendTask: defineAction(
    'user',
    emailSendTaskInput,
    sendTaskReplyData.extend({ SuppressedCount: z.number() }),
    { bodyLimit: EMAIL_SEND_LIMITS.bodyBytes },
  ),
  /** The e-mail task list (/email/message) or one task (TaskId), newest first. */
  GetEmailSendTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        TaskId: smsTaskIdField.optional(),
        Keyword: z.string().trim().max(64).optional(),
        /** A filter group of EMAIL_TASK_STATUS codes (EMAIL_TASK_FILTER_GROUPS). */
        Status: z.array(emailTaskStatusField).max(12).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(smsTaskData) }),
  ),
  CancelEmailSendTask: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({ TaskId: z.string(), Status: z.number() }),
  ),
  /** Send records (/email/search and a task's detail): one per recipient. */
  GetEmailSendRecord: defineAction(
    'user',
    timeRange({ ...pageFields, ...emailRecordFilters }),
    z.object({ Total: z.number(), Records: z.array(emailSendRecordData) }),
  ),
  /** A task's opens, clicks, unsubscribes and reading conversion (the task detail's trace statistics). */
  GetEmailTraceStatistic: defineAction('user', z.object({ TaskId: smsTaskIdField }).strict(), emailTraceStatisticData),
} as const;
