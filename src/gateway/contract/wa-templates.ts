import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// WhatsApp template rules (issue 15 item 3; spec 001 §3 categories, types, buttons; §5 template rules;
// docs/decisions.md "WhatsApp templates"). Pure: the editor checks them as the user types and the server
// checks them again on every create and update. Each problem names its field (a path such as
// `Buttons.1.Url`) and a `validation:wa…` key.

export const WA_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type WaTemplateCategory = (typeof WA_TEMPLATE_CATEGORIES)[number];
/** WhatsApp's language codes (a subset of the Cloud API's list). */
export const WA_TEMPLATE_LANGUAGES = [
  'en_US',
  'en_GB',
  'en',
  'zh_CN',
  'zh_HK',
  'zh_TW',
  'es',
  'es_ES',
  'es_MX',
  'pt_BR',
  'pt_PT',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'ru',
  'tr',
  'ar',
  'hi',
  'id',
  'ms',
  'th',
  'vi',
  'ja',
  'ko',
] as const;
export type WaTemplateLanguage = (typeof WA_TEMPLATE_LANGUAGES)[number];
export const WA_TEMPLATE_TYPES = ['Text', 'Media'] as const;
export const WA_HEADER_FORMATS = ['NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const WA_MEDIA_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
/** Which buttons a template has: none, 1-3 quick replies, call-to-action (URL / phone), or the copy-code one. */
export const WA_BUTTON_KINDS = ['NONE', 'QUICK_REPLY', 'CALL_TO_ACTION', 'COPY_CODE'] as const;
export const WA_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;

export const WA_TEMPLATE_LIMITS = {
  nameMax: 512,
  headerTextMax: 60,
  bodyMax: 1024,
  footerMax: 60,
  buttonTextMax: 25,
  quickRepliesMax: 3,
  sampleMax: 200,
  expiryMin: 1,
  expiryMax: 90,
} as const;

/** The body WhatsApp fixes for authentication templates. */
export const WA_AUTH_BODY = '{{1}} is your verification code.';

export { WA_TEMPLATE_STATUS } from './statuses';
import type { WA_TEMPLATE_STATUS } from './statuses';
export type WaTemplateStatus = keyof typeof WA_TEMPLATE_STATUS;

export const WA_NAME_PATTERN = /^[a-z0-9_]+$/;
const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD = new RegExp(`[${CJK}]|[^\\s${CJK}]+`, 'gu');

/** The variable numbers of a text, in the order they appear. */
export function waVariables(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

/** Words of a text without its variables; a Chinese, Japanese or Korean character counts as a word. */
export function waWordCount(text: string): number {
  return text.replace(VARIABLE, ' ').match(WORD)?.length ?? 0;
}

/** Variables {{1}} … {{n}} in order of first appearance, with no gap (a repeated one is allowed). */
export function waVariablesInOrder(text: string): boolean {
  let highest = 0;
  for (const n of waVariables(text)) {
    if (n > highest + 1) return false;
    if (n === highest + 1) highest = n;
  }
  return true;
}

export function waVariableEndsText(text: string): boolean {
  return /\{\{\s*\d+\s*\}\}[\s.!?。！？]*$/.test(text);
}

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An international number (+country code …) that can be a real number. */
export function isInternationalPhone(value: string): boolean {
  if (!/^\+[0-9 ()-]{6,20}$/.test(value)) return false;
  return parsePhoneNumberFromString(value)?.isValid() ?? false;
}

export const waButtonSchema = z
  .object({
    Type: z.enum(WA_BUTTON_TYPES),
    Text: z.string().trim().default(''),
    Url: z.string().trim().max(2000).default(''),
    Phone: z.string().trim().max(32).default(''),
  })
  .strict();
export type WaButton = z.output<typeof waButtonSchema>;

/** A template's content: what the editor edits and the platform reviews. */
export const waTemplateContentShape = {
  Category: z.enum(WA_TEMPLATE_CATEGORIES),
  Type: z.enum(WA_TEMPLATE_TYPES).default('Text'),
  HeaderFormat: z.enum(WA_HEADER_FORMATS).default('NONE'),
  HeaderText: z.string().default(''),
  /** The sample value of the header's variable. */
  HeaderSample: z.string().trim().max(WA_TEMPLATE_LIMITS.sampleMax).default(''),
  /** The uploaded sample media (an UploadFile FileId) of a Media template. */
  HeaderMediaFileId: z.string().trim().max(64).default(''),
  Body: z.string().default(''),
  /** The sample value of each body variable, {{1}} first. */
  BodySamples: z.array(z.string().trim().max(WA_TEMPLATE_LIMITS.sampleMax)).max(100).default([]),
  Footer: z.string().default(''),
  ButtonKind: z.enum(WA_BUTTON_KINDS).default('NONE'),
  Buttons: z.array(waButtonSchema).max(10).default([]),
  /** Authentication only: minutes the code is valid. */
  CodeExpiryMinutes: z.number().int().nullable().default(null),
};
export type WaTemplateContent = z.output<z.ZodObject<typeof waTemplateContentShape>>;

export interface WaProblem {
  path: (string | number)[];
  key: string;
}

function headerProblems(t: WaTemplateContent, add: (path: WaProblem['path'], key: string) => void) {
  const media = (WA_MEDIA_FORMATS as readonly string[]).includes(t.HeaderFormat);
  if (t.Type === 'Media' && !media) add(['HeaderFormat'], 'validation:waMediaFormatRequired');
  if (t.Type === 'Text' && media) add(['HeaderFormat'], 'validation:waMediaNeedsMediaType');
  if (media && !t.HeaderMediaFileId) add(['HeaderMediaFileId'], 'validation:waMediaSampleRequired');
  if (t.HeaderFormat !== 'TEXT') return;
  const text = t.HeaderText.trim();
  if (!text) add(['HeaderText'], 'validation:waHeaderTextRequired');
  else if ([...text].length > WA_TEMPLATE_LIMITS.headerTextMax) add(['HeaderText'], 'validation:waHeaderTextTooLong');
  const variables = waVariables(text);
  if (variables.length > 1 || variables.some((n) => n !== 1)) add(['HeaderText'], 'validation:waHeaderOneVariable');
  else if (variables.length === 1 && !t.HeaderSample) add(['HeaderSample'], 'validation:waSampleRequired');
}

function bodyProblems(t: WaTemplateContent, add: (path: WaProblem['path'], key: string) => void) {
  const body = t.Body.trim();
  if (!body) return add(['Body'], 'validation:waBodyRequired');
  if ([...body].length > WA_TEMPLATE_LIMITS.bodyMax) return add(['Body'], 'validation:waBodyTooLong');
  if (t.Category === 'AUTHENTICATION' && body !== WA_AUTH_BODY) return add(['Body'], 'validation:waAuthBodyFixed');
  const variables = waVariables(body);
  if (!waVariablesInOrder(body)) return add(['Body'], 'validation:waVariableOrder');
  if (waVariableEndsText(body)) return add(['Body'], 'validation:waVariableEndsBody');
  const count = new Set(variables).size;
  if (t.Category !== 'AUTHENTICATION' && waWordCount(body) < 3 * count) add(['Body'], 'validation:waBodyTooFewWords');
  for (let i = 0; i < count; i += 1) {
    if (!t.BodySamples[i]) add(['BodySamples', i], 'validation:waSampleRequired');
  }
}

function buttonProblems(t: WaTemplateContent, add: (path: WaProblem['path'], key: string) => void) {
  const kind = t.Category === 'AUTHENTICATION' ? 'COPY_CODE' : t.ButtonKind;
  if (t.Category === 'AUTHENTICATION' && t.ButtonKind !== 'COPY_CODE') add(['ButtonKind'], 'validation:waAuthCopyCode');
  if (t.Category !== 'AUTHENTICATION' && t.ButtonKind === 'COPY_CODE')
    add(['ButtonKind'], 'validation:waCopyCodeAuthOnly');
  const allowed: Record<string, readonly string[]> = {
    NONE: [],
    QUICK_REPLY: ['QUICK_REPLY'],
    CALL_TO_ACTION: ['URL', 'PHONE_NUMBER'],
    COPY_CODE: ['COPY_CODE'],
  };
  const count = t.Buttons.length;
  if (kind === 'NONE' && count > 0) return add(['Buttons'], 'validation:waButtonsNotAllowed');
  if (kind === 'QUICK_REPLY' && (count < 1 || count > WA_TEMPLATE_LIMITS.quickRepliesMax))
    return add(['Buttons'], 'validation:waQuickReplyCount');
  if (kind === 'CALL_TO_ACTION' && (count < 1 || count > 2)) return add(['Buttons'], 'validation:waCallToActionCount');
  if (kind === 'COPY_CODE' && count !== 1) return add(['Buttons'], 'validation:waAuthCopyCode');
  const seen = new Set<string>();
  t.Buttons.forEach((button, i) => {
    if (!allowed[kind].includes(button.Type)) return add(['Buttons', i, 'Type'], 'validation:waButtonTypeMismatch');
    if (seen.has(button.Type) && button.Type !== 'QUICK_REPLY')
      add(['Buttons', i, 'Type'], button.Type === 'URL' ? 'validation:waOneUrlButton' : 'validation:waOnePhoneButton');
    seen.add(button.Type);
    if (!button.Text) add(['Buttons', i, 'Text'], 'validation:waButtonTextRequired');
    else if ([...button.Text].length > WA_TEMPLATE_LIMITS.buttonTextMax)
      add(['Buttons', i, 'Text'], 'validation:waButtonTextTooLong');
    if (button.Type === 'URL' && !isWebUrl(button.Url)) add(['Buttons', i, 'Url'], 'validation:waButtonUrl');
    if (button.Type === 'PHONE_NUMBER' && !isInternationalPhone(button.Phone))
      add(['Buttons', i, 'Phone'], 'validation:waButtonPhone');
  });
}

/** Every problem of a template's content; none when WhatsApp's rules (as Herald knows them) are met. */
export function waTemplateProblems(t: WaTemplateContent): WaProblem[] {
  const problems: WaProblem[] = [];
  const add = (path: WaProblem['path'], key: string) => problems.push({ path, key });
  if (t.Category === 'AUTHENTICATION') {
    if (t.Type !== 'Text' || t.HeaderFormat !== 'NONE') add(['Type'], 'validation:waAuthNoHeader');
    const expiry = t.CodeExpiryMinutes;
    if (expiry === null || expiry < WA_TEMPLATE_LIMITS.expiryMin || expiry > WA_TEMPLATE_LIMITS.expiryMax)
      add(['CodeExpiryMinutes'], 'validation:waCodeExpiry');
  } else if (t.CodeExpiryMinutes !== null) add(['CodeExpiryMinutes'], 'validation:waExpiryAuthOnly');
  headerProblems(t, add);
  bodyProblems(t, add);
  const footer = t.Footer.trim();
  if ([...footer].length > WA_TEMPLATE_LIMITS.footerMax) add(['Footer'], 'validation:waFooterTooLong');
  else if (waVariables(footer).length > 0) add(['Footer'], 'validation:waFooterNoVariables');
  buttonProblems(t, add);
  return problems;
}

export const waTemplateNameField = z
  .string()
  .trim()
  .min(1)
  .max(WA_TEMPLATE_LIMITS.nameMax, 'validation:waNameTooLong')
  .regex(WA_NAME_PATTERN, 'validation:waNameFormat');

/** Adds the content rules to a schema that holds the content fields. */
export function refineWaTemplate(value: WaTemplateContent, ctx: z.RefinementCtx): void {
  for (const problem of waTemplateProblems(value)) {
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.key });
  }
}
