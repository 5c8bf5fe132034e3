// Writes in batches: `record` only appends to a buffer, which is written by `write` every `flushMs` or as
// soon as `maxItems` are waiting, and once more on shutdown (flush()). One write at a time, in order. A
// process that dies between two flushes loses at most one interval; the caller never waits for the
// database. Used where a public endpoint records every hit (short-link redirects, e-mail opens and clicks).

export interface BatchWriterOptions {
  flushMs?: number;
  maxItems?: number;
}

export interface BatchWriter<T> {
  record(item: T): void;
  /** Writes what is waiting now (and what a running write leaves); resolves when written. */
  flush(): Promise<void>;
  /** Stops the timer and writes the rest. */
  close(): Promise<void>;
  readonly pending: number;
}

export const BATCH_FLUSH_MS = 250;
export const BATCH_MAX_ITEMS = 1000;

/** `write` must not throw for a bad batch: it logs what was lost (a throw is logged here as well). */
export function createBatchWriter<T>(
  label: string,
  write: (batch: T[]) => Promise<void>,
  options: BatchWriterOptions = {},
): BatchWriter<T> {
  const flushMs = options.flushMs ?? BATCH_FLUSH_MS;
  const maxItems = options.maxItems ?? BATCH_MAX_ITEMS;
  let buffer: T[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (buffer.length === 0) return writing;
    const batch = buffer;
    buffer = [];
    writing = writing.then(() =>
      write(batch).catch((error: unknown) => console.error(`[${label}] ${batch.length} not written`, error)),
    );
    return writing;
  };

  return {
    record(item) {
      buffer.push(item);
      if (buffer.length >= maxItems) void flush();
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
