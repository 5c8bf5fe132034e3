import { sql, type SQL } from 'drizzle-orm';
import { fieldError } from '../errors';
import {
  conditionKind,
  dateWindow,
  operatorFits,
  pastMoment,
  type SegmentCondition,
  type SegmentRules,
  type SystemField,
} from '../../src/gateway/contract/audience/segments';
import type { AttributeType } from '../../src/gateway/contract/audience/rules';
import { channelEventSince } from './channel-conditions';

// A segment's rules as one SQL condition over audience_contacts aliased `c` (spec 001 §3 operators).
// The database evaluates it: a count or a page of a segment never loads contacts into memory. Time
// windows are computed once from the server clock (contract `dateWindow`), the same way the reference
// evaluation in segment-sql.property.test.ts does.

const SYSTEM_COLUMNS: Record<Exclude<SystemField, 'tags' | 'createdAt'>, SQL> = {
  email: sql`c.email`,
  phone: sql`c.phone`,
  whatsapp: sql`c.whatsapp`,
  firstName: sql`c.first_name`,
  lastName: sql`c.last_name`,
};

export interface SegmentContext {
  /** The account's attributes: id -> type. */
  attributeTypes: ReadonlyMap<number, AttributeType>;
  /** The account's list ids. */
  listIds: ReadonlySet<number>;
  now: Date;
}

/** Refuses (validation error naming the condition) rules that name another account's attribute or list. */
export function checkSegmentRules(rules: SegmentRules, context: SegmentContext): void {
  rules.Groups.forEach((group, g) =>
    group.Conditions.forEach((condition, i) => {
      const at = `Rules.Groups.${g}.Conditions.${i}`;
      if (condition.AttributeId !== undefined && condition.Source === 2) {
        const type = context.attributeTypes.get(condition.AttributeId);
        if (!type) throw fieldError(`${at}.AttributeId`, 'validation:attributeUnknown');
        if (!operatorFits(conditionKind(condition, type)!, condition.Operator))
          throw fieldError(`${at}.Operator`, 'validation:operatorInvalid');
      }
      const kind = conditionKind(condition, context.attributeTypes.get(condition.AttributeId ?? 0));
      const compares = ['equals', 'notEquals', 'greaterThan', 'lessThan'].includes(condition.Operator);
      if (compares && kind === 'number' && condition.Number === undefined)
        throw fieldError(`${at}.Number`, 'validation:required');
      if (compares && kind === 'text' && condition.Value === undefined)
        throw fieldError(`${at}.Value`, 'validation:required');
      if (condition.ListId !== undefined && condition.Source === 3 && !context.listIds.has(condition.ListId))
        throw fieldError(`${at}.ListId`, 'validation:listUnknown');
    }),
  );
}

export function segmentWhere(rules: SegmentRules, context: SegmentContext): SQL {
  const groups = rules.Groups.map((group) =>
    joined(
      group.Conditions.map((condition) => conditionSql(condition, context)),
      group.Match,
    ),
  );
  return joined(groups, rules.Match);
}

function joined(parts: SQL[], match: 'all' | 'any'): SQL {
  return sql`(${sql.join(parts, match === 'all' ? sql` AND ` : sql` OR `)})`;
}

function conditionSql(c: SegmentCondition, context: SegmentContext): SQL {
  switch (c.Source) {
    case 1:
      if (c.Field === 'tags') return tagsSql(c);
      if (c.Field === 'createdAt') return dateSql(c, sql`c.created_at`, context.now);
      return textSql(c, SYSTEM_COLUMNS[c.Field!]);
    case 2:
      return customSql(c, context);
    case 3:
      return listSql(c);
    default:
      return channelSql(c, context.now);
  }
}

function customSql(c: SegmentCondition, context: SegmentContext): SQL {
  const key = String(c.AttributeId);
  const kind = conditionKind(c, context.attributeTypes.get(c.AttributeId!));
  const text = sql`(c.attributes->>${key})`;
  if (c.Operator === 'isEmpty') return sql`NOT (c.attributes ? ${key})`;
  if (c.Operator === 'hasAnyValue') return sql`(c.attributes ? ${key})`;
  switch (kind) {
    case 'number':
      return numberSql(c, sql`(c.attributes->>${key})::numeric`);
    case 'boolean':
      return c.Operator === 'isTrue'
        ? sql`(c.attributes->${key}) = 'true'::jsonb`
        : sql`(c.attributes->${key}) = 'false'::jsonb`;
    case 'category':
      return c.Operator === 'isAnyOf'
        ? sql`coalesce(${text} = ANY(${sql.param(c.Values!)}::text[]), false)`
        : sql`NOT coalesce(${text} = ANY(${sql.param(c.Values!)}::text[]), false)`;
    case 'date':
      return dateSql(c, sql`(${text} || 'T00:00:00Z')::timestamptz`, context.now);
    default:
      return textSql(c, text);
  }
}

function textSql(c: SegmentCondition, column: SQL): SQL {
  const value = (c.Value ?? '').toLowerCase();
  const lowered = sql`lower(coalesce(${column}, ''))`;
  switch (c.Operator) {
    case 'equals':
      return sql`${lowered} = ${value}`;
    case 'notEquals':
      return sql`${lowered} <> ${value}`;
    case 'contains':
      return sql`strpos(${lowered}, ${value}) > 0`;
    case 'notContains':
      return sql`strpos(${lowered}, ${value}) = 0`;
    case 'startsWith':
      return sql`starts_with(${lowered}, ${value})`;
    case 'isEmpty':
      return sql`coalesce(${column}, '') = ''`;
    default:
      return sql`coalesce(${column}, '') <> ''`;
  }
}

function numberSql(c: SegmentCondition, column: SQL): SQL {
  const value = c.Number ?? Number(c.Value);
  switch (c.Operator) {
    case 'equals':
      return sql`coalesce(${column} = ${value}, false)`;
    case 'notEquals':
      return sql`${column} IS DISTINCT FROM ${value}`;
    case 'greaterThan':
      return sql`coalesce(${column} > ${value}, false)`;
    case 'lessThan':
      return sql`coalesce(${column} < ${value}, false)`;
    default:
      return sql`coalesce(${column} BETWEEN ${c.Number!} AND ${c.Number2!}, false)`;
  }
}

function dateSql(c: SegmentCondition, column: SQL, now: Date): SQL {
  if (c.Operator === 'isEmpty') return sql`${column} IS NULL`;
  if (c.Operator === 'hasAnyValue') return sql`${column} IS NOT NULL`;
  const window = dateWindow(c, now)!;
  const parts: SQL[] = [];
  if (window.from) parts.push(sql`${column} >= ${window.from}::timestamptz`);
  if (window.to) parts.push(sql`${column} < ${window.to}::timestamptz`);
  return sql`coalesce(${sql.join(parts, sql` AND `)}, false)`;
}

function tagsSql(c: SegmentCondition): SQL {
  switch (c.Operator) {
    case 'hasTag':
      // containment, not "= ANY": the GIN index on tags (audience_contacts_tags_idx) can answer it
      return sql`c.tags @> ARRAY[${c.Value!}]::text[]`;
    case 'hasNotTag':
      return sql`NOT (${c.Value!} = ANY(c.tags))`;
    case 'isEmpty':
      return sql`cardinality(c.tags) = 0`;
    default:
      return sql`cardinality(c.tags) > 0`;
  }
}

function listSql(c: SegmentCondition): SQL {
  const member = (listId?: number) =>
    listId === undefined
      ? sql`EXISTS (SELECT 1 FROM audience_list_members m WHERE m.contact_id = c.id)`
      : sql`EXISTS (SELECT 1 FROM audience_list_members m WHERE m.contact_id = c.id AND m.list_id = ${listId})`;
  switch (c.Operator) {
    case 'memberOf':
      return member(c.ListId);
    case 'notMemberOf':
      return sql`NOT ${member(c.ListId)}`;
    case 'memberOfNoList':
      return sql`NOT ${member()}`;
    default:
      return member();
  }
}

function channelSql(c: SegmentCondition, now: Date): SQL {
  const from = pastMoment(now, c.Amount!, c.Unit!).toISOString();
  switch (c.Operator) {
    case 'receivedInTheLast':
      return channelEventSince(c.Source, 'received', from);
    case 'notReceivedInTheLast':
      return sql`NOT ${channelEventSince(c.Source, 'received', from)}`;
    default:
      return channelEventSince(c.Source, 'failed', from);
  }
}
