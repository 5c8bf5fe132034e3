import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields } from './sms-common';
import {
  EMAIL_EDITORS,
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_STATUS,
  EMAIL_TYPE,
  emailHtmlField,
  emailPreviewTextField,
  emailSubjectField,
  emailTemplateNameField,
} from '../email/template-rules';

// E-mail templates (issue 13 item 3; spec 000 §2 /email/template, /email/new-template,
// /email/update-template/{templateId}/{id}). The spec names no e-mail Actions: Herald names them
// (docs/decisions.md "E-mail templates"). The server sanitises Html and answers the stored copy.

export const emailTemplateIdField = z
  .string()
  .trim()
  .regex(/^ET[0-9A-Za-z]{6,40}$/, 'validation:emailTemplateRequired');

const emailTypeField = z.union([
  z.literal(EMAIL_TYPE.Common),
  z.literal(EMAIL_TYPE.Verification),
  z.literal(EMAIL_TYPE.Notify),
  z.literal(EMAIL_TYPE.Market),
]);

const statusValues = Object.values(EMAIL_TEMPLATE_STATUS).filter((s) => s !== EMAIL_TEMPLATE_STATUS.Deleted);
const listStatusField = z
  .number()
  .int()
  .refine((s) => statusValues.includes(s as never), 'validation:invalid');

/** What a template is made of, in a create or an update. */
export const emailTemplateFields = {
  TemplateName: emailTemplateNameField,
  Subject: emailSubjectField,
  PreviewText: emailPreviewTextField.default(''),
  Kind: z.enum(EMAIL_TEMPLATE_KINDS),
  EmailType: emailTypeField,
  Editor: z.enum(EMAIL_EDITORS),
  /** The editor's own project (GrapesJS project data or TipTap JSON) as JSON text, to edit it again. */
  Design: z.string().max(EMAIL_TEMPLATE_LIMITS.designMaxChars, 'validation:emailContentTooLarge'),
  Html: emailHtmlField,
  /** Kept as a draft instead of going to review. */
  Draft: z.boolean().default(false),
};

export const emailTemplateData = z.object({
  Id: z.number(),
  TemplateId: z.string(),
  TemplateName: z.string(),
  Subject: z.string(),
  PreviewText: z.string(),
  Kind: z.enum(EMAIL_TEMPLATE_KINDS),
  EmailType: z.number(),
  Editor: z.enum(EMAIL_EDITORS),
  Design: z.string(),
  /** The stored (sanitised) HTML. */
  Html: z.string(),
  /** The text part generated from Html. */
  Text: z.string(),
  MergeTags: z.array(z.string()),
  /** EMAIL_TEMPLATE_STATUS. */
  Status: z.number(),
  RejectReason: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  ReviewTime: z.number(),
});
export type EmailTemplate = z.infer<typeof emailTemplateData>;

const savedData = z.object({ TemplateId: z.string(), Id: z.number(), Status: z.number() });
const bodyLimit = EMAIL_TEMPLATE_LIMITS.bodyLimitBytes;

export const emailTemplateActions = {
  /** Stores a template (sanitised) as a draft or pending review; review is queued. */
  CreateEmailTemplate: defineAction('user', z.object(emailTemplateFields).strict(), savedData, { bodyLimit }),
  /** Replaces a template's content; the lifecycle decides whether it may and where it goes (review again). */
  UpdateEmailTemplate: defineAction(
    'user',
    z.object({ TemplateId: emailTemplateIdField, ...emailTemplateFields }).strict(),
    savedData,
    { bodyLimit },
  ),
  /** The HTML as it would be stored (sanitised) and its text part, without storing anything. */
  PreviewEmailTemplate: defineAction(
    'user',
    z.object({ Html: emailHtmlField }).strict(),
    z.object({ Html: z.string(), Text: z.string(), MergeTags: z.array(z.string()) }),
    { bodyLimit },
  ),
  GetEmailTemplateList: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(listStatusField).max(8).optional(),
        Kind: z.enum(EMAIL_TEMPLATE_KINDS).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Templates: z.array(emailTemplateData.omit({ Design: true, Html: true })) }),
  ),
  GetEmailTemplate: defineAction('user', z.object({ TemplateId: emailTemplateIdField }).strict(), emailTemplateData),
  DeleteEmailTemplate: defineAction(
    'user',
    z.object({ TemplateIds: z.array(emailTemplateIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
} as const;
