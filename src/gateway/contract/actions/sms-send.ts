import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import {
  campaignNameField,
  senderIdField,
  smsCountryField,
  smsTagField,
  smsTaskIdField,
  smsTemplateIdField,
} from './sms-common';
import { SMS_LIMITS } from '../sms-constants';
import { idempotencyKeyField } from './subscriptions';
import { audienceSourceFields } from '../audience/send-audience';

/** A recipient as typed or read from a file; the server counts a malformed one as invalid rather than refusing the task. */
const rawPhone = z.string().max(32);

export const countryData = z.object({
  CountryCode: z.string(),
  CountryName: z.string(),
  /** The Chinese name. */
  CountryAlias: z.string(),
  PhonePrefix: z.string(),
  /** Herald's carriers reach it; an unsupported country is refused at sending. */
  Supported: z.boolean(),
});

export const priceData = z.object({
  CountryCode: z.string(),
  CountryName: z.string(),
  CountryAlias: z.string(),
  PhonePrefix: z.string(),
  /** Integer units per message part (10,000 per currency unit). */
  Price: z.number(),
  Currency: z.string(),
});

/** A send task's input, for a channel whose templates have ids `templateIdField` (SMS, MMS). */
export function sendTaskInput(templateIdField: z.ZodString) {
  return z
    .object({
      TaskName: campaignNameField,
      TemplateId: templateIdField,
      CountryCode: smsCountryField,
      SenderId: senderIdField.optional(),
      Tags: z.array(smsTagField).max(SMS_LIMITS.tagsPerTask).default([]),
      ProjectId: z.string().trim().max(64).default('default'),
      SendType: z.enum(['immediate', 'scheduled']).default('immediate'),
      /** Local time in TimeZone: "YYYY-MM-DD HH:mm" (seconds optional). Required when scheduled. */
      ScheduledTime: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'validation:scheduleInvalid')
        .optional(),
      /** A ZoneKey of GetTimeZones. */
      TimeZone: z.string().trim().max(64).optional(),
      Phones: z.array(rawPhone).max(SMS_LIMITS.maxRecipients, 'validation:recipientsTooMany').optional(),
      Rows: z
        .array(z.array(z.string().max(500)).min(1).max(21))
        .max(SMS_LIMITS.maxRecipients, 'validation:recipientsTooMany')
        .optional(),
      ...audienceSourceFields,
      /**
       * One per draft (the send wizard makes it and reuses it on Retry): a retry with the same key
       * and body answers the first task instead of creating a second; another body is IdempotencyConflict.
       */
      IdempotencyKey: idempotencyKeyField.optional(),
    })
    .strict()
    .refine(
      (v) => (v.Phones?.length ?? 0) + (v.Rows?.length ?? 0) > 0 || v.ListId !== undefined || v.SegmentId !== undefined,
      { message: 'validation:recipientsRequired', path: ['Phones'] },
    )
    .refine((v) => [v.Phones, v.Rows, v.ListId, v.SegmentId].filter((source) => source !== undefined).length <= 1, {
      message: 'validation:recipientsOneSource',
      path: ['Rows'],
    })
    .refine((v) => v.VariableMapping === undefined || v.ListId !== undefined || v.SegmentId !== undefined, {
      message: 'validation:variableMappingNeedsAudience',
      path: ['VariableMapping'],
    })
    .refine((v) => new Set(v.VariableMapping?.map((item) => item.Variable)).size === (v.VariableMapping?.length ?? 0), {
      message: 'validation:variableMappingRepeated',
      path: ['VariableMapping'],
    })
    .refine((v) => v.SendType === 'immediate' || (v.ScheduledTime !== undefined && v.TimeZone !== undefined), {
      message: 'validation:scheduleRequired',
      path: ['ScheduledTime'],
    });
}

/** A send task's answer: the task as accepted. */
export const sendTaskReplyData = z.object({
  TaskId: z.string(),
  SessionNo: z.string(),
  AccountId: z.number(),
  /** SMS_TASK_STATUS after acceptance: Parsing (10); the parse and review jobs move it on. */
  Status: z.number(),
  TotalCount: z.number(),
  InvalidCount: z.number(),
  DuplicateCount: z.number(),
  Segments: z.number(),
  /** Estimated cost in integer units: valid recipients × parts × price. */
  EstimatedCost: z.number(),
  /** Unix seconds. */
  SendTime: z.number(),
});

export const smsSendActions = {
  /** Projects of the account, grouped by key, each with EnName and CnName (spec 000 §3). */
  ListProjects: defineAction(
    'user',
    emptyInput,
    z.object({
      Projects: z.array(
        z.object({
          ProjectId: z.string(),
          Key: z.string(),
          EnName: z.string(),
          CnName: z.string(),
          IsDefault: z.boolean(),
        }),
      ),
    }),
  ),
  /** ZoneKey is an IANA zone; Offset its current UTC offset as "+08:00". */
  GetTimeZones: defineAction(
    'user',
    emptyInput,
    z.object({ TimeZones: z.array(z.object({ ZoneKey: z.string(), Area: z.string(), Offset: z.string() })) }),
  ),
  GetCountryCodeList: defineAction('user', emptyInput, z.object({ Countries: z.array(countryData) })),
  /**
   * Price per message part by country. Download: true answers a CSV file of every supported
   * country through the binary path (Content-Disposition attachment) instead of JSON.
   */
  GetUSMSPrice: defineAction(
    'user',
    z.object({ CountryCode: smsCountryField.optional(), Download: z.boolean().default(false) }).strict(),
    z.object({ Prices: z.array(priceData) }),
    // Download: true answers the price list as a CSV file.
    { reply: 'jsonOrFile' },
  ),
  /** Creates a tag; a tag must be unique ("tag already exists"). */
  SaveUSMSTag: defineAction(
    'user',
    z.object({ TagName: smsTagField }).strict(),
    z.object({ TagName: z.string(), Tags: z.array(z.string()) }),
  ),
  /** Herald's: the account's tags, for the send form. */
  GetUSMSTagList: defineAction('user', emptyInput, z.object({ Tags: z.array(z.string()) })),
  /**
   * Creates a send task with its recipients in one transaction and queues it. Recipients come as
   * Phones (manual import: pasted or a one-column file; refused for a template with variables) or
   * as Rows [phone, value of {{1}}, value of {{2}}, …] (a file with one column per variable).
   * Numbers are national or international (+ or 00 and the country's prefix). Malformed numbers
   * are counted as invalid, duplicates dropped. The body may be up to 8 MiB for this Action.
   * Or the recipients are a ListId or a SegmentId of the account (issue 12 item 6): resolved when the
   * task is parsed, suppressed contacts and contacts without a number of the country skipped and
   * counted, each variable filled by VariableMapping (attribute, else its default).
   */
  AddUSMSSendTask: defineAction('user', sendTaskInput(smsTemplateIdField), sendTaskReplyData, {
    bodyLimit: SMS_LIMITS.sendTaskBodyBytes,
  }),
  /** The message as recipients will see it, with its parts, for the send form's preview. */
  GetUSMSPreviewSmsContent: defineAction(
    'user',
    z
      .object({
        TemplateId: smsTemplateIdField,
        CountryCode: smsCountryField.optional(),
        Params: z.array(z.string().max(500)).max(20).default([]),
        /** Recipients to estimate the cost for. */
        RecipientCount: z.number().int().min(0).max(SMS_LIMITS.maxRecipients).default(0),
      })
      .strict(),
    z.object({
      Content: z.string(),
      Encoding: z.enum(['GSM7', 'UCS2']),
      Units: z.number(),
      Segments: z.number(),
      PerSegment: z.number(),
      VariableCount: z.number(),
      /** Price per part for the country (0 without a country). */
      Price: z.number(),
      EstimatedCost: z.number(),
    }),
  ),
  /** Cancels a scheduled or waiting task (the task lifecycle decides; otherwise IllegalTransition). */
  CancelUSMSSendTask: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({ TaskId: z.string(), Status: z.number() }),
  ),
} as const;
