import type { Db } from '../db/database';
import { shortLinkHits, type ShortLinkHitInsert } from '../db/schema';

// Hits are written in batches: a redirect only appends to a buffer, which is written as one multi-row
// INSERT every `flushMs` or as soon as `maxHits` are waiting, and once more on shutdown (flush()). A
// process that dies between two flushes loses at most one interval of hits; the redirect never waits
// for the database.

export interface HitRecorderOptions {
  flushMs?: number;
  maxHits?: number;
}

export interface HitRecorder {
  record(hit: ShortLinkHitInsert): void;
  /** Writes what is waiting now (and what a running write leaves); resolves when written. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
  readonly pending: number;
}

export const HIT_FLUSH_MS = 250;
export const HIT_BATCH_MAX = 1000;

export function createHitRecorder(db: Db, options: HitRecorderOptions = {}): HitRecorder {
  const flushMs = options.flushMs ?? HIT_FLUSH_MS;
  const maxHits = options.maxHits ?? HIT_BATCH_MAX;
  let buffer: ShortLinkHitInsert[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const write = (batch: ShortLinkHitInsert[]) =>
    db
      .insert(shortLinkHits)
      .values(batch)
      .then(() => undefined)
      .catch((error: unknown) => console.error(`[short-links] ${batch.length} hits not written`, error));

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    // One write at a time, in order: the next batch waits for the one in flight.
    writing = writing.then(() => write(batch));
    return writing;
  };

  return {
    record(hit) {
      buffer.push(hit);
      if (buffer.length >= maxHits) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    close: flush,
    get pending() {
      return buffer.length;
    },
  };
}
