import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import {
  WA_AGENT_CONTENT_MAX,
  WA_AGENT_GROUPS,
  WA_AGENT_LABELS,
  WA_AGENT_MAX_RECIPIENTS,
  WA_AGENT_NAME_MAX,
} from '../wa-agent';

// WhatsApp agent campaigns (issue 15 item 5; docs/decisions.md "WhatsApp agent campaigns"). The spec names
// no agent Action: these are Herald's. Rules that need the clock (24 hours ahead) are the handler's, with
// the contract's checkExpectedSendTime.

export const waAgentTaskIdField = z
  .string()
  .trim()
  .regex(/^AG[0-9A-Z]{16}$/, 'validation:invalid');

/** Up to 600,000 numbers of about 15 characters, with their separators. */
const RECIPIENTS_MAX_CHARS = WA_AGENT_MAX_RECIPIENTS * 20;

export const createWaAgentTaskInput = z
  .object({
    Name: z.string().trim().min(1, 'validation:required').max(WA_AGENT_NAME_MAX, 'validation:nameTooLong'),
    /** ISO 3166-1 alpha-2: numbers are read as this country's. */
    CountryCode: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'validation:required'),
    /** A ZoneKey of GetTimeZones. */
    TimeZone: z.string().trim().min(1, 'validation:required').max(64),
    /** Local time in TimeZone, "YYYY-MM-DD HH:mm": at least 24 hours ahead (spec 001 §5). */
    ExpectedSendTime: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'validation:invalid'),
    Content: z
      .string()
      .trim()
      .min(1, 'validation:required')
      .max(WA_AGENT_CONTENT_MAX, 'validation:waAgentContentTooLong'),
    /** An uploaded image or video sent with the text (a FileId of the upload machine). */
    MediaFileId: z.string().trim().max(128).optional(),
    /**
     * The numbers, one a line (or comma-separated, as pasted); anything after a tab or the console's cell
     * separator on a line is ignored. The console reads files (xlsx, txt) into this in a Web Worker.
     */
    Recipients: z.string().max(RECIPIENTS_MAX_CHARS, 'validation:waAgentRecipientsTooLong'),
    IdempotencyKey: idempotencyKeyField.optional(),
  })
  .strict();
export type CreateWaAgentTaskInput = z.input<typeof createWaAgentTaskInput>;

const statusField = z.number().int().min(1).max(7);

export const waAgentTaskSchema = z.object({
  TaskId: z.string(),
  Name: z.string(),
  CountryCode: z.string(),
  TimeZone: z.string(),
  ExpectedSendTime: z.string(),
  /** Unix seconds of the expected send time. */
  ExpectedSendAt: z.number(),
  Content: z.string(),
  MediaFileId: z.string(),
  Status: statusField,
  Group: z.enum(WA_AGENT_GROUPS),
  Labels: z.array(z.enum(WA_AGENT_LABELS)),
  FailReason: z.string(),
  TotalCount: z.number(),
  InvalidCount: z.number(),
  DuplicateCount: z.number(),
  SentCount: z.number(),
  FailedCount: z.number(),
  /** Units (10,000 per currency unit) per recipient. */
  Price: z.number(),
  Charged: z.number(),
  Refunded: z.number(),
  /** Unix seconds of each stage (null until reached). */
  CreateTime: z.number(),
  AnalyzingTime: z.number().nullable(),
  AnalyzedTime: z.number().nullable(),
  SendingTime: z.number().nullable(),
  FinishTime: z.number().nullable(),
});
export type WaAgentTask = z.infer<typeof waAgentTaskSchema>;

const taskRef = z.object({ TaskId: waAgentTaskIdField }).strict();

export const waAgentActions = {
  /** Charges recipients × price to the main wallet (product 6009) and opens the campaign in WaitForSend. */
  CreateWaAgentTask: defineAction(
    'user',
    createWaAgentTaskInput,
    z.object({ TaskId: z.string(), Status: statusField, TotalCount: z.number(), Charged: z.number() }),
    { bodyLimit: RECIPIENTS_MAX_CHARS + 65_536 },
  ),
  ListWaAgentTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Group: z.enum(WA_AGENT_GROUPS).optional(),
        Keyword: z.string().trim().max(64).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(waAgentTaskSchema) }),
  ),
  GetWaAgentTask: defineAction('user', taskRef, waAgentTaskSchema),
  /** Until sending starts; refunds the whole charge. */
  CancelWaAgentTask: defineAction('user', taskRef, z.object({ Status: statusField, Refunded: z.number() })),
} as const;
