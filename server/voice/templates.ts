import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/rows';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { voiceAudioFiles, voiceTemplates, type VoiceAudioRow, type VoiceTemplateRow } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { translate, type Lang } from '../messages';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { reviewReasonText } from '../sms/review-rules';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { VOICE_TEMPLATE_STATUS } from '../../src/gateway/contract/statuses';
import type { VoiceTemplate } from '../../src/gateway/contract/actions/vms-templates';
import { voiceAudioPlayable } from '../../src/machines/lifecycles/voice-audio.machine';
import {
  voiceTemplateLifecycle,
  voiceTemplateSaveEvent,
  type VoiceTemplateEvent,
} from '../../src/machines/lifecycles/voice-template.machine';

// Voice templates (docs/decisions.md "Voice templates"): a name and a voice file of the caller whose
// WAV is made. Every status change asks the voice template lifecycle; review is ./template-review.ts.

export interface VoiceTemplateInput {
  TemplateName: string;
  AudioId: string;
  Remark: string;
  Submit: boolean;
}

/** The reason a review gave, in the caller's language (the kernel reviewer's reasons and the audit's own). */
export function voiceReasonText(reason: string, lang: Lang): string {
  if (reason === 'audioUnavailable') return translate('validation:voiceTemplateAudioUnavailable', lang);
  return reviewReasonText(reason, lang);
}

export function voiceTemplateData(
  row: VoiceTemplateRow,
  audio: Pick<VoiceAudioRow, 'name' | 'durationMs'> | undefined,
  lang: Lang,
): VoiceTemplate {
  return {
    Id: row.id,
    TemplateId: row.templateId,
    TemplateName: row.name,
    AudioId: row.audioId,
    AudioName: audio?.name ?? '',
    Duration: audio?.durationMs ?? 0,
    Remark: row.remark,
    Status: row.status,
    RejectReason: voiceReasonText(row.rejectReason, lang),
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
    ReviewTime: unix(row.reviewedAt),
  };
}

/** The status an event leads to from the row's, or IllegalTransition. */
export function nextVoiceTemplateStatus(row: Pick<VoiceTemplateRow, 'status'>, event: VoiceTemplateEvent['type']) {
  const next = voiceTemplateLifecycle.next(row.status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

/** The caller's listed template (never another tenant's, never a deleted one), or NotFound. */
export async function ownedVoiceTemplate(db: Db, userId: number, templateId: string, lock = false) {
  const query = db
    .select()
    .from(voiceTemplates)
    .where(
      and(
        eq(voiceTemplates.templateId, templateId),
        eq(voiceTemplates.userId, userId),
        ne(voiceTemplates.status, VOICE_TEMPLATE_STATUS.Deleted),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The caller's voice file whose WAV is made, or a field error on AudioId. */
async function usableAudio(db: Db, userId: number, audioId: string): Promise<VoiceAudioRow> {
  const [audio] = await db
    .select()
    .from(voiceAudioFiles)
    .where(and(eq(voiceAudioFiles.audioId, audioId), eq(voiceAudioFiles.userId, userId)));
  if (!audio || !voiceAudioPlayable(audio.status)) throw fieldError('AudioId', 'validation:voiceAudioNotReady');
  return audio;
}

export async function audioOf(db: Db, audioIds: string[]) {
  if (audioIds.length === 0) return new Map<string, VoiceAudioRow>();
  const rows = await db
    .select()
    .from(voiceAudioFiles)
    .where(inArray(voiceAudioFiles.audioId, [...new Set(audioIds)]));
  return new Map(rows.map((row) => [row.audioId, row]));
}

/** Queues the sandbox review of a template revision after the reviewer's delay. */
export async function queueVoiceTemplateReview(deps: Pick<ServerDeps, 'jobs' | 'smsSettings'>, row: VoiceTemplateRow) {
  await enqueueAfterCommit(
    deps,
    QUEUE.voiceTemplateReview,
    { id: row.id, revision: row.revision },
    { startAfterMs: deps.smsSettings.reviewDelayMs },
  );
}

export async function createVoiceTemplate(deps: ServerDeps & { db: Db }, userId: number, input: VoiceTemplateInput) {
  await usableAudio(deps.db, userId, input.AudioId);
  const now = deps.clock.now();
  const status = voiceTemplateLifecycle.next(VOICE_TEMPLATE_STATUS.Draft, voiceTemplateSaveEvent(!input.Submit));
  const [row] = await deps.db
    .insert(voiceTemplates)
    .values({
      templateId: newPublicId('UV'),
      userId,
      name: input.TemplateName,
      audioId: input.AudioId,
      remark: input.Remark,
      status: status?.status ?? VOICE_TEMPLATE_STATUS.Draft,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.Submit) await queueVoiceTemplateReview(deps, row);
  return row;
}

/** Edits a template as its lifecycle allows (a new revision); submitting queues its review. */
export async function updateVoiceTemplate(
  deps: ServerDeps & { db: Db },
  userId: number,
  input: VoiceTemplateInput & { TemplateId: string },
) {
  await usableAudio(deps.db, userId, input.AudioId);
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownedVoiceTemplate(tx, userId, input.TemplateId, true);
    const status = nextVoiceTemplateStatus(current, voiceTemplateSaveEvent(!input.Submit));
    const [updated] = await tx
      .update(voiceTemplates)
      .set({
        name: input.TemplateName,
        audioId: input.AudioId,
        remark: input.Remark,
        status,
        rejectReason: '',
        revision: current.revision + 1,
        updatedAt: deps.clock.now(),
      })
      .where(eq(voiceTemplates.id, current.id))
      .returning();
    return updated;
  });
  if (input.Submit) await queueVoiceTemplateReview(deps, row);
  return row;
}

export async function setVoiceTemplateEnabled(db: Db, userId: number, templateId: string, enabled: boolean, now: Date) {
  return db.transaction(async (tx) => {
    const current = await ownedVoiceTemplate(tx, userId, templateId, true);
    const status = nextVoiceTemplateStatus(current, enabled ? 'template.enable' : 'template.disable');
    const [row] = await tx
      .update(voiceTemplates)
      .set({ status, updatedAt: now })
      .where(eq(voiceTemplates.id, current.id))
      .returning();
    return row;
  });
}

export async function listVoiceTemplates(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string; Status?: number[] },
) {
  const conditions: (SQL | undefined)[] = [
    eq(voiceTemplates.userId, userId),
    ne(voiceTemplates.status, VOICE_TEMPLATE_STATUS.Deleted),
  ];
  if (query.Keyword) {
    const like = containsPattern(query.Keyword);
    conditions.push(or(ilike(voiceTemplates.name, like), ilike(voiceTemplates.templateId, like)));
  }
  if (query.Status?.length) conditions.push(inArray(voiceTemplates.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(voiceTemplates).where(where);
  const rows = await db
    .select()
    .from(voiceTemplates)
    .where(where)
    .orderBy(desc(voiceTemplates.createdAt), desc(voiceTemplates.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes templates of the caller as the lifecycle allows; all or none. */
export async function deleteVoiceTemplates(db: Db, userId: number, templateIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(templateIds)];
    const rows = await tx
      .select()
      .from(voiceTemplates)
      .where(
        and(
          inArray(voiceTemplates.templateId, ids),
          eq(voiceTemplates.userId, userId),
          ne(voiceTemplates.status, VOICE_TEMPLATE_STATUS.Deleted),
        ),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextVoiceTemplateStatus(row, 'template.delete');
    await tx
      .update(voiceTemplates)
      .set({ status: VOICE_TEMPLATE_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          voiceTemplates.id,
          rows.map((r) => r.id),
        ),
      );
  });
}
