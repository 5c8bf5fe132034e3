import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { files, voiceAudioFiles, type VoiceAudioRow } from '../db/schema';
import type { Clock } from '../clock';
import type { FileStore } from '../providers/storage';
import { AudioDecodeError, type AudioDecoder } from '../providers/audio';
import { VOICE_AUDIO_STATUS } from '../../src/gateway/contract/statuses';
import type { VoiceAudioFailReason } from '../../src/gateway/contract/actions/vms-audio';
import { nextVoiceAudioStatus, type VoiceAudioEvent } from '../../src/machines/lifecycles/voice-audio.machine';

// The transcode job's work: the upload is copied to a scratch folder, decoded to WAV, the WAV stored
// as a file of its own (served by MediaURL like any upload) and the voice file settled. At-least-once:
// a file no longer Processing is left alone, the WAV's file id is derived from the voice file's, and
// the settling update only moves a row that is still Processing.

export interface TranscodeDeps {
  db: Db;
  clock: Clock;
  store: FileStore;
  decoder: AudioDecoder;
}

/** The WAV's row in `files`: one per voice file, whatever the number of attempts. */
export const wavFileIdOf = (audioId: string) => `${audioId}-wav`;

async function settle(
  deps: TranscodeDeps,
  row: VoiceAudioRow,
  event: VoiceAudioEvent,
  fields: Partial<Pick<VoiceAudioRow, 'failReason' | 'durationMs' | 'wavFileId'>>,
): Promise<void> {
  const status = nextVoiceAudioStatus(row.status, event);
  if (status === null) return;
  await deps.db
    .update(voiceAudioFiles)
    .set({ ...fields, status, updatedAt: deps.clock.now() })
    .where(and(eq(voiceAudioFiles.audioId, row.audioId), eq(voiceAudioFiles.status, row.status)));
}

const fail = (deps: TranscodeDeps, row: VoiceAudioRow, reason: VoiceAudioFailReason) =>
  settle(deps, row, { type: 'transcode.fail' }, { failReason: reason });

async function storeWav(deps: TranscodeDeps, row: VoiceAudioRow, wavPath: string): Promise<string> {
  const fileId = wavFileIdOf(row.audioId);
  const key = `${row.userId}/${fileId}`;
  const target = await deps.store.begin(key);
  const hash = createHash('md5');
  try {
    for await (const chunk of createReadStream(wavPath) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      await target.write(chunk);
    }
  } catch (error) {
    await target.discard();
    throw error;
  }
  await target.commit();
  const now = deps.clock.now();
  const { size } = await stat(wavPath);
  await deps.db
    .insert(files)
    .values({
      id: fileId,
      userId: row.userId,
      name: `${path.parse(row.name).name}.wav`,
      contentType: 'audio/wav',
      md5: hash.digest('hex'),
      size,
      status: 'stored',
      storageKey: key,
      createdAt: now,
      expiresAt: now,
      storedAt: now,
    })
    .onConflictDoNothing();
  return fileId;
}

/**
 * Transcodes one voice file. Decoder refusals settle it Failed with the reason; anything else (the
 * store, the database, a killed decoder) throws, and the queue retries it.
 */
export async function transcodeAudio(deps: TranscodeDeps, audioId: string): Promise<void> {
  const [row] = await deps.db.select().from(voiceAudioFiles).where(eq(voiceAudioFiles.audioId, audioId));
  if (!row || row.status !== VOICE_AUDIO_STATUS.Processing) return;
  const [source] = await deps.db.select().from(files).where(eq(files.id, row.sourceFileId));
  const stored = source?.storageKey ? await deps.store.read(source.storageKey) : null;
  if (!stored) return fail(deps, row, 'sourceMissing');
  const scratch = await mkdtemp(path.join(tmpdir(), 'herald-voice-'));
  try {
    // The ending is only ffmpeg's first guess; it reads the bytes to decide.
    const input = path.join(scratch, `source${path.extname(row.name).toLowerCase()}`);
    const output = path.join(scratch, 'voice.wav');
    await pipeline(Readable.fromWeb(stored.stream as never), createWriteStream(input));
    try {
      await deps.decoder.transcodeToWav(input, output);
    } catch (error) {
      if (!(error instanceof AudioDecodeError)) throw error;
      console.warn(`[voice] ${audioId} is not audio: ${error.detail}`);
      return fail(deps, row, 'notAudio');
    }
    const durationMs = await deps.decoder.probeDurationMs(output);
    if (durationMs <= 0) return fail(deps, row, 'empty');
    const wavFileId = await storeWav(deps, row, output);
    await settle(deps, row, { type: 'transcode.succeed' }, { durationMs, wavFileId });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The voice files still Processing (a job lost to a crash or a failed enqueue): the sweep resumes them. */
export async function processingAudioIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ audioId: voiceAudioFiles.audioId })
    .from(voiceAudioFiles)
    .where(eq(voiceAudioFiles.status, VOICE_AUDIO_STATUS.Processing));
  return rows.map((row) => row.audioId);
}
