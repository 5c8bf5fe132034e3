import type { ServerDeps } from '../context';
import { enqueueAfterCommit, QUEUE } from '../queue';

// The voice domain floor: voice files (./audio-files.ts) and their transcode (./transcode.ts).
export * from './audio-files';
export { processingAudioIds, transcodeAudio, wavFileIdOf, type TranscodeDeps } from './transcode';

/** A decode failure is settled, not retried; these retries cover the store and the database. */
export const TRANSCODE_RETRY_LIMIT = 5;

export const queueTranscode = (deps: Pick<ServerDeps, 'jobs'>, audioId: string) =>
  enqueueAfterCommit(deps, QUEUE.voiceTranscode, { audioId }, { retryLimit: TRANSCODE_RETRY_LIMIT });
