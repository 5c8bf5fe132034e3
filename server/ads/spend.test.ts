import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payDays, type DayToPay } from './spend';

// The charge rule (docs/decisions.md "Advertising: spend and rebates"), as a property: whatever the days,
// balance + what was paid = the balance before; no day is paid more than it owes; once a day is capped,
// every later day is capped at 0; paying again pays nothing.

const dayArb = fc.record({
  spend: fc.integer({ min: 0, max: 5_000_000 }),
  impressions: fc.integer({ min: 0, max: 20_000 }),
  clicks: fc.integer({ min: 0, max: 1_000 }),
  conversions: fc.integer({ min: 0, max: 100 }),
});
const daysArb = fc
  .array(dayArb, { maxLength: 20 })
  .map((days) =>
    days.map((d, i): DayToPay => ({ ...d, day: `2026-01-${String(i + 1).padStart(2, '0')}`, charged: 0 })),
  );

describe('payDays', () => {
  it('conserves money, never overpays, stops at the first short day, and is idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), daysArb, (balance, days) => {
        const first = payDays(balance, days);
        expect(first.balance + first.paid).toBe(balance);
        expect(first.balance).toBeGreaterThanOrEqual(0);
        expect(first.days.reduce((sum, d) => sum + d.charged, 0)).toBe(first.paid);
        const firstCapped = first.days.findIndex((d) => d.capped);
        first.days.forEach((d, i) => {
          expect(d.charged).toBeLessThanOrEqual(days[i].spend);
          expect(d.spend).toBe(d.charged);
          if (firstCapped >= 0 && i > firstCapped) expect(d).toMatchObject({ charged: 0, impressions: 0, clicks: 0 });
        });
        if (firstCapped >= 0) expect(first.balance).toBe(0);
        const second = payDays(first.balance, first.days);
        expect(second.paid).toBe(0);
      }),
    );
  });

  it('caps a later day that costs nothing but still counts clicks, once a day ran short', () => {
    const { days } = payDays(0, [
      { day: '2026-01-01', spend: 1, charged: 0, impressions: 0, clicks: 0, conversions: 0 },
      { day: '2026-01-02', spend: 0, charged: 0, impressions: 0, clicks: 1, conversions: 0 },
    ]);
    expect(days[1]).toMatchObject({ charged: 0, clicks: 0, capped: true });
  });

  it("scales a capped day's figures by the share paid", () => {
    const [day] = payDays(500, [
      { day: '2026-01-01', spend: 1000, charged: 0, impressions: 800, clicks: 40, conversions: 3 },
    ]).days;
    expect(day).toMatchObject({ spend: 500, charged: 500, impressions: 400, clicks: 20, conversions: 1, capped: true });
  });
});
