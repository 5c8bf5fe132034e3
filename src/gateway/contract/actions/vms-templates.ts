import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields } from './sms-common';
import { VOICE_TEMPLATE_STATUS } from '../statuses';

// Voice templates (/vms/template, spec 001 §4 statuses 1-10): a name and a voice file, reviewed by the
// kernel's reviewer. The spec names no Actions; Herald names them in the spirit of the SMS and MMS ones
// (docs/decisions.md "Voice templates"). Times are unix seconds.

export const VOICE_TEMPLATE_LIMITS = { nameMax: 64, remarkMax: 200 } as const;

export const voiceTemplateIdField = z
  .string()
  .trim()
  .regex(/^UV[0-9A-Za-z]{6,40}$/, 'validation:voiceTemplateRequired');

export const voiceTemplateNameField = z
  .string({ message: 'validation:smsTemplateNameRequired' })
  .trim()
  .min(1, 'validation:smsTemplateNameRequired')
  .max(VOICE_TEMPLATE_LIMITS.nameMax, 'validation:nameTooLong');

export const voiceTemplateData = z.object({
  Id: z.number(),
  TemplateId: z.string(),
  TemplateName: z.string(),
  AudioId: z.string(),
  /** The voice file's name, and the milliseconds of its WAV. */
  AudioName: z.string(),
  Duration: z.number(),
  Remark: z.string(),
  /** VOICE_TEMPLATE_STATUS 1-10 */
  Status: z.number(),
  /** Why it was rejected, in the caller's language; empty otherwise. */
  RejectReason: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  ReviewTime: z.number(),
});
export type VoiceTemplate = z.infer<typeof voiceTemplateData>;

const templateFields = {
  TemplateName: voiceTemplateNameField,
  AudioId: z.string({ message: 'validation:voiceAudioRequired' }).trim().min(1, 'validation:voiceAudioRequired'),
  Remark: z.string().trim().max(VOICE_TEMPLATE_LIMITS.remarkMax, 'validation:remarkTooLong').default(''),
  /** false keeps it a draft (status 1); true (the default) submits it for review (status 2). */
  Submit: z.boolean().default(true),
};
const savedData = z.object({ TemplateId: z.string(), Id: z.number(), Status: z.number() });

const listedStatus = z
  .number()
  .int()
  .refine(
    (status) => status >= VOICE_TEMPLATE_STATUS.Draft && status < VOICE_TEMPLATE_STATUS.Deleted,
    'validation:invalid',
  );

export const vmsTemplateActions = {
  /** A new template of one of the caller's voice files (Success), as a draft or submitted for review. */
  CreateUVMSTemplate: defineAction('user', z.object(templateFields).strict(), savedData),
  /** Edits a draft, a rejected or an approved template; submitting sends it (back) to review. */
  UpdateUVMSTemplate: defineAction(
    'user',
    z.object({ TemplateId: voiceTemplateIdField, ...templateFields }).strict(),
    savedData,
  ),
  /** The caller's templates, newest first; deleted ones are never listed. */
  GetUVMSTemplateList: defineAction(
    'user',
    z
      .object({
        ...pageFields,
        Keyword: z.string().trim().max(64).optional(),
        Status: z.array(listedStatus).max(9).optional(),
      })
      .strict(),
    z.object({ Total: z.number(), Templates: z.array(voiceTemplateData) }),
  ),
  GetUVMSTemplate: defineAction('user', z.object({ TemplateId: voiceTemplateIdField }).strict(), voiceTemplateData),
  DeleteUVMSTemplate: defineAction(
    'user',
    z.object({ TemplateIds: z.array(voiceTemplateIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
  /** Disables an approved template (9) or enables a disabled one again (7). */
  SetUVMSTemplateEnabled: defineAction(
    'user',
    z.object({ TemplateId: voiceTemplateIdField, Enabled: z.boolean() }).strict(),
    savedData,
  ),
} as const;
