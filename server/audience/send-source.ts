import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SegmentRules } from '../../src/gateway/contract/audience/segments';
import {
  MAPPABLE_SYSTEM_FIELDS,
  unmappedVariables,
  type MappableSystemField,
  type TaskAudience,
  type VariableMapping,
} from '../../src/gateway/contract/audience/send-audience';
import { ApiError, fieldError } from '../errors';
import { listAttributes } from './attributes';
import { ownList } from './lists';
import { compileSegment, ownSegment } from './segments';

// A send task's recipients from the audience (issue 12 item 6): a list's members or a segment's
// matches, read in SQL pages by contact id (never every contact in memory). Each member is classed
// in SQL: sendable, suppressed on the channel, or without an address of the channel's kind (for
// phones: a number of the task's country); its variable values come from the mapping.

export interface AudienceSource {
  listId: number | null;
  /** The segment's rules as they were when the task was accepted (a task keeps what it was sent to). */
  segmentRules: SegmentRules | null;
}

export type AddressKind = 'phone' | 'email';

export interface MemberFilter {
  /** The channel id a contact may be suppressed on ('sms', 'mms', …). */
  channel: string;
  addressKind: AddressKind;
  /** Phones: the task country's calling code; a contact's number must carry it. */
  phonePrefix: string;
}

/** Member classes: 0 sendable, 1 suppressed on the channel, 2 no usable address. */
export const MEMBER_CLASS = { Sendable: 0, Suppressed: 1, NoAddress: 2 } as const;

/** The class codes as SQL literals (an untyped parameter in a CASE would be read as text). */
const literal = (code: number) => sql.raw(String(code));

const SYSTEM_COLUMN: Record<MappableSystemField, SQL> = {
  firstName: sql`c.first_name`,
  lastName: sql`c.last_name`,
  email: sql`c.email`,
  phone: sql`c.phone`,
  whatsapp: sql`c.whatsapp`,
};

const isSystemField = (attribute: string): attribute is MappableSystemField =>
  (MAPPABLE_SYSTEM_FIELDS as readonly string[]).includes(attribute);

/** The request's list or segment, the caller's own (another account's answers not found). */
export async function resolveAudience(
  db: Db,
  userId: number,
  input: { ListId?: number; SegmentId?: number },
): Promise<{ audience: TaskAudience; source: AudienceSource }> {
  if (input.ListId !== undefined) {
    const list = await ownList(db, userId, input.ListId);
    return {
      audience: { Kind: 'list', Id: list.id, Name: list.name },
      source: { listId: list.id, segmentRules: null },
    };
  }
  const segment = await ownSegment(db, userId, input.SegmentId!);
  return {
    audience: { Kind: 'segment', Id: segment.id, Name: segment.name },
    source: { listId: null, segmentRules: segment.rules },
  };
}

/**
 * Refuses a mapping that leaves a template variable empty (a field error per variable,
 * `VariableMapping.<n>`), names a variable the template lacks, or an attribute of no such id.
 * Answers one entry per variable, in order.
 */
export async function checkMapping(
  db: Db,
  userId: number,
  mapping: readonly VariableMapping[],
  variableCount: number,
): Promise<VariableMapping[]> {
  const missing = unmappedVariables(mapping, variableCount);
  if (missing.length)
    throw new ApiError(
      RetCode.ValidationError,
      {},
      { Fields: missing.map((n) => ({ Field: `VariableMapping.${n}`, Key: 'validation:variableMappingMissing' })) },
    );
  const attributeIds = new Set((await listAttributes(db, userId)).map((row) => String(row.id)));
  mapping.forEach((item, i) => {
    if (item.Variable > variableCount) throw fieldError(`VariableMapping.${i}.Variable`, 'validation:variableUnknown');
    if (item.Attribute && !isSystemField(item.Attribute) && !attributeIds.has(item.Attribute))
      throw fieldError(`VariableMapping.${i}.Attribute`, 'validation:attributeUnknown');
  });
  return Array.from({ length: variableCount }, (_, i) => mapping.find((item) => item.Variable === i + 1)!);
}

/** Membership of the source as one SQL condition over `c` (refused if the rules name what is gone). */
async function memberWhere(db: Db, userId: number, source: AudienceSource, now: Date): Promise<SQL> {
  if (source.listId !== null)
    return sql`EXISTS (SELECT 1 FROM audience_list_members m WHERE m.list_id = ${source.listId} AND m.contact_id = c.id)`;
  return compileSegment(db, userId, source.segmentRules!, now);
}

function addressSql(kind: AddressKind): SQL {
  return kind === 'phone' ? sql`c.phone` : sql`c.email`;
}

function classSql(filter: MemberFilter): SQL {
  const address = addressSql(filter.addressKind);
  const usable =
    filter.addressKind === 'phone'
      ? sql`${address} IS NOT NULL AND starts_with(${address}, ${filter.phonePrefix}) AND length(${address}) >= ${filter.phonePrefix.length + 4}`
      : sql`coalesce(${address}, '') <> ''`;
  return sql`CASE WHEN ${filter.channel}::text = ANY(c.suppressed) THEN ${literal(MEMBER_CLASS.Suppressed)}
    WHEN ${usable} THEN ${literal(MEMBER_CLASS.Sendable)} ELSE ${literal(MEMBER_CLASS.NoAddress)} END`;
}

/** A variable's value: the attribute's when it has one, else the default. */
function valueSql(item: VariableMapping): SQL {
  if (!item.Attribute) return sql`${item.DefaultValue}::text`;
  const column = isSystemField(item.Attribute)
    ? SYSTEM_COLUMN[item.Attribute]
    : sql`(c.attributes->>${item.Attribute})`;
  return sql`coalesce(nullif(${column}, ''), ${item.DefaultValue})`;
}

export interface MemberCounts {
  sendable: number;
  suppressed: number;
  noAddress: number;
}

/** How many members are sendable, suppressed and without an address, now (the estimate at acceptance). */
export async function countMembers(
  db: Db,
  userId: number,
  source: AudienceSource,
  filter: MemberFilter,
  now: Date,
): Promise<MemberCounts> {
  const where = await memberWhere(db, userId, source, now);
  const cls = classSql(filter);
  const [row] = await rowsOf<{ sendable: number; suppressed: number; no_address: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE k = ${literal(MEMBER_CLASS.Sendable)})::int AS sendable,
        count(*) FILTER (WHERE k = ${literal(MEMBER_CLASS.Suppressed)})::int AS suppressed,
        count(*) FILTER (WHERE k = ${literal(MEMBER_CLASS.NoAddress)})::int AS no_address
      FROM (SELECT ${cls} AS k FROM audience_contacts c WHERE c.user_id = ${userId} AND ${where}) AS classed`,
  );
  return { sendable: Number(row.sendable), suppressed: Number(row.suppressed), noAddress: Number(row.no_address) };
}

export interface MemberRow {
  id: number;
  cls: number;
  address: string | null;
  params: string[];
}

/**
 * A reader of the source's members in pages by contact id (keyset: after the last id seen), each with
 * its class, address and variable values. The membership is compiled once, with the clock of now.
 */
export async function memberPages(
  db: Db,
  userId: number,
  source: AudienceSource,
  filter: MemberFilter,
  mapping: readonly VariableMapping[],
  now: Date,
) {
  const where = await memberWhere(db, userId, source, now);
  const cls = classSql(filter);
  const params = mapping.length ? sql`ARRAY[${sql.join(mapping.map(valueSql), sql`, `)}]::text[]` : sql`'{}'::text[]`;
  return async (afterId: number, limit: number): Promise<MemberRow[]> => {
    const rows = await rowsOf<{ id: number | string; cls: number; address: string | null; params: string[] }>(
      db,
      sql`SELECT c.id, ${cls} AS cls, ${addressSql(filter.addressKind)} AS address, ${params} AS params
        FROM audience_contacts c WHERE c.user_id = ${userId} AND c.id > ${afterId} AND ${where}
        ORDER BY c.id LIMIT ${limit}`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), cls: Number(row.cls) }));
  };
}
