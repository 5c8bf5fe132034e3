import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

// The general /api limit on PostgreSQL (docs/decisions.md "Rate limits"): every request is counted, but
// not with a statement each. A process counts its requests in memory and settles them with the shared
// store (rate-limiter-flexible's PostgreSQL store) every `settleMs`, one consume of n points per key: the
// store answers the key's total across processes, and until the next settle a request is let in only
// while that total plus what this process counted since stays under the limit. So one process alone is
// exact, and processes together may pass a limit by what they let in during one settle interval.

interface Known {
  /** the key's points across every process, as of the last settle */
  consumed: number;
  /** when the key's window ends (epoch ms) */
  resetAt: number;
}

/** The part of the library's limiter the gateway uses (server/limits.ts). */
export type Limiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'delete' | 'points'>;

export class BatchedLimiter implements Limiter {
  private pending = new Map<string, number>();
  private settling = new Map<string, number>();
  private known = new Map<string, Known>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly settleMs = 100,
    private readonly now: () => number = Date.now,
  ) {}

  get points(): number {
    return this.store.points;
  }

  /** Resolves when the request is within the limit; rejects with a RateLimiterRes (msBeforeNext) when not. */
  consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const id = String(key);
    const now = this.now();
    let known = this.known.get(id);
    if (known && known.resetAt <= now) {
      this.known.delete(id);
      known = undefined;
    }
    const local = (this.pending.get(id) ?? 0) + (this.settling.get(id) ?? 0);
    const used = (known?.consumed ?? 0) + local + points;
    const msBeforeNext = known ? known.resetAt - now : this.store.msDuration;
    if (used > this.points) return Promise.reject(new RateLimiterRes(0, msBeforeNext, used, false));
    this.pending.set(id, (this.pending.get(id) ?? 0) + points);
    this.timer ??= setTimeout(() => void this.settle(), this.settleMs).unref();
    return Promise.resolve(new RateLimiterRes(this.points - used, msBeforeNext, used, local === 0));
  }

  get(key: string | number): Promise<RateLimiterRes | null> {
    return this.store.get(key);
  }

  delete(key: string | number): Promise<boolean> {
    this.known.delete(String(key));
    return this.store.delete(key);
  }

  /** Settles what is still counted in memory and stops the timer: before the store's connections close. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size > 0) await this.settle();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Hands what was counted since the last settle to the store, and keeps the totals it answers. */
  async settle(): Promise<void> {
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.settling = batch;
    await Promise.all(
      [...batch].map(async ([key, points]) => {
        const answer = await this.store.consume(key, points).catch((outcome: unknown) => outcome);
        if (answer instanceof RateLimiterRes)
          this.known.set(key, { consumed: answer.consumedPoints, resetAt: this.now() + answer.msBeforeNext });
        // The store unreachable: these counts are lost (as a crash loses them); the request path goes on.
        else console.warn(`[limits] counts not settled: ${(answer as Error)?.message ?? answer}`);
      }),
    );
    this.settling = new Map();
    const now = this.now();
    for (const [key, known] of this.known) if (known.resetAt <= now) this.known.delete(key);
    if (this.pending.size > 0) this.timer ??= setTimeout(() => void this.settle(), this.settleMs).unref();
  }
}
