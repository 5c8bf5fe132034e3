import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

// Shared input rules of spec 001 §5. Messages are i18n keys (namespace `validation`), so the browser
// shows them in the user's language and the server translates the same key for its Message.

/** "word characters with optional dot, plus or dash parts, an at sign, a domain with a dot" */
export const EMAIL_PATTERN = /^\w+([-+.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$/;
export const PHONE_PATTERN = /^\d{1,15}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** Allowed name characters: letters, digits, _ + - { } and a dot. */
export const NAME_PATTERN = /^[\p{L}\p{N}_+\-{}.]+$/u;
/** Forbidden-character checks also reject double dash and hash. */
export const FORBIDDEN_PATTERN = /['";,*\\#]|--|\/\*|\*\//;

/** The latest time any time field takes: 2100-01-01 (unix seconds). Beyond it dates overflow on the way in. */
export const MAX_UNIX_SECONDS = 4_102_444_800;
export const unixSecondsField = z.number().int().min(0).max(MAX_UNIX_SECONDS);

export function passwordCharacterKinds(password: string): number {
  return [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const emailField = z
  .string({ message: 'validation:emailRequired' })
  .trim()
  .min(1, 'validation:emailRequired')
  .max(254, 'validation:emailInvalid')
  .regex(EMAIL_PATTERN, 'validation:emailInvalid');

export const passwordField = z
  .string({ message: 'validation:passwordRequired' })
  .min(PASSWORD_MIN, 'validation:passwordLength')
  .max(PASSWORD_MAX, 'validation:passwordLength')
  .refine((p) => passwordCharacterKinds(p) >= 2, 'validation:passwordKinds')
  .refine((p) => !isCommonPassword(p), 'validation:passwordCommon');

/** A password being checked at sign-in: any stored password, so only presence and a sane bound. */
export const currentPasswordField = z
  .string({ message: 'validation:passwordRequired' })
  .min(1, 'validation:passwordRequired')
  .max(128, 'validation:passwordLength');

export const phoneField = z
  .string({ message: 'validation:phoneRequired' })
  .trim()
  .min(1, 'validation:phoneRequired')
  .regex(PHONE_PATTERN, 'validation:phoneInvalid');

export const countryField = z
  .string({ message: 'validation:countryRequired' })
  .trim()
  .regex(/^[A-Z]{2}$/, 'validation:countryRequired');

export const phoneCodeField = z
  .string({ message: 'validation:codeRequired' })
  .trim()
  .regex(/^\d{6}$/, 'validation:codeInvalid');

export const keyField = z
  .string({ message: 'validation:keyInvalid' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'validation:keyInvalid');

export const personNameField = z
  .string()
  .trim()
  .max(64, 'validation:nameTooLong')
  .refine((s) => !FORBIDDEN_PATTERN.test(s), 'validation:forbiddenCharacters');

/** Pasted lists: split by newline or comma, trimmed, empties dropped (spec 001 §5). */
export function splitPastedList(text: string): string[] {
  return text
    .split(/[\n,\r]+/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
