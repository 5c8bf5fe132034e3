import type { Db } from '../db/database';
import { shortLinkHits, type ShortLinkHitInsert } from '../db/schema';
import { createBatchWriter, type BatchWriter, type BatchWriterOptions } from '../lib/batch-writer';

// Hits are written in batches (server/lib/batch-writer.ts): a redirect only appends to a buffer, written
// as one multi-row INSERT every 250 ms or as soon as 1,000 are waiting, and once more on shutdown.

export type HitRecorder = BatchWriter<ShortLinkHitInsert>;

export function createHitRecorder(db: Db, options: BatchWriterOptions = {}): HitRecorder {
  return createBatchWriter(
    'short-links',
    async (batch) => {
      await db.insert(shortLinkHits).values(batch);
    },
    options,
  );
}
