import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields, smsCountryField, smsTaskIdField, smsTaskStatusField, timeRange } from './sms-common';
import { priceData, sendTaskInput, sendTaskReplyData } from './sms-send';
import {
  receiptCodeData,
  receiptCodeInput,
  recordExportActions,
  recordFilters,
  sendStatisticsData,
  sendStatisticsInput,
  smsRecordData,
  smsTaskData,
} from './sms-records';
import { SMS_LIMITS, SMS_TEMPLATE_LANGUAGES, SMS_TEMPLATE_STATUS } from '../sms-constants';
import { smsTemplateNameField } from '../sms-template';
import { MMS_LIMITS, mmsSubjectField, mmsTextField } from '../mms-content';

// The MMS area (issue 11 item 4; spec 000 §2 /mms/ routes). The spec names no MMS Actions: Herald
// names them in the spirit of the SMS ones (docs/decisions.md "MMS"). MMS runs on the channel
// kernel, so tasks and records have the SMS shapes; a template adds a subject and images.

export const mmsTemplateIdField = z
  .string()
  .trim()
  .regex(/^UM[0-9A-Za-z]{6,40}$/, 'validation:smsTemplateRequired');

const mmsExportActions = recordExportActions({ ...recordFilters, TemplateId: mmsTemplateIdField.optional() });

const fileIdField = z.string().trim().min(1, 'validation:mmsImageRequired').max(64, 'validation:mmsImageRequired');

export const mmsImageData = z.object({
  FileId: z.string(),
  FileName: z.string(),
  ContentType: z.string(),
  /** Bytes. */
  Size: z.number(),
});
export type MmsImage = z.infer<typeof mmsImageData>;

export const mmsTemplateData = z.object({
  Id: z.number(),
  TemplateId: z.string(),
  TemplateName: z.string(),
  Language: z.string(),
  Subject: z.string(),
  Text: z.string(),
  Images: z.array(mmsImageData),
  Remark: z.string(),
  /** SMS_TEMPLATE_STATUS: the template lifecycle is the SMS one. */
  Status: z.number(),
  RejectReason: z.string(),
  VariableCount: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  ReviewTime: z.number(),
});
export type MmsTemplate = z.infer<typeof mmsTemplateData>;

const templateStatusField = z.union([
  z.literal(SMS_TEMPLATE_STATUS.PendingReview),
  z.literal(SMS_TEMPLATE_STATUS.InReview),
  z.literal(SMS_TEMPLATE_STATUS.Passed),
  z.literal(SMS_TEMPLATE_STATUS.Rejected),
]);

const mmsTemplateFields = {
  TemplateName: smsTemplateNameField,
  Language: z.enum(SMS_TEMPLATE_LANGUAGES),
  Subject: mmsSubjectField,
  Text: mmsTextField.default(''),
  /** Upload file ids (GetUploadAuthorization then its PUT): PNG, JPEG or GIF, each at most 300 KB. */
  Images: z.array(fileIdField).max(MMS_LIMITS.imagesMax, 'validation:mmsImagesTooMany').default([]),
  Remark: z.string().trim().max(200, 'validation:nameTooLong').default(''),
};

/** A template needs a text or at least one image (a plain predicate: a generic refine wrapper sent tsc into TS2859). */
const hasBody = (v: { Text: string; Images: string[] }) => v.Text !== '' || v.Images.length > 0;
const bodyRequired = { message: 'validation:mmsBodyRequired', path: ['Text'] };

export const mmsActions = {
  /** Creates an MMS template from stored uploads and submits it for review. */
  CreateUMMSTemplate: defineAction(
    'user',
    z.object(mmsTemplateFields).strict().refine(hasBody, bodyRequired),
    z.object({ TemplateId: z.string(), Id: z.number(), Status: z.number() }),
  ),
  /** Edits a template the template lifecycle lets be edited (pending review, rejected, passed); it goes back to review. */
  UpdateUMMSTemplate: defineAction(
    'user',
    z
      .object({ TemplateId: mmsTemplateIdField, ...mmsTemplateFields })
      .strict()
      .refine(hasBody, bodyRequired),
    z.object({ TemplateId: z.string(), Status: z.number() }),
  ),
  GetUMMSTemplateList: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(templateStatusField).max(4).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Templates: z.array(mmsTemplateData) }),
  ),
  GetUMMSTemplate: defineAction('user', z.object({ TemplateId: mmsTemplateIdField }).strict(), mmsTemplateData),
  DeleteUMMSTemplate: defineAction(
    'user',
    z.object({ TemplateIds: z.array(mmsTemplateIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
  /** Sends an approved template to phones (or rows with variable values): a kernel task on the MMS channel. */
  AddUMMSSendTask: defineAction('user', sendTaskInput(mmsTemplateIdField), sendTaskReplyData, {
    bodyLimit: SMS_LIMITS.sendTaskBodyBytes,
  }),
  /** The MMS task list (/mms/message) or one task (TaskId), newest first; Content is the MMS as JSON. */
  GetUMMSSendTask: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        TaskId: smsTaskIdField.optional(),
        Keyword: z.string().trim().max(64).optional(),
        /** The task list's status filter (a group of SMS_TASK_STATUS codes). */
        Status: z.array(smsTaskStatusField).max(11).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Tasks: z.array(smsTaskData) }),
  ),
  CancelUMMSSendTask: defineAction(
    'user',
    z.object({ TaskId: smsTaskIdField }).strict(),
    z.object({ TaskId: z.string(), Status: z.number() }),
  ),
  /** Send records (/mms/search): one per recipient; Content is the MMS as sent, as JSON. */
  GetUMMSSendRecord: defineAction(
    'user',
    timeRange({ ...pageFields, ...recordFilters, TemplateId: mmsTemplateIdField.optional() }),
    z.object({ Total: z.number(), Records: z.array(smsRecordData) }),
  ),
  /** Exports of MMS send records (docs/decisions.md "Exports by channel"), as the SMS ones. */
  AddUMMSExportSendRecordTask: mmsExportActions.start,
  GetUMMSExportSendRecord: mmsExportActions.list,
  GetUMMSExportSendRecordFile: mmsExportActions.file,
  /** The MMS price of a country: per message, whatever its length (docs/decisions.md "MMS"). */
  GetUMMSPrice: defineAction(
    'user',
    z.object({ CountryCode: smsCountryField }).strict(),
    z.object({ CountryCode: z.string(), Price: z.number(), Currency: z.string() }),
  ),
  /** Every supported country's MMS price (per message); Download: true answers it as a CSV file. */
  GetUMMSPriceList: defineAction(
    'user',
    z.object({ Download: z.boolean().default(false) }).strict(),
    z.object({ Prices: z.array(priceData) }),
    { reply: 'jsonOrFile' },
  ),
  /** MMS sends over time (/mms/overview, /mms/analytics): the SMS statistics' shapes; Segments equals Submit less SubmitFail (one part per MMS). */
  GetUMMSSendStatistics: defineAction('user', sendStatisticsInput, sendStatisticsData),
  /** Error-code breakdown of MMS messages reported in a range. */
  GetUMMSSendReceiptCodeStatistics: defineAction('user', receiptCodeInput, receiptCodeData),
} as const;
