import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { BatchedLimiter } from './batched-limiter';

// The per-request /api limit on PostgreSQL counts in memory and settles with the shared store
// (docs/decisions.md "Rate limits"). A RateLimiterMemory stands in for the PostgreSQL store here: two
// BatchedLimiters over it are two api processes.

const allowed = (limiter: BatchedLimiter, key: string, times: number) =>
  Promise.all(
    Array.from({ length: times }, () =>
      limiter.consume(key).then(
        () => true,
        (outcome: unknown) => {
          expect(outcome).toBeInstanceOf(RateLimiterRes);
          return false;
        },
      ),
    ),
  ).then((answers) => answers.filter(Boolean).length);

describe('BatchedLimiter', () => {
  it('is exact for one process, and settles its counts with the store', async () => {
    const store = new RateLimiterMemory({ points: 10, duration: 60 });
    const limiter = new BatchedLimiter(store, 5);
    expect(await allowed(limiter, 'k', 15)).toBe(10);
    await limiter.settle();
    expect((await store.get('k'))?.consumedPoints).toBe(10);
    const refused = await limiter.consume('k').catch((outcome: RateLimiterRes) => outcome);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(59_000);
  });

  it('lets processes together pass the limit by at most what they let in between two settles', async () => {
    const store = new RateLimiterMemory({ points: 100, duration: 60 });
    const a = new BatchedLimiter(store, 5);
    const b = new BatchedLimiter(store, 5);
    let total = 0;
    for (let round = 0; round < 20; round++) {
      total += (await allowed(a, 'k', 10)) + (await allowed(b, 'k', 10));
      await Promise.all([a.settle(), b.settle()]);
    }
    // each round lets in at most 10 per process before both settle: 100 + one round's 10 of the other
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total).toBeLessThanOrEqual(110);
    expect(await allowed(a, 'k', 5)).toBe(0);
  });

  it('starts a key again when its window ends', async () => {
    let now = 1_000_000;
    const store = new RateLimiterMemory({ points: 2, duration: 1 });
    const limiter = new BatchedLimiter(store, 5, () => now);
    expect(await allowed(limiter, 'k', 3)).toBe(2);
    await limiter.settle();
    now += 1_500;
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the memory store keeps real time
    expect(await allowed(limiter, 'k', 3)).toBe(2);
  });

  it('settles by itself after the interval', async () => {
    const store = new RateLimiterMemory({ points: 10, duration: 60 });
    const limiter = new BatchedLimiter(store, 5);
    await allowed(limiter, 'k', 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await store.get('k'))?.consumedPoints).toBe(3);
  });

  it('settles what is pending when closed, and then stops', async () => {
    const store = new RateLimiterMemory({ points: 10, duration: 60 });
    const limiter = new BatchedLimiter(store, 60_000);
    await allowed(limiter, 'k', 4);
    await limiter.close();
    expect((await store.get('k'))?.consumedPoints).toBe(4);
  });
});
