import type { ServerDeps } from '../context';
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
