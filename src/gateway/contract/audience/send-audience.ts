import { z } from 'zod';

// Sending to the audience (issue 12 item 6): a task's recipients may be a list or a segment, resolved
// on the server when the task is parsed, with the template's variables filled per contact by the
// spec's "template variable mapping: variable, attribute, default value" (spec 001 §3).

/** The contact's own fields a variable may take (the segment builder's system fields that hold text). */
export const MAPPABLE_SYSTEM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'whatsapp'] as const;
export type MappableSystemField = (typeof MAPPABLE_SYSTEM_FIELDS)[number];

/** A system field name, or a custom attribute's id in decimal ("12"); empty: the default for everyone. */
const ATTRIBUTE_PATTERN = new RegExp(`^(${MAPPABLE_SYSTEM_FIELDS.join('|')}|[1-9]\\d{0,15})?$`);
export const VARIABLE_DEFAULT_MAX = 500;
export const TEMPLATE_VARIABLES_MAX = 20;

export const variableMappingItem = z
  .object({
    /** The template's {{n}}. */
    Variable: z.number().int().min(1).max(TEMPLATE_VARIABLES_MAX),
    Attribute: z.string().regex(ATTRIBUTE_PATTERN, 'validation:attributeUnknown').default(''),
    /** Used when the contact has no value (or no attribute is named). */
    DefaultValue: z.string().max(VARIABLE_DEFAULT_MAX, 'validation:variableDefaultTooLong').default(''),
  })
  .strict();
export type VariableMapping = z.output<typeof variableMappingItem>;

/** The recipient source fields of a send task (beside Phones and Rows): exactly one source is sent. */
export const audienceSourceFields = {
  /** A list (group) of the account: its members when the task is parsed. */
  ListId: z.number().int().positive().optional(),
  /** A saved segment of the account: its rules as saved when the task was accepted, evaluated at parsing. */
  SegmentId: z.number().int().positive().optional(),
  /** One entry per template variable; only with ListId or SegmentId. */
  VariableMapping: z.array(variableMappingItem).max(TEMPLATE_VARIABLES_MAX).optional(),
};

/** Whether a mapping entry gives the variable something: an attribute or a default value. */
export const mappingFilled = (item: Pick<VariableMapping, 'Attribute' | 'DefaultValue'> | undefined) =>
  Boolean(item && (item.Attribute !== '' || item.DefaultValue !== ''));

/** The variables (1..count) the mapping leaves empty: each is a field error `VariableMapping.<n>`. */
export function unmappedVariables(mapping: readonly VariableMapping[], variableCount: number): number[] {
  const missing: number[] = [];
  for (let n = 1; n <= variableCount; n++)
    if (!mappingFilled(mapping.find((item) => item.Variable === n))) missing.push(n);
  return missing;
}

/** A recipient source as the task detail shows it. */
export const taskAudienceData = z.object({
  Kind: z.enum(['list', 'segment']),
  Id: z.number(),
  Name: z.string(),
});
export type TaskAudience = z.output<typeof taskAudienceData>;
