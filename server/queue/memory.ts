import {
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  type JobQueue,
  type QueueName,
  type SendOptions,
} from './index';

export interface SentJob {
  queue: QueueName;
  data: object;
  options: SendOptions;
}

export interface MemoryJobQueue extends JobQueue {
  readonly kind: 'memory';
  /** Every job sent, in order (tests assert on them). */
  readonly sent: SentJob[];
  /** Every failed attempt of a worked job, in order. */
  readonly failures: { queue: QueueName; data: object; error: unknown }[];
  /** Resolves when no job of a worked queue is running or waiting for its retry. */
  idle(): Promise<void>;
}

/**
 * The test double of the job queue. It records every job; a job of a queue that a worker registered
 * for runs at once (send awaits its first attempt, so a test reads its effect right after the request)
 * and a failed attempt is retried with back-off like pg-boss, scaled by `retryDelayMs` per step and
 * capped at `maxRetryDelayMs` (so a test can watch a job use up all its retries in a few seconds).
 * Jobs of queues nobody works stay recorded only: never dropped in silence.
 */
export function memoryJobQueue(options: { retryDelayMs?: number; maxRetryDelayMs?: number } = {}): MemoryJobQueue {
  const retryDelayMs = options.retryDelayMs ?? 20;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 1_000;
  const handlers = new Map<QueueName, (batch: object[]) => Promise<void>>();
  const sent: SentJob[] = [];
  const failures: MemoryJobQueue['failures'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void track(run());
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  async function attempt(queue: QueueName, data: object, jobOptions: SendOptions, tried: number): Promise<void> {
    const handler = handlers.get(queue);
    if (!handler || stopped) return;
    try {
      await handler([data]);
    } catch (error) {
      failures.push({ queue, data, error });
      const limit = jobOptions.retryLimit ?? DEFAULT_RETRY_LIMIT;
      if (tried >= limit) return;
      const step = (jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS) / DEFAULT_RETRY_DELAY_SECONDS;
      const delay = Math.min(retryDelayMs * step * 2 ** tried, maxRetryDelayMs);
      later(delay, () => attempt(queue, data, jobOptions, tried + 1));
    }
  }

  function dispatch(queue: QueueName, data: object, jobOptions: SendOptions = {}): Promise<void> {
    sent.push({ queue, data, options: jobOptions });
    const delay = jobOptions.startAfter ? jobOptions.startAfter.getTime() - Date.now() : (jobOptions.startAfterMs ?? 0);
    if (delay > 0) {
      later(delay, () => attempt(queue, data, jobOptions, 0));
      return Promise.resolve();
    }
    return track(attempt(queue, data, jobOptions, 0));
  }

  return {
    kind: 'memory',
    sent,
    failures,
    send: dispatch,
    async sendMany(queue, jobs) {
      for (const job of jobs) await dispatch(queue, job.data, job.options);
    },
    async work(queue, _options, handler) {
      handlers.set(queue, handler as (batch: object[]) => Promise<void>);
    },
    async idle() {
      while (running.size || timers.size) {
        await Promise.all(running);
        if (timers.size) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    },
    async stop(stopOptions = {}) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (stopOptions.graceful ?? true) await Promise.all(running);
    },
  };
}
