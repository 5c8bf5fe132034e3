import { z } from 'zod';
import { defineAction } from './define';
import { pageFields, smsTaskIdField, smsTaskStatusField, timeRange } from './sms-common';
import { sendTaskInput, sendTaskReplyData } from './sms-send';
import { receiptCodeData, receiptCodeInput, sendStatisticsData, sendStatisticsInput, smsTaskData } from './sms-records';
import { waTemplateIdField } from './wa-templates';
import { SMS_LIMITS } from '../sms-constants';
import { WA_PHONE_NUMBER_ID_PATTERN } from '../whatsapp';
import { WA_CONVERSATION_CATEGORIES, WA_DIRECTIONS, WA_RECORD_STATUSES } from '../wa-send';

// WhatsApp sending (issue 15 item 4; docs/decisions.md "WhatsApp sending"): an APPROVED template to phones,
// a kernel task on the whatsapp channel sent from one of the account's numbers. Tasks have the SMS shapes
// (Status is the kernel's; waTaskStatusOf shows it as the WhatsApp word); records are WhatsApp's own.

export const waPhoneNumberIdField = z.string().trim().regex(WA_PHONE_NUMBER_ID_PATTERN, 'validation:waNumberRequired');

export const waRecordData = z.object({
  RecordId: z.string(),
  TaskId: z.string(),
  TaskName: z.string(),
  /** The customer's number (E.164 digits). */
  Phone: z.string(),
  /** The business number's id. */
  PhoneNumberId: z.string(),
  TemplateName: z.string(),
  Language: z.string(),
  /** WA_CONVERSATION_CATEGORIES: the conversation the message went in. */
  Category: z.enum(WA_CONVERSATION_CATEGORIES),
  Direction: z.enum(WA_DIRECTIONS),
  Status: z.enum(WA_RECORD_STATUSES),
  /** The platform's or Herald's code when failed or refused. */
  ErrorCode: z.string(),
  ErrorDescription: z.string(),
  /** What the customer read (a template filled), or what the customer wrote. */
  Content: z.string(),
  /** Units: the conversation this message opened (0 when it joined one or was free). */
  Cost: z.number(),
  /** Unix seconds: when Herald handed it to the platform, or when the customer's message arrived. */
  SubmitTime: z.number(),
  /** Unix seconds: the platform's last status (0 while none). */
  ReportTime: z.number(),
});
export type WaRecord = z.infer<typeof waRecordData>;

export const waSendActions = {
  /** Sends an approved template from a CONNECTED number to phones, rows with variable values, a list or a segment. */
  AddWhatsAppSendTask: defineAction(
    'user',
    // the SMS send input (its checks kept) and the number that sends
    sendTaskInput(waTemplateIdField).safeExtend({ PhoneNumberId: waPhoneNumberIdField }),
    sendTaskReplyData,
    { bodyLimit: SMS_LIMITS.sendTaskBodyBytes },
  ),
  /** The WhatsApp task list (/whatsapp/overview) or one task (TaskId), newest first. */
  GetWhatsAppSendTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        TaskId: smsTaskIdField.optional(),
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(smsTaskStatusField).max(11).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(smsTaskData) }),
  ),
  CancelWhatsAppSendTask: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({ TaskId: z.string(), Status: z.number() }),
  ),
  /** Message records (/whatsapp/search): sent templates and customers' messages, newest first. */
  GetWhatsAppSendRecord: defineAction(
    'user',
    timeRange({
      ...pageFields,
      TaskId: smsTaskIdField.optional(),
      Phone: z
        .string()
        .trim()
        .regex(/^\+?\d{1,20}$/, 'validation:phoneInvalid')
        .optional(),
      PhoneNumberId: waPhoneNumberIdField.optional(),
      Category: z.enum(WA_CONVERSATION_CATEGORIES).optional(),
      Direction: z.enum(WA_DIRECTIONS).optional(),
      Status: z.array(z.enum(WA_RECORD_STATUSES)).max(WA_RECORD_STATUSES.length).optional(),
    }),
    z.object({ Total: z.number(), Records: z.array(waRecordData) }),
  ),
  /** WhatsApp sends over time (/whatsapp/analytics): the kernel's statistics shapes; a message is one part. */
  GetWhatsAppSendStatistics: defineAction('user', sendStatisticsInput, sendStatisticsData),
  /** Error-code breakdown of WhatsApp messages reported in a range (WA131026, WA_NUMBER…). */
  GetWhatsAppSendReceiptCodeStatistics: defineAction('user', receiptCodeInput, receiptCodeData),
} as const;
