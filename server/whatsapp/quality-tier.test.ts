import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WA_TIERS, WA_TIER_LIMITS } from '../../src/gateway/contract/whatsapp';
import {
  DAY_MS,
  QUALITY_WINDOW_MS,
  countInWindow,
  qualityRating,
  remainingConversations,
  upgradedTier,
} from './quality-tier';

const NOW = Date.UTC(2026, 10, 28, 12);
const times = (maxAgeMs: number, max = 200) =>
  fc.array(
    fc.integer({ min: 0, max: maxAgeMs }).map((age) => NOW - age),
    { maxLength: max },
  );
const tier = fc.constantFrom(...WA_TIERS);

describe('the rolling windows', () => {
  it('count (now − window, now]: exactly one window old is out, now is in, the future is out', () => {
    expect(countInWindow([NOW - DAY_MS, NOW - DAY_MS + 1, NOW, NOW + 1], NOW, DAY_MS)).toBe(2);
  });

  it('a conversation frees its place exactly 24 hours after it opened', () => {
    fc.assert(
      fc.property(times(3 * DAY_MS), (opened) => {
        const limit = 50;
        const inDay = opened.filter((t) => t > NOW - DAY_MS).length;
        expect(remainingConversations('50', opened, NOW)).toBe(Math.max(0, limit - inDay));
        // moving on by a day frees every one of them
        expect(remainingConversations('50', opened, NOW + DAY_MS)).toBe(limit);
      }),
    );
  });

  it('remaining never goes below 0 nor above the limit, and the unlimited tier is never used up', () => {
    fc.assert(
      fc.property(tier, times(2 * DAY_MS, 400), (t, opened) => {
        const left = remainingConversations(t, opened, NOW);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(WA_TIER_LIMITS[t]);
        if (t === 'unlimited') expect(left).toBe(Number.POSITIVE_INFINITY);
      }),
    );
  });
});

describe('quality over the last 7 days', () => {
  it('is unknown with nothing in the window, and a signal exactly 7 days old no longer counts', () => {
    expect(qualityRating({ blocks: [], reports: [], conversations: [] }, NOW)).toBe('unknown');
    expect(qualityRating({ blocks: [NOW - QUALITY_WINDOW_MS], reports: [], conversations: [] }, NOW)).toBe('unknown');
    expect(qualityRating({ blocks: [NOW - QUALITY_WINDOW_MS + 1], reports: [], conversations: [] }, NOW)).toBe('red');
  });

  it('green below 2 %, yellow below 5 %, red from 5 % of the conversations', () => {
    const conversations = Array.from({ length: 100 }, (_, i) => NOW - i * 1000);
    const withBlocks = (n: number) => ({ blocks: conversations.slice(0, n), reports: [], conversations });
    expect(qualityRating(withBlocks(1), NOW)).toBe('green');
    expect(qualityRating(withBlocks(2), NOW)).toBe('yellow');
    expect(qualityRating(withBlocks(4), NOW)).toBe('yellow');
    expect(qualityRating(withBlocks(5), NOW)).toBe('red');
  });

  it('more blocks or reports never make the quality better', () => {
    const rank = { unknown: -1, green: 0, yellow: 1, red: 2 } as const;
    fc.assert(
      fc.property(times(10 * DAY_MS), times(10 * DAY_MS), times(10 * DAY_MS), times(6 * DAY_MS, 5), (b, r, c, more) => {
        const before = qualityRating({ blocks: b, reports: r, conversations: c }, NOW);
        const after = qualityRating({ blocks: [...b, ...more], reports: r, conversations: c }, NOW);
        if (before !== 'unknown') expect(rank[after]).toBeGreaterThanOrEqual(rank[before]);
      }),
    );
  });

  it('signals older than 7 days change nothing', () => {
    fc.assert(
      fc.property(times(10 * DAY_MS), times(10 * DAY_MS), fc.integer({ min: 0, max: 5 * DAY_MS }), (b, c, extraAge) => {
        const old = NOW - QUALITY_WINDOW_MS - extraAge;
        expect(qualityRating({ blocks: [...b, old], reports: [old], conversations: c }, NOW)).toBe(
          qualityRating({ blocks: b, reports: [], conversations: c }, NOW),
        );
      }),
    );
  });
});

describe('tier upgrades', () => {
  it('one tier up when half the limit was used in 7 days and the quality is not red', () => {
    const opened = (n: number) => Array.from({ length: n }, (_, i) => NOW - i * 60_000);
    expect(upgradedTier('50', 'green', opened(25), NOW)).toBe('250');
    expect(upgradedTier('50', 'unknown', opened(24), NOW)).toBe('50');
    expect(upgradedTier('50', 'red', opened(50), NOW)).toBe('50');
    expect(upgradedTier('250', 'yellow', opened(125), NOW)).toBe('1K');
    expect(upgradedTier('unlimited', 'green', opened(10), NOW)).toBe('unlimited');
  });

  it('never more than one step, never down, and never on red', () => {
    fc.assert(
      fc.property(
        tier,
        fc.constantFrom('green', 'yellow', 'red', 'unknown' as const),
        times(8 * DAY_MS, 300),
        (t, q, c) => {
          const next = upgradedTier(t, q, c, NOW);
          const step = WA_TIERS.indexOf(next) - WA_TIERS.indexOf(t);
          expect([0, 1]).toContain(step);
          if (q === 'red') expect(next).toBe(t);
        },
      ),
    );
  });
});
