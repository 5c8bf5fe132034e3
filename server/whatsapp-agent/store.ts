import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { containsPattern } from '../db/rows';
import { files, waAgentRecipients, waAgentTasks } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { isKnownZone } from '../sms/time-zones';
import type { ServerDeps } from '../context';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { findCountry } from '../../src/gateway/contract/countries';
import {
  checkExpectedSendTime,
  expectedSendInstant,
  waAgentCost,
  WA_AGENT_GROUP_STATUSES,
  WA_AGENT_MAX_RECIPIENTS,
  WA_AGENT_PRICE_PER_RECIPIENT,
  type WaAgentGroup,
} from '../../src/gateway/contract/wa-agent';
import type { CreateWaAgentTaskInput } from '../../src/gateway/contract/actions/wa-agent';
import { waAgentTaskLifecycle } from '../../src/machines/lifecycles/wa-agent-task.machine';
import { chargeWaAgentTask, refundWaAgentTask } from './money';
import { countRecipientItems, storeRecipients } from './recipients';

// WhatsApp agent campaigns of one account (docs/decisions.md "WhatsApp agent campaigns"): every query is
// scoped to the account; status changes go through the shared lifecycle machine.

export type WaAgentDeps = Pick<ServerDeps, 'database' | 'clock' | 'jobs'>;
export type WaAgentRow = typeof waAgentTasks.$inferSelect;

const ownTask = (userId: number, taskId: string) =>
  and(eq(waAgentTasks.userId, userId), eq(waAgentTasks.taskId, taskId));

export async function ownedWaAgentTask(db: Db, userId: number, taskId: string): Promise<WaAgentRow> {
  const [row] = await db.select().from(waAgentTasks).where(ownTask(userId, taskId));
  if (!row) throw notFound();
  return row;
}

async function replayOf(db: Db, userId: number, key: string | undefined) {
  if (!key) return null;
  const [row] = await db
    .select()
    .from(waAgentTasks)
    .where(and(eq(waAgentTasks.userId, userId), eq(waAgentTasks.requestKey, key)));
  return row ?? null;
}

async function ownsStoredFile(db: Db, userId: number, fileId: string) {
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.status, 'stored')));
  return Boolean(file);
}

const tooSoon = () =>
  new ApiError(
    RetCode.WaAgentSendTimeTooSoon,
    {},
    { Fields: [{ Field: 'ExpectedSendTime', Key: 'validation:waAgentTooSoon' }] },
  );

/** Checks, stores and charges a campaign in one transaction; the agent's first step is queued after it. */
export async function createWaAgentTask(deps: WaAgentDeps, userId: number, input: CreateWaAgentTaskInput) {
  const { db } = deps.database;
  const replay = await replayOf(db, userId, input.IdempotencyKey);
  if (replay) return replay;
  const country = findCountry(input.CountryCode);
  if (!country) throw fieldError('CountryCode', 'validation:invalid');
  if (!isKnownZone(input.TimeZone)) throw fieldError('TimeZone', 'validation:invalid');
  const now = deps.clock.now();
  const problem = checkExpectedSendTime(input.ExpectedSendTime, input.TimeZone, now);
  if (problem === 'invalid') throw fieldError('ExpectedSendTime', 'validation:invalid');
  if (problem === 'tooSoon') throw tooSoon();
  if (input.MediaFileId && !(await ownsStoredFile(db, userId, input.MediaFileId)))
    throw fieldError('MediaFileId', 'validation:invalid');
  if (countRecipientItems(input.Recipients) > WA_AGENT_MAX_RECIPIENTS)
    throw new ApiError(RetCode.WaAgentTooManyRecipients, { max: WA_AGENT_MAX_RECIPIENTS });
  const row = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [task] = await tx
      .insert(waAgentTasks)
      .values({
        taskId: newPublicId('AG'),
        userId,
        name: input.Name,
        countryCode: country.CountryCode,
        phonePrefix: country.PhonePrefix,
        timeZone: input.TimeZone,
        expectedLocal: input.ExpectedSendTime,
        expectedAt: expectedSendInstant(input.ExpectedSendTime, input.TimeZone)!,
        content: input.Content,
        mediaFileId: input.MediaFileId ?? '',
        status: waAgentTaskLifecycle.statuses[0],
        totalCount: 0,
        price: WA_AGENT_PRICE_PER_RECIPIENT,
        requestKey: input.IdempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!task) return null;
    const { stored, invalid, duplicates } = await storeRecipients(tx, task.id, input.Recipients, country.PhonePrefix);
    if (stored === 0) throw new ApiError(RetCode.WaAgentNoRecipients);
    await tx
      .update(waAgentTasks)
      .set({ totalCount: stored, invalidCount: invalid, duplicateCount: duplicates })
      .where(eq(waAgentTasks.id, task.id));
    await chargeWaAgentTask(tx, task, waAgentCost(stored), now);
    const [saved] = await tx.select().from(waAgentTasks).where(eq(waAgentTasks.id, task.id));
    return saved;
  });
  if (!row) {
    // a twin request with the same IdempotencyKey committed first
    const again = await replayOf(db, userId, input.IdempotencyKey);
    if (again) return again;
    throw new ApiError(RetCode.SystemBusy);
  }
  await enqueueAfterCommit(deps, QUEUE.waAgentStep, { taskId: row.id });
  return row;
}

export async function listWaAgentTasks(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Group?: WaAgentGroup; Keyword?: string },
) {
  const where = and(
    eq(waAgentTasks.userId, userId),
    query.Group ? inArray(waAgentTasks.status, [...WA_AGENT_GROUP_STATUSES[query.Group]]) : undefined,
    query.Keyword ? ilike(waAgentTasks.name, containsPattern(query.Keyword)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(waAgentTasks).where(where);
  const rows = await db
    .select()
    .from(waAgentTasks)
    .where(where)
    .orderBy(desc(waAgentTasks.createdAt), desc(waAgentTasks.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** The customer's cancel: only before sending starts (the lifecycle says), with the whole charge back. */
export async function cancelWaAgentTask(deps: WaAgentDeps, userId: number, taskId: string): Promise<WaAgentRow> {
  const { db } = deps.database;
  const now = deps.clock.now();
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.select().from(waAgentTasks).where(ownTask(userId, taskId)).for('update');
    if (!row) throw notFound();
    const next = waAgentTaskLifecycle.next(row.status, 'task.cancel');
    if (!next) throw new ApiError(RetCode.WaAgentNotCancellable);
    await tx
      .update(waAgentTasks)
      .set({ status: next.status, cancelledBy: 'customer', finishedAt: now, updatedAt: now })
      .where(eq(waAgentTasks.id, row.id));
    await refundWaAgentTask(tx, row, row.charged - row.refunded, 'cancel', now);
    await tx.delete(waAgentRecipients).where(eq(waAgentRecipients.taskId, row.id));
    const [saved] = await tx.select().from(waAgentTasks).where(eq(waAgentTasks.id, row.id));
    return saved;
  });
}

/** Used by the agent: a row by its internal id (jobs carry it), whatever the account. */
export async function waAgentRowById(db: Db, id: number): Promise<WaAgentRow | null> {
  const [row] = await db.select().from(waAgentTasks).where(eq(waAgentTasks.id, id));
  return row ?? null;
}

export const recipientsEndingIn = async (db: Db, id: number, digit: string) => {
  const [{ n }] = await db
    .select({ n: count() })
    .from(waAgentRecipients)
    .where(and(eq(waAgentRecipients.taskId, id), sql`right(${waAgentRecipients.phone}, 1) = ${digit}`));
  return n;
};
