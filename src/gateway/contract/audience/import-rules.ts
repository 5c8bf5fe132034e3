import { z } from 'zod';
import { tagsSchema } from './contact-fields';
import {
  parseAttributeValue,
  internationalPhone,
  isValidEmail,
  type AttributeType,
  type AttributeValue,
} from './rules';

// Contact import (spec 001 §5): each row needs an e-mail, phone or WhatsApp; mapped attributes cannot
// repeat; booleans true/false, dates like 2021-01-27. The console's validate step and the server's
// import job both run `parseImportRow`, so they agree on every row.

export const IMPORT_ROWS_MAX = 500_000;
/** Rows per AppendContactImportRows call: well under the 1 MiB body limit for ordinary rows. */
export const IMPORT_CHUNK_ROWS = 2_000;
export const IMPORT_FIELDS = ['email', 'phone', 'whatsapp', 'firstName', 'lastName', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** A column's destination: a contact field, or `attribute:<id>`. */
export type ImportTarget = ImportField | `attribute:${number}`;
export const IMPORT_STATUSES = ['receiving', 'queued', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const targetSchema = z
  .string()
  .refine(
    (t) => (IMPORT_FIELDS as readonly string[]).includes(t) || /^attribute:\d{1,12}$/.test(t),
    'validation:invalid',
  );

export const importTargetsSchema = z
  .array(targetSchema)
  .min(1, 'validation:importNoUsableColumn')
  .max(120)
  .superRefine((targets, ctx) => {
    const problem = mappingProblem(targets as ImportTarget[]);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What is wrong with a column mapping (an i18n key), or null. */
export function mappingProblem(targets: readonly ImportTarget[]): string | null {
  if (new Set(targets).size !== targets.length) return 'validation:importMappingRepeats';
  if (!targets.some((t) => t === 'email' || t === 'phone' || t === 'whatsapp')) return 'validation:importNeedsChannel';
  return null;
}

export const attributeIdOf = (target: ImportTarget): number | null =>
  target.startsWith('attribute:') ? Number(target.slice('attribute:'.length)) : null;

export interface ImportAttribute {
  type: AttributeType;
  values: readonly string[];
}

export interface ImportedContact {
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  firstName?: string;
  lastName?: string;
  tags: string[];
  attributes: Record<string, AttributeValue>;
}

export interface RowError {
  /** the target of the column at fault, or '' for the row as a whole */
  target: string;
  key: string;
}

/** One row's cells (in the order of the targets) as a contact, or the first problem found. */
export function parseImportRow(
  cells: readonly string[],
  targets: readonly ImportTarget[],
  attributes: ReadonlyMap<number, ImportAttribute>,
): { contact: ImportedContact } | { error: RowError } {
  const contact: ImportedContact = { email: null, phone: null, whatsapp: null, tags: [], attributes: {} };
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i];
    const raw = (cells[i] ?? '').trim();
    if (raw === '') continue;
    const attributeId = attributeIdOf(target);
    if (attributeId !== null) {
      const attribute = attributes.get(attributeId);
      if (!attribute) return { error: { target, key: 'validation:attributeUnknown' } };
      const parsed = parseAttributeValue(raw, attribute.type, attribute.values);
      if ('error' in parsed) return { error: { target, key: parsed.error } };
      contact.attributes[String(attributeId)] = parsed.value;
      continue;
    }
    switch (target) {
      case 'email':
        if (!isValidEmail(raw)) return { error: { target, key: 'validation:emailInvalid' } };
        contact.email = raw.toLowerCase();
        break;
      case 'phone':
      case 'whatsapp': {
        const phone = internationalPhone(raw);
        if (!phone) return { error: { target, key: 'validation:internationalPhoneInvalid' } };
        contact[target] = phone;
        break;
      }
      case 'tags': {
        const tags = tagsSchema.safeParse(
          raw
            .split(/[|;]/)
            .map((t) => t.trim())
            .filter(Boolean),
        );
        if (!tags.success) return { error: { target, key: tags.error.issues[0].message } };
        contact.tags = [...new Set(tags.data)];
        break;
      }
      default:
        if (raw.length > 64) return { error: { target, key: 'validation:nameTooLong' } };
        contact[target as 'firstName' | 'lastName'] = raw;
    }
  }
  if (!contact.email && !contact.phone && !contact.whatsapp)
    return { error: { target: '', key: 'validation:contactChannelRequired' } };
  return { contact };
}
