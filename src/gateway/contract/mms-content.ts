import { z } from 'zod';
import { renderTemplate, templateVariableCount, variableEndsBody, variablesInOrder } from './sms-template';

// MMS content rules (issue 11 item 4, docs/decisions.md "MMS"): a subject, a text and images. Each
// image at most 300 KB (spec 001 "MMS image at most 300KB"), PNG, JPEG or GIF; variables {{n}} as in SMS.

export const MMS_LIMITS = {
  subjectMax: 40,
  textMax: 1000,
  imagesMax: 5,
  /** "MMS image at most 300KB": 300 × 1024 bytes. */
  imageMaxBytes: 300 * 1024,
} as const;

export const MMS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export const mmsSubjectField = z
  .string({ message: 'validation:mmsSubjectRequired' })
  .trim()
  .min(1, 'validation:mmsSubjectRequired')
  .max(MMS_LIMITS.subjectMax, 'validation:mmsSubjectTooLong')
  .refine(variablesInOrder, 'validation:smsVariablesInOrder');

export const mmsTextField = z
  .string()
  .trim()
  .max(MMS_LIMITS.textMax, 'validation:smsContentTooLong')
  .refine(variablesInOrder, 'validation:smsVariablesInOrder')
  .refine((text) => !variableEndsBody(text), 'validation:smsVariableAtEnd');

/** What an MMS carries, as stored in a kernel task's content (JSON) and sent to the provider. */
export interface MmsContent {
  Subject: string;
  Text: string;
  /** Upload file ids (GetUploadAuthorization), in order. */
  Images: string[];
}

export const mmsContentJson = (content: MmsContent): string => JSON.stringify(content);

export function parseMmsContent(json: string): MmsContent {
  const value = JSON.parse(json) as Partial<MmsContent>;
  return { Subject: value.Subject ?? '', Text: value.Text ?? '', Images: value.Images ?? [] };
}

/** Variables of subject and text together: {{n}} numbers run across both. */
export const mmsVariableCount = (subject: string, text: string) => templateVariableCount(`${subject}\n${text}`);

/** The MMS one recipient gets: variables filled in subject and text. */
export function renderMms(json: string, params: readonly string[]): string {
  const content = parseMmsContent(json);
  return mmsContentJson({
    ...content,
    Subject: renderTemplate(content.Subject, params),
    Text: renderTemplate(content.Text, params),
  });
}
