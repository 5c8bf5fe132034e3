import type { ServerDeps } from '../context';
import { QUEUE } from '../queue';
import { ffmpegDecoder, type AudioDecoder } from '../providers/audio';
import { fileStoreFromEnv, type FileStore } from '../providers/storage';
import { processingAudioIds, queueTranscode, transcodeAudio } from '../voice';
import { reviewVoiceTemplate, sweepVoiceTemplates } from '../voice/template-review';

export interface VoiceWorkerOptions {
  store?: FileStore;
  decoder?: AudioDecoder;
}

/**
 * Works the voice transcode queue, one file at a time per process (ffmpeg takes a core), and resumes
 * the files a restart left Processing: their jobs may be lost with a failed enqueue, and a duplicate
 * of a queued one finds the file settled and does nothing.
 */
export async function registerVoiceWorkers(
  deps: Pick<ServerDeps, 'jobs' | 'database' | 'clock'>,
  options: VoiceWorkerOptions = {},
): Promise<void> {
  const work = {
    db: deps.database.db,
    clock: deps.clock,
    store: options.store ?? fileStoreFromEnv(),
    decoder: options.decoder ?? ffmpegDecoder(),
  };
  await deps.jobs.work<{ audioId: string }>(
    QUEUE.voiceTranscode,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const job of batch) await transcodeAudio(work, job.audioId);
    },
  );
}

/** The start-up sweep: every voice file still Processing gets its transcode job again. */
export async function sweepVoiceAudio(deps: Pick<ServerDeps, 'jobs' | 'database'>): Promise<number> {
  const ids = await processingAudioIds(deps.database.db);
  for (const audioId of ids) await queueTranscode(deps, audioId);
  return ids.length;
}

/** The voice template review worker and its recovery sweep (docs/decisions.md "Voice templates"). */
export async function registerVoiceTemplateWorkers(deps: ServerDeps): Promise<NodeJS.Timeout> {
  await deps.jobs.work<{ id: number; revision: number }>(
    QUEUE.voiceTemplateReview,
    { batchSize: 5, pollingIntervalSeconds: deps.smsSettings.pollingIntervalSeconds },
    async (jobs) => {
      for (const job of jobs) await reviewVoiceTemplate(deps, job.id, job.revision);
    },
  );
  await sweepVoiceTemplates(deps, 0);
  const timer = setInterval(
    () => void sweepVoiceTemplates(deps, 60_000).catch((error) => console.error('[jobs] voice template sweep', error)),
    deps.smsSettings.sweepIntervalMs,
  );
  timer.unref();
  return timer;
}
