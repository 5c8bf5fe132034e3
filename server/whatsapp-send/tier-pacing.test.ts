import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  conversationPrice,
  tierCanHold,
  tierShortfall,
  tierWaitMs,
  WA_CONVERSATION_MS,
  WA_CONVERSATION_PRICES,
  WA_MAX_TIER_DAYS,
} from '../../src/gateway/contract/wa-send';

// The pure rules of WhatsApp sending (docs/decisions.md "WhatsApp sending"): tier pacing and prices.

const NOW = 1_800_000_000_000;
const opened = fc.array(fc.integer({ min: NOW - 2 * WA_CONVERSATION_MS, max: NOW }), { maxLength: 120 });
const inWindowAt = (times: number[], at: number) => times.filter((t) => t > at - WA_CONVERSATION_MS && t <= at).length;

describe('tier pacing', () => {
  test.prop([fc.integer({ min: 1, max: 100 }), opened, fc.integer({ min: 1, max: 150 })])(
    'after the wait the group fits (or the whole limit is free), and a moment earlier it did not',
    (limit, times, size) => {
      const wait = tierWaitMs(limit, times, NOW, size);
      expect(wait).toBeGreaterThanOrEqual(0);
      const need = Math.min(size, limit);
      expect(limit - inWindowAt(times, NOW + wait)).toBeGreaterThanOrEqual(need);
      if (wait > 0) expect(limit - inWindowAt(times, NOW + wait - 1)).toBeLessThan(need);
    },
  );
  test.prop([opened, fc.integer({ min: 1, max: 1_000_000 })])('never waits on the unlimited tier', (times, size) => {
    expect(tierWaitMs(Number.POSITIVE_INFINITY, times, NOW, size)).toBe(0);
    expect(tierShortfall(Number.POSITIVE_INFINITY, 10 ** 9, size)).toBe(0);
  });
  it('counts a conversation opened exactly 24 hours ago as gone', () => {
    expect(tierWaitMs(1, [NOW - WA_CONVERSATION_MS], NOW, 1)).toBe(0);
    expect(tierWaitMs(1, [NOW - WA_CONVERSATION_MS + 1], NOW, 1)).toBe(1);
  });
  test.prop([fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 10_000_000 })])(
    'a tier holds a task it can pace within the day limit',
    (limit, recipients) => {
      expect(tierCanHold(limit, recipients)).toBe(recipients <= limit * WA_MAX_TIER_DAYS);
    },
  );
});

describe('prices', () => {
  it('charges business-initiated categories and never a service conversation', () => {
    expect(conversationPrice('marketing', false)).toBe(WA_CONVERSATION_PRICES.marketing);
    expect(conversationPrice('marketing', true)).toBe(WA_CONVERSATION_PRICES.marketing);
    expect(conversationPrice('authentication', true)).toBe(WA_CONVERSATION_PRICES.authentication);
    expect(conversationPrice('utility', false)).toBe(WA_CONVERSATION_PRICES.utility);
    expect(conversationPrice('utility', true)).toBe(0);
    expect(conversationPrice('service', false)).toBe(0);
  });
});
