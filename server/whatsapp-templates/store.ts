import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { files, waTemplates } from '../db/schema';
import { containsPattern, isUniqueViolation } from '../db/rows';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { WA_TEMPLATE_STATUS } from '../../src/gateway/contract/wa-templates';
import type {
  createWaTemplateInput,
  updateWaTemplateInput,
  waTemplateActions,
} from '../../src/gateway/contract/actions/wa-templates';
import { waTemplateLifecycle, type WaTemplateEvent } from '../../src/machines/lifecycles/wa-template.machine';
import { graphTemplateOf, WaPlatformRefused, type WhatsAppTemplatePlatform } from './platform';
import { contentColumns, wabaRefOf, type WaTemplateRow } from './rows';
import { waTemplateReviewDelayMs } from './sandbox-platform';
import { accountOf } from '../whatsapp/accounts';

// WhatsApp templates of an account (docs/decisions.md "WhatsApp templates"): stored, submitted to the
// platform in the same transaction (a refusal stores nothing), moved only as the lifecycle allows.

type CreateInput = z.output<typeof createWaTemplateInput>;
type UpdateInput = z.output<typeof updateWaTemplateInput>;
type ListInput = z.output<(typeof waTemplateActions)['ListWhatsAppTemplate']['input']>;
export interface WaTemplateDeps extends Pick<ServerDeps, 'database' | 'clock' | 'jobs'> {
  platform: WhatsAppTemplatePlatform;
}

const fieldRefusal = (code: (typeof RetCode)[keyof typeof RetCode], field: string, key: string) =>
  new ApiError(code, {}, { Fields: [{ Field: field, Key: key }] });

/** The status a lifecycle event leads to from the row's, or IllegalTransition. */
function nextStatus(status: string, event: WaTemplateEvent): string {
  const next = waTemplateLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

/** The caller's template (never another account's, never a deleted one), or NotFound. */
export async function ownedWaTemplate(db: Db, userId: number, templateId: string, lock = false) {
  const query = db
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.templateId, templateId),
        eq(waTemplates.userId, userId),
        ne(waTemplates.status, WA_TEMPLATE_STATUS.DELETED),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function checkMedia(db: Db, userId: number, input: { Type: string; HeaderMediaFileId: string }) {
  if (input.Type !== 'Media') return;
  const [file] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, input.HeaderMediaFileId), eq(files.userId, userId), eq(files.status, 'stored')));
  if (!file)
    throw fieldRefusal(RetCode.WaTemplateMediaMissing, 'HeaderMediaFileId', 'validation:waMediaSampleRequired');
}

async function queueReview(deps: WaTemplateDeps, row: WaTemplateRow) {
  await enqueueAfterCommit(
    deps,
    QUEUE.waTemplateReview,
    { userId: row.userId, attempt: 0 },
    { startAfterMs: waTemplateReviewDelayMs() + 200 },
  );
}

async function replayOf(db: Db, userId: number, key: string | undefined) {
  if (!key) return undefined;
  const [row] = await db
    .select()
    .from(waTemplates)
    .where(and(eq(waTemplates.userId, userId), eq(waTemplates.requestKey, key)));
  return row;
}

export async function createWaTemplate(deps: WaTemplateDeps, userId: number, input: CreateInput) {
  const { db } = deps.database;
  const replay = await replayOf(db, userId, input.IdempotencyKey);
  if (replay) return replay;
  await checkMedia(db, userId, input);
  const now = deps.clock.now();
  const exists = fieldRefusal(RetCode.WaTemplateExists, 'Name', 'errors:WaTemplateExists');
  let row: WaTemplateRow | null;
  try {
    [row] = await db
      .insert(waTemplates)
      .values({
        ...contentColumns(input),
        templateId: newPublicId('WT'),
        userId,
        // filed under the connected business account's WABA when there is one ("WhatsApp templates")
        wabaId: (await accountOf(db, userId))?.wabaId ?? '',
        name: input.Name,
        language: input.Language,
        status: waTemplateLifecycle.statuses[0],
        requestKey: input.IdempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    row = null;
  }
  if (!row) {
    // a twin request with the same IdempotencyKey committed first, or the name is taken in this language
    const again = await replayOf(db, userId, input.IdempotencyKey);
    if (again) return again;
    throw exists;
  }
  const inserted = row;
  try {
    const submitted = await submitOrRefuse(() =>
      deps.platform.submit(wabaRefOf(inserted), graphTemplateOf(input.Name, input.Language, input)),
    );
    [row] = await db
      .update(waTemplates)
      .set({ platformId: submitted.id })
      .where(eq(waTemplates.id, inserted.id))
      .returning();
  } catch (error) {
    // the platform refused or did not answer: nothing stays stored
    await db.delete(waTemplates).where(eq(waTemplates.id, inserted.id));
    throw error;
  }
  await queueReview(deps, row);
  return row;
}

async function submitOrRefuse<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WaPlatformRefused) throw new ApiError(RetCode.WaTemplatePlatformRefused);
    throw new ApiError(RetCode.WhatsAppGetTemplates);
  }
}

/** Edit and resubmit: the lifecycle's `template.edit` (an approved template keeps its category). */
export async function updateWaTemplate(deps: WaTemplateDeps, userId: number, input: UpdateInput) {
  const { db } = deps.database;
  await checkMedia(db, userId, input);
  const current = await ownedWaTemplate(db, userId, input.TemplateId);
  const event = { type: 'template.edit', categoryChanged: input.Category !== current.category } as const;
  if (!waTemplateLifecycle.can(current.status, event) && waTemplateLifecycle.can(current.status, 'template.edit'))
    throw fieldRefusal(RetCode.WaTemplateCategoryLocked, 'Category', 'validation:waCategoryLocked');
  const status = nextStatus(current.status, event);
  await submitOrRefuse(() =>
    deps.platform.edit(wabaRefOf(current), current.platformId, graphTemplateOf(current.name, current.language, input)),
  );
  const [row] = await db
    .update(waTemplates)
    .set({
      ...contentColumns(input),
      status,
      rejectReason: '',
      revision: sql`${waTemplates.revision} + 1`,
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(waTemplates.id, current.id),
        eq(waTemplates.status, current.status),
        eq(waTemplates.revision, current.revision),
      ),
    )
    .returning();
  if (!row) throw new ApiError(RetCode.IllegalTransition);
  await queueReview(deps, row);
  return row;
}

/** The languages of the account's other live templates of each name. */
export async function otherLanguagesOf(db: Db, userId: number, rows: WaTemplateRow[]) {
  const names = [...new Set(rows.map((r) => r.name))];
  const all = names.length
    ? await db
        .select({ name: waTemplates.name, language: waTemplates.language, templateId: waTemplates.templateId })
        .from(waTemplates)
        .where(
          and(
            eq(waTemplates.userId, userId),
            inArray(waTemplates.name, names),
            ne(waTemplates.status, WA_TEMPLATE_STATUS.DELETED),
          ),
        )
    : [];
  return (row: WaTemplateRow) =>
    all
      .filter((o) => o.name === row.name && o.templateId !== row.templateId)
      .map((o) => o.language)
      .sort();
}

export async function listWaTemplates(db: Db, userId: number, query: ListInput) {
  const conditions: (SQL | undefined)[] = [
    eq(waTemplates.userId, userId),
    ne(waTemplates.status, WA_TEMPLATE_STATUS.DELETED),
  ];
  if (query.Keyword) conditions.push(ilike(waTemplates.name, containsPattern(query.Keyword)));
  if (query.Status) conditions.push(eq(waTemplates.status, query.Status));
  if (query.Category) conditions.push(eq(waTemplates.category, query.Category));
  if (query.Language) conditions.push(eq(waTemplates.language, query.Language));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(waTemplates)
    .where(where);
  const rows = await db
    .select()
    .from(waTemplates)
    .where(where)
    .orderBy(desc(waTemplates.createdAt), desc(waTemplates.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/**
 * Deletes a template and its same-name templates in the other languages (spec 001 §4): each must allow
 * `template.delete`; they are PENDING_DELETION until the platform no longer lists them (the next sync).
 */
export async function deleteWaTemplate(deps: WaTemplateDeps, userId: number, templateId: string) {
  const { db } = deps.database;
  const rows = await db.transaction(async (tx) => {
    const target = await ownedWaTemplate(tx as unknown as Db, userId, templateId, true);
    const same = await tx
      .select()
      .from(waTemplates)
      .where(
        and(
          eq(waTemplates.userId, userId),
          eq(waTemplates.name, target.name),
          ne(waTemplates.status, WA_TEMPLATE_STATUS.DELETED),
        ),
      )
      .for('update');
    for (const row of same)
      await tx
        .update(waTemplates)
        .set({ status: nextStatus(row.status, { type: 'template.delete' }), updatedAt: deps.clock.now() })
        .where(eq(waTemplates.id, row.id));
    return same;
  });
  try {
    for (const ref of new Set(rows.map(wabaRefOf)))
      await submitOrRefuse(() => deps.platform.deleteByName(ref, rows[0].name));
  } catch (error) {
    // the platform did not delete them: they keep their statuses
    for (const row of rows) await db.update(waTemplates).set({ status: row.status }).where(eq(waTemplates.id, row.id));
    throw error;
  }
  return rows.map((row) => ({ TemplateId: row.templateId, Language: row.language }));
}
