import type { Database } from '../db/database';
import { createHitRecorder, type HitRecorder } from './hit-recorder';

// One hit recorder per database of this process: the redirect route records into it, the dev refresh and
// the shutdown flush it (main.ts), tests flush it before they count.
const recorders = new WeakMap<Database, HitRecorder>();

export function hitRecorderOf(database: Database): HitRecorder {
  let recorder = recorders.get(database);
  if (!recorder) recorders.set(database, (recorder = createHitRecorder(database.db)));
  return recorder;
}

/** Writes the waiting hits (shutdown, before a refresh that must see them). */
export async function flushShortLinkHits(database: Database): Promise<void> {
  await recorders.get(database)?.flush();
}
