import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { ConditionConfig, ConditionRule, TriggerConfig } from '../../src/gateway/contract/workflow/document';
import { ATTRIBUTE_TYPE } from '../../src/gateway/contract/audience/rules';
import { audienceAttributes } from '../db/schema';
import { ownList } from '../audience/lists';
import { compileSegment, ownSegment } from '../audience/segments';

// Who a journey reaches and how its conditions branch (docs/decisions.md "Journey engine"). The canvas
// names an audience "L<list id>" or "S<segment id>" (gateway/client/queries/workflows.ts); both are read
// as one SQL condition over the contact `c`, the account's own only (another's answers not found).

/** The list or segment as SQL over `c`; refused (not found) when it is gone or another account's. */
export async function audienceWhere(db: Db, userId: number, audienceId: string, now: Date): Promise<SQL> {
  const id = Number(audienceId.slice(1));
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(RetCode.NotFound);
  if (audienceId.startsWith('L')) {
    const list = await ownList(db, userId, id);
    return sql`EXISTS (SELECT 1 FROM audience_list_members m WHERE m.list_id = ${list.id} AND m.contact_id = c.id)`;
  }
  if (audienceId.startsWith('S')) {
    const segment = await ownSegment(db, userId, id);
    return compileSegment(db, userId, segment.rules, now);
  }
  throw new ApiError(RetCode.NotFound);
}

/** The account's Date attribute of that name (case-insensitive), or null. */
export async function dateAttributeId(db: Db, userId: number, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: audienceAttributes.id })
    .from(audienceAttributes)
    .where(
      and(
        eq(audienceAttributes.userId, userId),
        eq(audienceAttributes.type, ATTRIBUTE_TYPE.Date),
        sql`lower(${audienceAttributes.name}) = lower(${name.trim()})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Who a trigger lets in, as SQL over `c` (docs/decisions.md "Journey triggers"): a list or segment's members;
 * for a date, the contacts whose date attribute falls between `days.from` and `days.to` (YYYY-MM-DD, the
 * account's days), within the trigger's audience when one is chosen; for an API event, nobody by itself
 * (TriggerSEQ2Event lets a contact in), the audience bounding who an event may let in.
 */
export async function triggerWhere(
  db: Db,
  userId: number,
  config: TriggerConfig,
  now: Date,
  days: { from: string; to: string },
): Promise<SQL> {
  if (config.source === 'list' || config.source === 'segment') return audienceWhere(db, userId, config.audienceId, now);
  const within = config.audienceId ? await audienceWhere(db, userId, config.audienceId, now) : sql`true`;
  if (config.source === 'event') return within;
  const attributeId = await dateAttributeId(db, userId, config.attribute);
  if (attributeId === null) throw new ApiError(RetCode.NotFound);
  const value = sql`(c.attributes ->> ${String(attributeId)})`;
  return sql`(${within} AND ${value} >= ${days.from} AND ${value} <= ${days.to})`;
}

/** "name=value": the contact's system field or attribute (by name) equals the value. */
function attributeWhere(rule: ConditionRule): SQL {
  const at = rule.value.indexOf('=');
  const name = (at < 0 ? rule.value : rule.value.slice(0, at)).trim();
  const value = at < 0 ? '' : rule.value.slice(at + 1).trim();
  const system: Record<string, SQL> = {
    firstName: sql`c.first_name`,
    lastName: sql`c.last_name`,
    email: sql`c.email`,
    phone: sql`c.phone`,
  };
  const column =
    system[name] ??
    sql`(c.attributes ->> (SELECT a.id::text FROM audience_attributes a WHERE a.user_id = c.user_id AND lower(a.name) = lower(${name}) LIMIT 1))`;
  return sql`coalesce(${column}, '') = ${value}`;
}

/**
 * The condition's "yes" branch as SQL over the contact `c`: every rule holds. inList/inSegment read the
 * condition's audience; attribute reads "name=value"; received is the caller's (the engine: the run has
 * sent a message already; the simulation: an earlier send step of the path reached the contact).
 * opened/clicked have no tracked events for phone channels yet and do not hold.
 */
export async function conditionWhere(
  db: Db,
  userId: number,
  config: ConditionConfig,
  now: Date,
  received: SQL,
): Promise<SQL> {
  const parts: SQL[] = [];
  for (const rule of config.rules) {
    if (rule.kind === 'inList' || rule.kind === 'inSegment')
      parts.push(await audienceWhere(db, userId, config.audienceId, now));
    else if (rule.kind === 'attribute') parts.push(attributeWhere(rule));
    else if (rule.kind === 'received') parts.push(received);
    else parts.push(sql`false`);
  }
  if (!parts.length) parts.push(await audienceWhere(db, userId, config.audienceId, now));
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/** Whether the run's contact takes the condition's "yes" branch. */
export async function conditionHolds(
  db: Db,
  run: { id: number; userId: number; contactId: number },
  config: ConditionConfig,
  now: Date,
): Promise<boolean> {
  const received = sql`EXISTS (SELECT 1 FROM workflow_run_steps s WHERE s.run_id = ${run.id} AND s.task_id <> '' AND s.outcome = 'done')`;
  const [row] = await rowsOf<{ holds: boolean }>(
    db,
    sql`SELECT ${await conditionWhere(db, run.userId, config, now, received)} AS holds FROM audience_contacts c
      WHERE c.id = ${run.contactId} AND c.user_id = ${run.userId}`,
  );
  return row?.holds === true;
}
