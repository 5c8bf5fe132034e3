import { z } from 'zod';

// E-mail template rules (spec 001 §3 and §5; docs/decisions.md "E-mail templates"). The same
// functions check the editor as it types and the server's input.

export { EMAIL_TEMPLATE_STATUS, type EmailTemplateStatus } from '../statuses';

/** Spec 000 §3 e-mail types. */
export const EMAIL_TYPE = { Common: 0, Verification: 1, Notify: 2, Market: 3 } as const;
export type EmailType = (typeof EMAIL_TYPE)[keyof typeof EMAIL_TYPE];

export const EMAIL_TEMPLATE_KINDS = ['trigger', 'batch'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

/** The two editors of spec 001 §3: drag-and-drop (GrapesJS + MJML) and rich text (TipTap). */
export const EMAIL_EDITORS = ['dragDrop', 'richText'] as const;
export type EmailEditorKind = (typeof EMAIL_EDITORS)[number];

/** Spec 001 gives no numbers: Herald's (docs/decisions.md "E-mail templates"). */
export const EMAIL_TEMPLATE_LIMITS = {
  nameMax: 64,
  /** Clients cut a subject line long before this; RFC 5322 allows 998 characters a line. */
  subjectMax: 150,
  previewTextMax: 150,
  /** The sanitised HTML. */
  htmlMaxChars: 512_000,
  /** The editor's project (GrapesJS project data or TipTap JSON), kept to edit the template again. */
  designMaxChars: 1_500_000,
  bodyLimitBytes: 4_194_304,
} as const;

/**
 * Merge tags share the SMS templates' double braces (src/gateway/contract/sms-template.ts) but name a
 * contact field or custom attribute instead of a number: {{FirstName}}, {{city}}. Attribute names are
 * letters, digits and underscore, not a digit first (spec 001 §5), so the same pattern covers both.
 */
export const MERGE_TAG = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The contact fields every account has, usable as merge tags; UnsubscribeUrl is filled at send time. */
export const SYSTEM_MERGE_TAGS = ['FirstName', 'LastName', 'Email', 'Phone', 'UnsubscribeUrl'] as const;

/** The merge tag names in the order they appear, each once. */
export function mergeTags(text: string): string[] {
  return [...new Set([...text.matchAll(MERGE_TAG)].map((m) => m[1]))];
}

/** True when an opening `{{` is not a complete merge tag (`{{FirstName`, `{{ 1x }}`, `{{}}`). */
export function hasBrokenMergeTag(text: string): boolean {
  return text.replace(MERGE_TAG, '').includes('{{');
}

export const mergeTagText = (name: string) => `{{${name}}}`;

const mergeTagsComplete = (text: string) => !hasBrokenMergeTag(text);

export const emailTemplateNameField = z
  .string({ message: 'validation:emailTemplateNameRequired' })
  .trim()
  .min(1, 'validation:emailTemplateNameRequired')
  .max(EMAIL_TEMPLATE_LIMITS.nameMax, 'validation:nameTooLong');

export const emailSubjectField = z
  .string({ message: 'validation:emailSubjectRequired' })
  .trim()
  .min(1, 'validation:emailSubjectRequired')
  .max(EMAIL_TEMPLATE_LIMITS.subjectMax, 'validation:emailSubjectTooLong')
  .refine(mergeTagsComplete, 'validation:emailMergeTagUnclosed');

export const emailPreviewTextField = z
  .string()
  .trim()
  .max(EMAIL_TEMPLATE_LIMITS.previewTextMax, 'validation:emailPreviewTextTooLong')
  .refine(mergeTagsComplete, 'validation:emailMergeTagUnclosed');

export const emailHtmlField = z
  .string({ message: 'validation:emailContentRequired' })
  .max(EMAIL_TEMPLATE_LIMITS.htmlMaxChars, 'validation:emailContentTooLarge')
  .refine(
    (html) => html.replace(/<[^>]*>/g, '').trim() !== '' || /<img\b/i.test(html),
    'validation:emailContentRequired',
  )
  .refine((html) => !/<script\b/i.test(html), 'validation:emailScript')
  .refine(mergeTagsComplete, 'validation:emailMergeTagUnclosed');
