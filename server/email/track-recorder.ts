import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailTrackEvents, type EmailTrackKind } from '../db/schema';
import { createBatchWriter, type BatchWriter } from '../lib/batch-writer';

// Opens and clicks are counted in batches (server/lib/batch-writer.ts), as short-link hits are: the
// tracking gateway answers at once and the counts follow within 250 ms, one multi-row upsert per batch
// (docs/decisions.md "E-mail tracking"). One recorder per database of this process; shutdown and the statistics reads flush it.

export interface TrackEvent {
  userId: number;
  taskId: number;
  seq: number;
  kind: EmailTrackKind;
  at: Date;
}

/** One row per (task, recipient, kind) of the batch: its count, first and last time. */
function merged(batch: TrackEvent[]) {
  const rows = new Map<string, TrackEvent & { count: number; firstAt: Date; lastAt: Date }>();
  for (const event of batch) {
    const key = `${event.taskId}:${event.seq}:${event.kind}`;
    const row = rows.get(key);
    if (!row) rows.set(key, { ...event, count: 1, firstAt: event.at, lastAt: event.at });
    else {
      row.count += 1;
      if (event.at < row.firstAt) row.firstAt = event.at;
      if (event.at > row.lastAt) row.lastAt = event.at;
    }
  }
  return [...rows.values()].map(({ at: _at, ...row }) => row);
}

/** Counts events: the first time is kept, the count and the last time move. */
export async function writeTrackEvents(db: Db, batch: TrackEvent[]): Promise<void> {
  await db
    .insert(emailTrackEvents)
    .values(merged(batch))
    .onConflictDoUpdate({
      target: [emailTrackEvents.taskId, emailTrackEvents.seq, emailTrackEvents.kind],
      set: {
        count: sql`${emailTrackEvents.count} + excluded.count`,
        firstAt: sql`LEAST(${emailTrackEvents.firstAt}, excluded.first_at)`,
        lastAt: sql`GREATEST(${emailTrackEvents.lastAt}, excluded.last_at)`,
      },
    });
}

const recorders = new WeakMap<Db, BatchWriter<TrackEvent>>();

export function trackRecorderOf(db: Db): BatchWriter<TrackEvent> {
  let recorder = recorders.get(db);
  if (!recorder)
    recorders.set(db, (recorder = createBatchWriter('email-tracking', (batch) => writeTrackEvents(db, batch))));
  return recorder;
}

/**
 * Writes this process's waiting opens and clicks: on shutdown, and before the statistics are read, so a
 * user who just opened a mail sees it counted (other processes' buffers follow within 250 ms).
 */
export async function flushTrackEvents(db: Db): Promise<void> {
  await recorders.get(db)?.flush();
}
