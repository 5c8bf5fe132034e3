import { z } from 'zod';
import { defineAction } from './define';
import { pageFields } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import {
  refineWaTemplate,
  waButtonSchema,
  waTemplateContentShape,
  waTemplateNameField,
  WA_BUTTON_KINDS,
  WA_HEADER_FORMATS,
  WA_TEMPLATE_CATEGORIES,
  WA_TEMPLATE_LANGUAGES,
  WA_TEMPLATE_STATUS,
  WA_TEMPLATE_TYPES,
} from '../wa-templates';

// WhatsApp templates (issue 15 item 3; docs/decisions.md "WhatsApp templates"). The spec names no template
// Action: these are Herald's. A template is one (name, language) of an account; its content follows
// src/gateway/contract/wa-templates.ts.

export const waTemplateIdField = z
  .string()
  .trim()
  .regex(/^WT[0-9A-Za-z]{6,40}$/, 'validation:invalid');

const statusField = z.enum(Object.keys(WA_TEMPLATE_STATUS) as [keyof typeof WA_TEMPLATE_STATUS]);

export const createWaTemplateInput = z
  .object({
    Name: waTemplateNameField,
    Language: z.enum(WA_TEMPLATE_LANGUAGES),
    ...waTemplateContentShape,
    /** The same key creates the same template once (a retried request answers the first one). */
    IdempotencyKey: idempotencyKeyField.optional(),
  })
  .strict()
  .superRefine(refineWaTemplate);
export type CreateWaTemplateInput = z.input<typeof createWaTemplateInput>;

/** Edit and resubmit: the name and the language stay (WhatsApp keeps them); an approved one keeps its category. */
export const updateWaTemplateInput = z
  .object({ TemplateId: waTemplateIdField, ...waTemplateContentShape })
  .strict()
  .superRefine(refineWaTemplate);

const template = z.object({
  TemplateId: z.string(),
  Name: z.string(),
  Language: z.string(),
  Category: z.enum(WA_TEMPLATE_CATEGORIES),
  Type: z.enum(WA_TEMPLATE_TYPES),
  HeaderFormat: z.enum(WA_HEADER_FORMATS),
  HeaderText: z.string(),
  HeaderSample: z.string(),
  HeaderMediaFileId: z.string(),
  Body: z.string(),
  BodySamples: z.array(z.string()),
  Footer: z.string(),
  ButtonKind: z.enum(WA_BUTTON_KINDS),
  Buttons: z.array(waButtonSchema),
  CodeExpiryMinutes: z.number().nullable(),
  Status: statusField,
  /** The platform's reason for a rejection ('' otherwise). */
  RejectReason: z.string(),
  /** The languages of the account's other templates with the same name (deleted with this one). */
  OtherLanguages: z.array(z.string()),
  WabaId: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  ReviewTime: z.number().nullable(),
});
export type WaTemplate = z.infer<typeof template>;

const saved = z.object({ TemplateId: z.string(), Status: statusField });

export const waTemplateActions = {
  CreateWhatsAppTemplate: defineAction('user', createWaTemplateInput, saved),
  UpdateWhatsAppTemplate: defineAction('user', updateWaTemplateInput, saved),
  /** The account's templates (statuses refreshed from the platform first: 17109 when it cannot be reached). */
  ListWhatsAppTemplate: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: statusField.optional(),
        Category: z.enum(WA_TEMPLATE_CATEGORIES).optional(),
        Language: z.enum(WA_TEMPLATE_LANGUAGES).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Templates: z.array(template) }),
  ),
  GetWhatsAppTemplate: defineAction('user', z.object({ TemplateId: waTemplateIdField }).strict(), template),
  /** Deletes the template and its same-name templates in the other languages (spec 001 §4). */
  DeleteWhatsAppTemplate: defineAction(
    'user',
    z.object({ TemplateId: waTemplateIdField }).strict(),
    z.object({ Deleted: z.array(z.object({ TemplateId: z.string(), Language: z.string() })) }),
  ),
} as const;
