import { createHash } from 'node:crypto';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { aigcTasks, files, type AigcTaskRow } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { isUniqueViolation } from '../db/rows';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { FileStore } from '../providers/storage';
import { storedImage } from '../uploads/image-info';
import { mediaUrl, uploadSecret } from '../uploads/signing';
import { giveBackAiUse, takeAiUse } from '../ai/quota';
import type { PlanInForce } from '../money/plan-gate';
import { AiImageError, type AiImageProvider } from '../providers/ai-image';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  AIGC_LIMITS,
  AIGC_REFERENCE_TYPES,
  AIGC_STATUS,
  type AigcCategory,
  type AigcCreateInput,
  type AigcDesign,
  type AigcIndustry,
} from '../../src/gateway/contract/actions/aigc';
import type { AiUsage } from '../../src/gateway/contract/actions/ai-text';

// AI image generations (issue 16 item 7; docs/decisions.md "Creative material and AI images"). A request takes
// one AIGCRequestLimit use and stores the task Running; a worker asks the image provider and settles it
// Succeeded (the image stored as a file of the account) or Failed (the use given back). One running task per
// account: the partial unique index refuses a second one (AigcBusy), however many tabs ask at once.

export interface GenerationDeps {
  db: Db;
  store: FileStore;
  now: () => Date;
  provider: () => AiImageProvider;
}

/** A reference must be the caller's stored PNG or JPEG of at most 20 MB (read from its bytes). */
async function checkReference(deps: Pick<GenerationDeps, 'db' | 'store'>, userId: number, fileId: string) {
  const image = await storedImage(deps.db, deps.store, userId, fileId);
  const type = image ? `image/${image.type === 'jpg' ? 'jpeg' : image.type}` : '';
  if (!image || !(AIGC_REFERENCE_TYPES as readonly string[]).includes(type))
    throw new ApiError(
      RetCode.AigcReferenceInvalid,
      {},
      { Fields: [{ Field: 'ReferenceFileId', Key: 'errors:AigcReferenceInvalid' }] },
    );
  if (image.size > AIGC_LIMITS.referenceMaxBytes)
    throw new ApiError(
      RetCode.AigcReferenceInvalid,
      {},
      { Fields: [{ Field: 'ReferenceFileId', Key: 'errors:AigcReferenceInvalid' }] },
    );
}

export async function createGeneration(
  deps: Pick<GenerationDeps, 'db' | 'store'>,
  userId: number,
  plan: PlanInForce,
  input: AigcCreateInput,
  now: Date,
): Promise<{ row: AigcTaskRow; usage: AiUsage }> {
  if (input.ReferenceFileId) await checkReference(deps, userId, input.ReferenceFileId);
  return deps.db.transaction(async (tx) => {
    const [running] = await tx
      .select({ id: aigcTasks.id })
      .from(aigcTasks)
      .where(and(eq(aigcTasks.userId, userId), eq(aigcTasks.status, AIGC_STATUS.Running)));
    if (running) throw new ApiError(RetCode.AigcBusy);
    const usage = await takeAiUse(tx, userId, plan);
    try {
      const [row] = await tx
        .insert(aigcTasks)
        .values({
          taskId: newPublicId('AI'),
          userId,
          status: AIGC_STATUS.Running,
          prompt: input.Prompt,
          width: input.Width,
          height: input.Height,
          category: input.Category,
          industry: input.Industry,
          referenceFileId: input.ReferenceFileId ?? null,
          optimization: input.Optimization ?? null,
          planRecordId: plan.recordId,
          createdAt: now,
        })
        .returning();
      return { row, usage };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(RetCode.AigcBusy);
      throw error;
    }
  });
}

export const fileIdOf = (taskId: string) => `${taskId}-image`;

/** Settles a running task once: its image stored, or its failure with the use given back. */
async function settle(
  deps: GenerationDeps,
  row: AigcTaskRow,
  outcome: { bytes: Buffer; contentType: string } | { reason: string },
) {
  const now = deps.now();
  if ('reason' in outcome) {
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(aigcTasks)
        .set({ status: AIGC_STATUS.Failed, reason: outcome.reason, finishedAt: now })
        .where(and(eq(aigcTasks.id, row.id), eq(aigcTasks.status, AIGC_STATUS.Running)))
        .returning({ id: aigcTasks.id });
      if (failed && row.planRecordId !== null) await giveBackAiUse(tx, row.userId, { recordId: row.planRecordId });
    });
    return;
  }
  const fileId = fileIdOf(row.taskId);
  const key = `${row.userId}/${fileId}`;
  const target = await deps.store.begin(key);
  try {
    await target.write(outcome.bytes);
  } catch (error) {
    await target.discard();
    throw error;
  }
  await target.commit();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(files)
      .values({
        id: fileId,
        userId: row.userId,
        name: `${row.taskId}.${outcome.contentType === 'image/jpeg' ? 'jpg' : 'png'}`,
        contentType: outcome.contentType,
        md5: createHash('md5').update(outcome.bytes).digest('hex'),
        size: outcome.bytes.length,
        status: 'stored',
        storageKey: key,
        createdAt: now,
        expiresAt: now,
        storedAt: now,
      })
      .onConflictDoNothing();
    await tx
      .update(aigcTasks)
      .set({ status: AIGC_STATUS.Succeeded, fileId, finishedAt: now })
      .where(and(eq(aigcTasks.id, row.id), eq(aigcTasks.status, AIGC_STATUS.Running)));
  });
}

/**
 * The worker's side: asks the provider for a running task's image and settles it. A provider's refusal or a
 * bad answer fails the task; anything else (the store, the database, a network failure) throws, so the queue
 * tries again, and a task still running after the retries is failed by the sweep.
 */
export async function runGeneration(deps: GenerationDeps, taskId: string): Promise<void> {
  const [row] = await deps.db.select().from(aigcTasks).where(eq(aigcTasks.taskId, taskId));
  if (!row || row.status !== AIGC_STATUS.Running) return;
  let reference: { bytes: Buffer; contentType: string } | undefined;
  if (row.referenceFileId) {
    const image = await storedImage(deps.db, deps.store, row.userId, row.referenceFileId);
    if (!image) return settle(deps, row, { reason: 'referenceGone' });
    reference = { bytes: image.bytes, contentType: image.type === 'png' ? 'image/png' : 'image/jpeg' };
  }
  try {
    const image = await deps.provider().generate({
      prompt: row.prompt,
      width: row.width,
      height: row.height,
      category: row.category as AigcCategory,
      industry: row.industry as AigcIndustry,
      reference,
      optimization: row.optimization ?? undefined,
    });
    await settle(deps, row, image);
  } catch (error) {
    if (error instanceof AiImageError && error.reason !== 'unavailable') {
      console.warn(`[aigc] ${taskId}: ${error.reason}: ${error.message}`);
      return settle(deps, row, { reason: error.reason });
    }
    throw error;
  }
}

/** Tasks still running long after they began (a lost job, retries spent) fail with their use given back. */
export async function failStaleGenerations(deps: GenerationDeps, olderThanMs: number): Promise<string[]> {
  const before = new Date(deps.now().getTime() - olderThanMs);
  const stale = await deps.db
    .select()
    .from(aigcTasks)
    .where(and(eq(aigcTasks.status, AIGC_STATUS.Running), lt(aigcTasks.createdAt, before)));
  for (const row of stale) await settle(deps, row, { reason: 'timedOut' });
  return stale.map((row) => row.taskId);
}

/** The running tasks, for the start-up sweep to queue again. */
export async function runningGenerationIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ taskId: aigcTasks.taskId })
    .from(aigcTasks)
    .where(eq(aigcTasks.status, AIGC_STATUS.Running));
  return rows.map((row) => row.taskId);
}

export async function ownedGeneration(db: Db, userId: number, taskId: string): Promise<AigcTaskRow> {
  const [row] = await db
    .select()
    .from(aigcTasks)
    .where(and(eq(aigcTasks.taskId, taskId), eq(aigcTasks.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function designOf(db: Db, row: AigcTaskRow, nowSeconds: number): Promise<AigcDesign> {
  return {
    TaskId: row.taskId,
    Status: row.status,
    Prompt: row.prompt,
    Width: row.width,
    Height: row.height,
    Category: row.category,
    Industry: row.industry,
    Reason: row.reason,
    ImageUrl: row.fileId ? mediaUrl(await uploadSecret(db), row.fileId, nowSeconds) : '',
    InLibrary: row.libraryItemId !== null,
    CreateTime: unix(row.createdAt),
    FinishTime: row.finishedAt ? unix(row.finishedAt) : 0,
  };
}

export async function listGenerations(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Category?: string; Industry?: string },
): Promise<{ total: number; rows: AigcTaskRow[] }> {
  const where: SQL[] = [eq(aigcTasks.userId, userId)];
  if (query.Category) where.push(eq(aigcTasks.category, query.Category));
  if (query.Industry) where.push(eq(aigcTasks.industry, query.Industry));
  const [{ total }] = await db
    .select({ total: count() })
    .from(aigcTasks)
    .where(and(...where));
  const rows = await db
    .select()
    .from(aigcTasks)
    .where(and(...where))
    .orderBy(desc(aigcTasks.createdAt), desc(aigcTasks.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}
