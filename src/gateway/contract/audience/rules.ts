import { z } from 'zod';
import { EMAIL_PATTERN, FORBIDDEN_PATTERN } from '../validators';
import { cleanPhone } from '../phone';

// Spec 001 §3 (contact, attribute types) and §5 (contact import rules); §9 (500 contacts at once).
// The browser and the server apply these same rules, so a row the import step accepts is one the
// server's import job accepts.

/** Number 1, Text 2, Boolean 3, Category 4, Date 5 (spec 001 §3). */
export const ATTRIBUTE_TYPE = { Number: 1, Text: 2, Boolean: 3, Category: 4, Date: 5 } as const;
export type AttributeType = (typeof ATTRIBUTE_TYPE)[keyof typeof ATTRIBUTE_TYPE];
export const ATTRIBUTE_TYPES = Object.values(ATTRIBUTE_TYPE);
export const attributeTypeName = (type: AttributeType) =>
  (Object.keys(ATTRIBUTE_TYPE) as (keyof typeof ATTRIBUTE_TYPE)[]).find((name) => ATTRIBUTE_TYPE[name] === type)!;

/** Where an attribute's values come from: typed or imported for a contact, or sampled (spec 001 §3). */
export const ATTRIBUTE_SOURCES = ['contact', 'sampling'] as const;

/** Alphanumeric and underscore only, not starting with a digit. */
export const ATTRIBUTE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const ATTRIBUTE_NAME_MAX = 64;
export const CATEGORY_VALUES_MAX = 100;
export const ATTRIBUTES_MAX = 100;
/** A date value: 2021-01-27 (spec 001 §5). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Spec 001 §9: up to 500 contacts added to a group at once; Herald uses the same bound for every bulk step. */
export const BULK_CONTACTS_MAX = 500;
export const TAG_MAX = 64;
export const TAGS_PER_CONTACT_MAX = 50;
export const LIST_NAME_MAX = 64;
export const SEGMENT_NAME_MAX = 64;
export const TEXT_VALUE_MAX = 1000;

/** The channels a contact may be suppressed (unsubscribed) on. */
export const SUPPRESSIBLE_CHANNELS = ['sms', 'mms', 'voice', 'email', 'whatsapp'] as const;
export type SuppressibleChannel = (typeof SUPPRESSIBLE_CHANNELS)[number];

export const attributeNameField = z
  .string({ message: 'validation:attributeNameRequired' })
  .trim()
  .min(1, 'validation:attributeNameRequired')
  .max(ATTRIBUTE_NAME_MAX, 'validation:nameTooLong')
  .regex(ATTRIBUTE_NAME_PATTERN, 'validation:attributeNameInvalid');

export const categoryValueField = z
  .string()
  .trim()
  .min(1, 'validation:categoryValueRequired')
  .max(TAG_MAX, 'validation:nameTooLong')
  .refine((value) => !FORBIDDEN_PATTERN.test(value), 'validation:categoryValueForbidden');

export const tagField = z
  .string()
  .trim()
  .min(1, 'validation:tagRequired')
  .max(TAG_MAX, 'validation:nameTooLong')
  .refine((value) => !FORBIDDEN_PATTERN.test(value), 'validation:forbiddenCharacters');

export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A contact's phone or WhatsApp number in international format: digits with the country prefix,
 * 8 to 15 of them, stored without "+" (the SMS records keep numbers the same way).
 */
export function internationalPhone(raw: string): string | null {
  const cleaned = cleanPhone(raw);
  const digits = cleaned.startsWith('+') ? cleaned.slice(1) : cleaned.startsWith('00') ? cleaned.slice(2) : cleaned;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

export const isValidEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value);

/** A typed or imported attribute value as stored, or an i18n key saying what is wrong. */
export type AttributeValue = string | number | boolean;
export function parseAttributeValue(
  raw: string,
  type: AttributeType,
  categoryValues: readonly string[] = [],
): { value: AttributeValue } | { error: string } {
  const text = raw.trim();
  switch (type) {
    case ATTRIBUTE_TYPE.Number: {
      const value = Number(text);
      return text !== '' && Number.isFinite(value) ? { value } : { error: 'validation:numberInvalid' };
    }
    case ATTRIBUTE_TYPE.Boolean:
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return { error: 'validation:booleanInvalid' };
    case ATTRIBUTE_TYPE.Date:
      return isValidDate(text) ? { value: text } : { error: 'validation:dateInvalid' };
    case ATTRIBUTE_TYPE.Category:
      return categoryValues.includes(text) ? { value: text } : { error: 'validation:categoryValueUnknown' };
    default:
      if (text === '') return { error: 'validation:required' };
      return text.length <= TEXT_VALUE_MAX ? { value: text } : { error: 'validation:textTooLong' };
  }
}
