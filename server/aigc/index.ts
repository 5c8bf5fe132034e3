import type { ServerDeps } from '../context';
import { QUEUE, enqueueAfterCommit, type JobQueue } from '../queue';
import { fileStoreFromEnv } from '../providers/storage';
import { aiImageFor } from '../providers/ai-image';
import type { GenerationDeps } from './generations';

/** What the generations need of the server: its database, the file store, the clock and the image provider. */
export const generationDeps = (deps: Pick<ServerDeps, 'database' | 'clock'>): GenerationDeps => ({
  db: deps.database.db,
  store: fileStoreFromEnv(),
  now: () => deps.clock.now(),
  provider: () => aiImageFor(deps),
});

/** A store or network failure is tried again three times, 5 s apart and growing; then the sweep fails it. */
export const AIGC_RETRY = { retryLimit: 3, retryDelaySeconds: 5 } as const;

/** Hands a generation to the workers (after the request's transaction committed). */
export const enqueueGeneration = (deps: { jobs: JobQueue }, taskId: string) =>
  enqueueAfterCommit(deps, QUEUE.aigcGenerate, { taskId }, AIGC_RETRY);
