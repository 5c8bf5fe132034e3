import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields, smsCountryField, smsTemplateIdField } from './sms-common';
import { smsTemplateContentField, smsTemplateNameField } from '../sms-template';
import { SMS_LIMITS, SMS_TEMPLATE_LANGUAGES, SMS_TEMPLATE_PURPOSE, SMS_TEMPLATE_STATUS } from '../sms-constants';

const purposeField = z.union([
  z.literal(SMS_TEMPLATE_PURPOSE.General),
  z.literal(SMS_TEMPLATE_PURPOSE.VerificationCode),
  z.literal(SMS_TEMPLATE_PURPOSE.Notification),
  z.literal(SMS_TEMPLATE_PURPOSE.Marketing),
]);
const templateStatusField = z.union([
  z.literal(SMS_TEMPLATE_STATUS.PendingReview),
  z.literal(SMS_TEMPLATE_STATUS.InReview),
  z.literal(SMS_TEMPLATE_STATUS.Passed),
  z.literal(SMS_TEMPLATE_STATUS.Rejected),
]);

export const TEMPLATE_REMARK_MAX = 200;

const templateFields = {
  TemplateName: smsTemplateNameField,
  Purpose: purposeField,
  Language: z.enum(SMS_TEMPLATE_LANGUAGES),
  Content: smsTemplateContentField,
  Remark: z.string().trim().max(TEMPLATE_REMARK_MAX, 'validation:remarkTooLong').default(''),
};

export const smsTemplateData = z.object({
  /** Numeric row id (the second id of /sms/update-template/{templateId}/{id}). */
  Id: z.number(),
  TemplateId: z.string(),
  TemplateName: z.string(),
  Purpose: z.number(),
  Language: z.string(),
  Content: z.string(),
  Remark: z.string(),
  /** SMS_TEMPLATE_STATUS */
  Status: z.number(),
  /** Why review rejected it (in the reviewer's words; empty otherwise). */
  RejectReason: z.string(),
  VariableCount: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  /** 0 until reviewed. */
  ReviewTime: z.number(),
});
export type SmsTemplate = z.infer<typeof smsTemplateData>;

export const smsTemplateActions = {
  /** Creates a template and submits it for review. RecreateTemplateId: /sms/new-template/{recreateTemplateId} (a copy of a rejected one). */
  CreateUSMSTemplate: defineAction(
    'user',
    z.object({ ...templateFields, RecreateTemplateId: smsTemplateIdField.optional() }).strict(),
    z.object({ TemplateId: z.string(), Id: z.number(), Status: z.number() }),
  ),
  /** Edits a template that is pending review, rejected or passed; it goes back to review. */
  UpdateUSMSTemplate: defineAction(
    'user',
    z.object({ TemplateId: smsTemplateIdField, ...templateFields }).strict(),
    z.object({ TemplateId: z.string(), Status: z.number() }),
  ),
  DeleteUSMSTemplate: defineAction(
    'user',
    z.object({ TemplateIds: z.array(smsTemplateIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
  GetUSMSTemplate: defineAction('user', z.object({ TemplateId: smsTemplateIdField }).strict(), smsTemplateData),
  /** The template list: filters and paging. Deleted templates are never listed. */
  QueryUSMSTemplate: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(templateStatusField).max(4).optional(),
        Purpose: purposeField.optional(),
        /** Only templates without variables (manual import) or with (file with values). */
        HasVariables: z.boolean().optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Templates: z.array(smsTemplateData) }),
  ),
  /** Renders a template (saved, or content being edited) with sample values and counts its parts. */
  PreviewUSMSTemplateInfo: defineAction(
    'user',
    z
      .object({
        TemplateId: smsTemplateIdField.optional(),
        Content: z.string().max(SMS_LIMITS.templateContentMax, 'validation:smsContentTooLong').optional(),
        Params: z.array(z.string().max(200)).max(50).default([]),
        CountryCode: smsCountryField.optional(),
      })
      .strict()
      .refine((v) => (v.TemplateId === undefined) !== (v.Content === undefined), {
        message: 'validation:smsTemplateRequired',
        path: ['TemplateId'],
      }),
    z.object({
      Content: z.string(),
      VariableCount: z.number(),
      Encoding: z.enum(['GSM7', 'UCS2']),
      Units: z.number(),
      Segments: z.number(),
      PerSegment: z.number(),
      /** Validation keys the content breaks (an editor shows them; empty when it can be submitted). */
      Issues: z.array(z.string()),
    }),
  ),
} as const;
