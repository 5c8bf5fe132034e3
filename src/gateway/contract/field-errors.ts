import type { z } from 'zod';

/** Per-field i18n keys (`validation:…`) from the shared schema, keyed by the form's own field names. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf<T extends z.ZodType>(
  schema: T,
  value: unknown,
  fieldNames: Record<string, string>,
): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const schemaField = String(issue.path[0] ?? '');
    const field = fieldNames[schemaField] ?? schemaField;
    errors[field] ??= issue.message.startsWith('validation:') ? issue.message : 'validation:invalid';
  }
  return errors;
}
