import { and, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/rows';
import type { Db } from '../db/database';
import { files, voiceAudioFiles, type VoiceAudioRow } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { translate, type Lang } from '../messages';
import type { Clock } from '../clock';
import type { FileStore } from '../providers/storage';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { VOICE_AUDIO_STATUS } from '../../src/gateway/contract/statuses';
import { AUDIO_UPLOAD_TYPES } from '../../src/gateway/contract/actions/upload-rules';
import {
  VOICE_AUDIO_FAIL_KEYS,
  VOICE_AUDIO_LIMITS,
  type VoiceAudio,
  type VoiceAudioFailReason,
} from '../../src/gateway/contract/actions/vms-audio';
import { nextVoiceAudioStatus, type VoiceAudioEvent } from '../../src/machines/lifecycles/voice-audio.machine';

// Voice files (/vms/audio): a stored upload becomes a file in Processing; the transcode job
// (./transcode.ts) settles it. Every status change asks the voice file lifecycle.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function voiceAudioData(row: VoiceAudioRow, lang: Lang): VoiceAudio {
  const reason = row.failReason as VoiceAudioFailReason | '';
  return {
    AudioId: row.audioId,
    FileName: row.name,
    Status: row.status,
    FailReason: reason,
    FailMessage: reason ? translate(VOICE_AUDIO_FAIL_KEYS[reason] ?? reason, lang) : '',
    Duration: row.durationMs,
    Size: row.size,
    CreateTime: seconds(row.createdAt),
    UpdateTime: seconds(row.updatedAt),
  };
}

/** The status `event` leads to from the row's, or IllegalTransition. */
export function nextAudioStatus(row: Pick<VoiceAudioRow, 'status'>, event: VoiceAudioEvent): number {
  const next = nextVoiceAudioStatus(row.status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next;
}

/** A listed (not deleted) file of this tenant, or NotFound: another tenant's id is worth nothing. */
export async function ownedAudio(db: Db, userId: number, audioId: string): Promise<VoiceAudioRow> {
  const [row] = await db
    .select()
    .from(voiceAudioFiles)
    .where(
      and(
        eq(voiceAudioFiles.audioId, audioId),
        eq(voiceAudioFiles.userId, userId),
        ne(voiceAudioFiles.status, VOICE_AUDIO_STATUS.Deleted),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export interface AudioListQuery {
  Page: number;
  NumPerPage: number;
  Keyword?: string;
  Status?: number;
}

export async function listAudio(db: Db, userId: number, query: AudioListQuery) {
  const filters: SQL[] = [eq(voiceAudioFiles.userId, userId), ne(voiceAudioFiles.status, VOICE_AUDIO_STATUS.Deleted)];
  if (query.Keyword) filters.push(ilike(voiceAudioFiles.name, containsPattern(query.Keyword)));
  if (query.Status !== undefined) filters.push(eq(voiceAudioFiles.status, query.Status));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(voiceAudioFiles)
      .where(where)
      .orderBy(desc(voiceAudioFiles.createdAt), desc(voiceAudioFiles.audioId))
      .limit(query.NumPerPage)
      .offset((query.Page - 1) * query.NumPerPage),
    db.select({ total: count() }).from(voiceAudioFiles).where(where),
  ]);
  return { rows, total };
}

/**
 * Makes a stored upload of this tenant a voice file in Processing. The same upload twice (a retried
 * request) answers the file made the first time. Returns the row and whether it is new (to enqueue).
 */
export async function addAudio(
  db: Db,
  clock: Clock,
  userId: number,
  input: { FileId: string; FileName: string },
): Promise<{ row: VoiceAudioRow; created: boolean }> {
  const [upload] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, input.FileId), eq(files.userId, userId), eq(files.status, 'stored')));
  if (!upload) throw fieldError('FileId', 'validation:audioFileRequired');
  if (!Object.hasOwn(AUDIO_UPLOAD_TYPES, upload.contentType))
    throw fieldError('FileId', 'validation:audioTypeNotAllowed');
  if ((upload.size ?? 0) > VOICE_AUDIO_LIMITS.maxBytes) throw fieldError('FileId', 'validation:audioTooLarge');
  const now = clock.now();
  const [created] = await db
    .insert(voiceAudioFiles)
    .values({
      audioId: newPublicId('VA'),
      userId,
      name: input.FileName,
      sourceFileId: upload.id,
      size: upload.size ?? 0,
      status: VOICE_AUDIO_STATUS.Processing,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: voiceAudioFiles.sourceFileId })
    .returning();
  if (created) return { row: created, created: true };
  const [existing] = await db.select().from(voiceAudioFiles).where(eq(voiceAudioFiles.sourceFileId, upload.id));
  if (existing.status === VOICE_AUDIO_STATUS.Deleted) throw fieldError('FileId', 'validation:audioFileRequired');
  return { row: existing, created: false };
}

/**
 * Deletes a settled file, as its lifecycle allows (a file still Processing answers IllegalTransition),
 * then removes its bytes (the upload and the WAV). The row stays, Deleted, for what referred to it.
 */
export async function deleteAudio(
  db: Db,
  clock: Clock,
  store: FileStore,
  userId: number,
  audioId: string,
): Promise<void> {
  const row = await ownedAudio(db, userId, audioId);
  const status = nextAudioStatus(row, { type: 'audio.delete' });
  // Only from the status the lifecycle was asked about: a concurrent change makes this a refusal.
  const changed = await db
    .update(voiceAudioFiles)
    .set({ status, updatedAt: clock.now() })
    .where(and(eq(voiceAudioFiles.audioId, row.audioId), eq(voiceAudioFiles.status, row.status)))
    .returning({ audioId: voiceAudioFiles.audioId });
  if (changed.length === 0) throw new ApiError(RetCode.IllegalTransition);
  const ids = [row.sourceFileId, ...(row.wavFileId ? [row.wavFileId] : [])];
  const stored = await db.select({ key: files.storageKey }).from(files).where(inArray(files.id, ids));
  for (const { key } of stored) {
    // The file is deleted for the user already; bytes left by a failing store are only space.
    if (key) await store.remove(key).catch((error) => console.error(`[voice] removing ${key}`, error));
  }
}
