import { z } from 'zod';
import { ATTRIBUTE_TYPE, type AttributeType, isValidDate } from './rules';

// Spec 001 §3 segment conditions: data sources System 1, Custom 2, List 3, USMS 4, EMAIL 5,
// WHATSAPP 6; special operators (member of no list, is empty, has any value, is between, in the last,
// more than, between past dates, fixed period) in day, week or month units; AND/OR groups.

export const SEGMENT_SOURCE = { System: 1, Custom: 2, List: 3, USMS: 4, EMAIL: 5, WHATSAPP: 6 } as const;
export type SegmentSource = (typeof SEGMENT_SOURCE)[keyof typeof SEGMENT_SOURCE];
/** WhatsApp has no records yet: the builder shows it disabled, the server refuses it. */
export const UNAVAILABLE_SOURCES: readonly SegmentSource[] = [SEGMENT_SOURCE.WHATSAPP];

export const TIME_UNITS = ['day', 'week', 'month'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** What kind of value a condition looks at: it decides the operators and the value input. */
export type ValueKind = 'text' | 'number' | 'boolean' | 'category' | 'date' | 'tags' | 'list' | 'channel';

export const SYSTEM_FIELDS = {
  email: 'text',
  phone: 'text',
  whatsapp: 'text',
  firstName: 'text',
  lastName: 'text',
  tags: 'tags',
  createdAt: 'date',
} as const satisfies Record<string, ValueKind>;
export type SystemField = keyof typeof SYSTEM_FIELDS;
export const SYSTEM_FIELD_NAMES = Object.keys(SYSTEM_FIELDS) as SystemField[];

export const OPERATORS_BY_KIND = {
  text: ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'isEmpty', 'hasAnyValue'],
  number: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'isBetween', 'isEmpty', 'hasAnyValue'],
  boolean: ['isTrue', 'isFalse', 'isEmpty', 'hasAnyValue'],
  category: ['isAnyOf', 'isNoneOf', 'isEmpty', 'hasAnyValue'],
  date: ['inTheLast', 'moreThan', 'betweenPastDates', 'fixedPeriod', 'isEmpty', 'hasAnyValue'],
  tags: ['hasTag', 'hasNotTag', 'isEmpty', 'hasAnyValue'],
  list: ['memberOf', 'notMemberOf', 'memberOfNoList', 'memberOfAnyList'],
  channel: ['receivedInTheLast', 'notReceivedInTheLast', 'failedInTheLast'],
} as const satisfies Record<ValueKind, readonly string[]>;

export const SEGMENT_OPERATORS = [...new Set(Object.values(OPERATORS_BY_KIND).flat())] as [
  SegmentOperator,
  ...SegmentOperator[],
];
export type SegmentOperator = (typeof OPERATORS_BY_KIND)[ValueKind][number];

export const KIND_BY_ATTRIBUTE_TYPE: Record<AttributeType, ValueKind> = {
  [ATTRIBUTE_TYPE.Number]: 'number',
  [ATTRIBUTE_TYPE.Text]: 'text',
  [ATTRIBUTE_TYPE.Boolean]: 'boolean',
  [ATTRIBUTE_TYPE.Category]: 'category',
  [ATTRIBUTE_TYPE.Date]: 'date',
};

export const CONDITIONS_PER_GROUP_MAX = 10;
export const GROUPS_MAX = 10;
export const AMOUNT_MAX = 3650;

const amount = z
  .number()
  .int()
  .min(1, 'validation:periodAmountInvalid')
  .max(AMOUNT_MAX, 'validation:periodAmountInvalid');

export const segmentConditionSchema = z
  .object({
    Source: z.union(Object.values(SEGMENT_SOURCE).map((s) => z.literal(s))),
    /** Source System: the contact's own field. */
    Field: z.enum(SYSTEM_FIELD_NAMES as [SystemField, ...SystemField[]]).optional(),
    /** Source Custom: the attribute. */
    AttributeId: z.number().int().positive().optional(),
    /** Source List: the list (memberOf, notMemberOf). */
    ListId: z.number().int().positive().optional(),
    Operator: z.enum(SEGMENT_OPERATORS),
    /** text operators, hasTag / hasNotTag */
    Value: z.string().trim().max(1000).optional(),
    /** isAnyOf / isNoneOf */
    Values: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
    /** number operators; isBetween takes Number..Number2 (both included) */
    Number: z.number().finite().optional(),
    Number2: z.number().finite().optional(),
    /** relative dates and channel conditions: Amount Units ago; betweenPastDates: Amount..Amount2 ago */
    Amount: amount.optional(),
    Amount2: amount.optional(),
    Unit: z.enum(TIME_UNITS).optional(),
    /** fixedPeriod: From..To, both included, 2021-01-27 */
    From: z.string().optional(),
    To: z.string().optional(),
  })
  .strict()
  .superRefine((condition, ctx) => {
    const problem = conditionProblem(condition);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, path: [problem.field] });
  });
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export const MATCH_MODES = ['all', 'any'] as const;
export const segmentGroupSchema = z
  .object({
    Match: z.enum(MATCH_MODES),
    Conditions: z
      .array(segmentConditionSchema)
      .min(1, 'validation:conditionRequired')
      .max(CONDITIONS_PER_GROUP_MAX, 'validation:tooManyConditions'),
  })
  .strict();
export const segmentRulesSchema = z
  .object({
    Match: z.enum(MATCH_MODES),
    Groups: z
      .array(segmentGroupSchema)
      .min(1, 'validation:conditionRequired')
      .max(GROUPS_MAX, 'validation:tooManyConditions'),
  })
  .strict();
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;
export type SegmentRules = z.infer<typeof segmentRulesSchema>;

/** The value kind of a condition; for Custom it needs the attribute's type. */
export function conditionKind(
  condition: Pick<SegmentCondition, 'Source' | 'Field'>,
  attributeType?: AttributeType,
): ValueKind | null {
  switch (condition.Source) {
    case SEGMENT_SOURCE.System:
      return condition.Field ? SYSTEM_FIELDS[condition.Field] : null;
    case SEGMENT_SOURCE.Custom:
      return attributeType ? KIND_BY_ATTRIBUTE_TYPE[attributeType] : null;
    case SEGMENT_SOURCE.List:
      return 'list';
    default:
      return 'channel';
  }
}

export const operatorFits = (kind: ValueKind, operator: SegmentOperator) =>
  (OPERATORS_BY_KIND[kind] as readonly string[]).includes(operator);

/** What a condition lacks for its operator (an i18n key and the field it belongs to), or null. */
export function conditionProblem(c: Partial<SegmentCondition>): { field: string; key: string } | null {
  if (c.Source !== undefined && UNAVAILABLE_SOURCES.includes(c.Source))
    return { field: 'Source', key: 'validation:sourceNotAvailable' };
  if (c.Source === SEGMENT_SOURCE.System && !c.Field) return { field: 'Field', key: 'validation:required' };
  if (c.Source === SEGMENT_SOURCE.Custom && !c.AttributeId) return { field: 'AttributeId', key: 'validation:required' };
  const kind =
    c.Source === undefined || c.Source === SEGMENT_SOURCE.Custom
      ? null
      : conditionKind({ Source: c.Source, Field: c.Field });
  if (kind && c.Operator && !operatorFits(kind, c.Operator))
    return { field: 'Operator', key: 'validation:operatorInvalid' };
  switch (c.Operator) {
    case 'equals':
    case 'notEquals':
    case 'greaterThan':
    case 'lessThan':
      // text and number share equals / notEquals: one of the two values is needed
      return c.Value === undefined && c.Number === undefined ? { field: 'Value', key: 'validation:required' } : null;
    case 'contains':
    case 'notContains':
    case 'startsWith':
    case 'hasTag':
    case 'hasNotTag':
      return c.Value ? null : { field: 'Value', key: 'validation:required' };
    case 'isBetween':
      if (c.Number === undefined || c.Number2 === undefined) return { field: 'Number', key: 'validation:required' };
      return c.Number <= c.Number2 ? null : { field: 'Number2', key: 'validation:rangeReversed' };
    case 'isAnyOf':
    case 'isNoneOf':
      return c.Values?.length ? null : { field: 'Values', key: 'validation:required' };
    case 'inTheLast':
    case 'moreThan':
    case 'receivedInTheLast':
    case 'notReceivedInTheLast':
    case 'failedInTheLast':
      return c.Amount && c.Unit ? null : { field: 'Amount', key: 'validation:required' };
    case 'betweenPastDates':
      if (!c.Amount || !c.Amount2 || !c.Unit) return { field: 'Amount', key: 'validation:required' };
      return c.Amount >= c.Amount2 ? null : { field: 'Amount2', key: 'validation:rangeReversed' };
    case 'fixedPeriod':
      if (!c.From || !isValidDate(c.From)) return { field: 'From', key: 'validation:dateInvalid' };
      if (!c.To || !isValidDate(c.To)) return { field: 'To', key: 'validation:dateInvalid' };
      return c.From <= c.To ? null : { field: 'To', key: 'validation:rangeReversed' };
    case 'memberOf':
    case 'notMemberOf':
      return c.ListId ? null : { field: 'ListId', key: 'validation:required' };
    default:
      return null;
  }
}

/** The moment `amount` units before `now` (months keep the day, clamped to the month's end). */
export function pastMoment(now: Date, amount: number, unit: TimeUnit): Date {
  if (unit === 'day') return new Date(now.getTime() - amount * 86_400_000);
  if (unit === 'week') return new Date(now.getTime() - amount * 7 * 86_400_000);
  const moved = new Date(now.getTime());
  const day = moved.getUTCDate();
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() - amount);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

/** A date-only value ('2021-01-27') of a moment, in UTC. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The next day of a date-only value: fixed periods end before it. */
export function dayAfter(day: string): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
}

/**
 * A date condition as a half-open window [from, to) of moments (ISO strings), or null when the
 * operator is not a date window. Date-only values compare by their day; timestamps by the moment.
 */
export function dateWindow(c: SegmentCondition, now: Date): { from?: string; to?: string } | null {
  switch (c.Operator) {
    case 'inTheLast':
      return { from: pastMoment(now, c.Amount!, c.Unit!).toISOString(), to: new Date(now.getTime() + 1).toISOString() };
    case 'moreThan':
      return { to: pastMoment(now, c.Amount!, c.Unit!).toISOString() };
    case 'betweenPastDates':
      return {
        from: pastMoment(now, c.Amount!, c.Unit!).toISOString(),
        to: new Date(pastMoment(now, c.Amount2!, c.Unit!).getTime() + 1).toISOString(),
      };
    case 'fixedPeriod':
      return { from: `${c.From}T00:00:00.000Z`, to: `${dayAfter(c.To!)}T00:00:00.000Z` };
    default:
      return null;
  }
}

export const emptySegmentRules = (): SegmentRules => ({
  Match: 'all',
  Groups: [{ Match: 'all', Conditions: [{ Source: SEGMENT_SOURCE.System, Field: 'email', Operator: 'hasAnyValue' }] }],
});
