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
    errors[field] ??= issueKey(issue);
  }
  return errors;
}

/**
 * What a missing field says, by the contract's field name: "Enter a begin time", not "This value is not
 * valid". A field not listed says "This field is required."
 */
export const REQUIRED_KEYS: Partial<Record<string, string>> = {
  BeginTime: 'validation:beginTimeRequired',
  EndTime: 'validation:endTimeRequired',
  StartTime: 'validation:beginTimeRequired',
  Email: 'validation:emailRequired',
  Password: 'validation:passwordRequired',
  OldPassword: 'validation:passwordRequired',
  NewPassword: 'validation:passwordRequired',
  Phone: 'validation:phoneRequired',
  Country: 'validation:countryRequired',
  PhoneCode: 'validation:codeRequired',
  Code: 'validation:codeRequired',
  Name: 'validation:nameRequired',
  TaskId: 'validation:taskRequired',
  TemplateId: 'validation:smsTemplateRequired',
  Content: 'validation:smsContentRequired',
  Comment: 'validation:commentRequired',
  Category: 'validation:categoryRequired',
  Url: 'validation:urlRequired',
  Amount: 'validation:amountRequired',
  FileId: 'validation:fileRequired',
  FileName: 'validation:fileNameRequired',
};

interface IssueLike {
  code: string;
  message: string;
  path: PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
}

/**
 * The i18n key of one schema issue: the schema's own `validation:…` message; for a missing value (absent,
 * null or an empty required text) the field's "required" key; otherwise "This value is not valid".
 */
export function issueKey(issue: IssueLike): string {
  if (issue.message.startsWith('validation:')) return issue.message;
  const missing =
    (issue.code === 'invalid_type' && /received (undefined|null)$/.test(issue.message)) ||
    (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1);
  if (!missing) return 'validation:invalid';
  const field = [...issue.path].reverse().find((part): part is string => typeof part === 'string') ?? '';
  return REQUIRED_KEYS[field] ?? 'validation:required';
}
