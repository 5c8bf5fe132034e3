import { z } from 'zod';
import { NAME_PATTERN } from './validators';
import { SMS_LIMITS } from './sms-constants';

// Template rules of spec 001 §5: the placeholder is a double-brace number ({{1}}); variables are
// inserted in order; a variable cannot end the body; the body's word count is at least three times
// the variable count. The same functions check the editor as it types and the server's input.

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The variable numbers in the order they appear ({{1}} … {{2}} → [1, 2]). */
export function templateVariables(content: string): number[] {
  return Array.from(content.matchAll(PLACEHOLDER), (m) => Number(m[1]));
}

/** Distinct variables a recipient must supply values for. */
export function templateVariableCount(content: string): number {
  return new Set(templateVariables(content)).size;
}

/** Variables are numbered from 1 and each new one is the next number ({{1}} {{2}} {{1}} is fine). */
export function variablesInOrder(content: string): boolean {
  let highest = 0;
  for (const n of templateVariables(content)) {
    if (n > highest + 1) return false;
    highest = Math.max(highest, n);
  }
  return templateVariables(content).every((n) => n >= 1);
}

export function variableEndsBody(content: string): boolean {
  return /\{\{\s*\d+\s*\}\}[\s\p{P}]*$/u.test(content.trim());
}

/** Words outside the placeholders: runs of letters or digits; each CJK character counts as a word. */
export function templateWordCount(content: string): number {
  const text = content.replace(PLACEHOLDER, ' ');
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const words =
    text
      .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ')
      .match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return cjk + words;
}

export function wordCountSufficient(content: string): boolean {
  return templateWordCount(content) >= 3 * templateVariables(content).length;
}

/** Fills {{n}} with params[n-1]; a missing value keeps the placeholder visible. */
export function renderTemplate(content: string, params: readonly string[] = []): string {
  return content.replace(PLACEHOLDER, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

export const smsTemplateNameField = z
  .string({ message: 'validation:smsTemplateNameRequired' })
  .trim()
  .min(1, 'validation:smsTemplateNameRequired')
  .max(SMS_LIMITS.templateNameMax, 'validation:nameTooLong')
  .regex(NAME_PATTERN, 'validation:smsNameCharacters');

export const smsTemplateContentField = z
  .string({ message: 'validation:smsContentRequired' })
  .trim()
  .min(1, 'validation:smsContentRequired')
  .max(SMS_LIMITS.templateContentMax, 'validation:smsContentTooLong')
  .refine(variablesInOrder, 'validation:smsVariablesInOrder')
  .refine((c) => !variableEndsBody(c), 'validation:smsVariableAtEnd')
  .refine(wordCountSufficient, 'validation:smsWordCount');
