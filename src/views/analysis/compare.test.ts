import { describe, expect, it } from 'vitest';
import { spendOf } from '../../gateway/client/queries/billing';
import { comparisonWindow, defaultCompareDays, percentChange } from './compare';

describe('marketing analysis figures', () => {
  it('shifts the comparison window back whole days, as GetUSMSSendStatistics does', () => {
    expect(comparisonWindow({ start: 1_000_000, end: 1_086_399 }, 7)).toEqual({
      start: 1_000_000 - 7 * 86_400,
      end: 1_086_399 - 7 * 86_400,
    });
  });

  it('compares a 15- or 30-day quick range with the window before it, anything else a week back', () => {
    expect(defaultCompareDays({ preset: 'last15d' })).toBe(15);
    expect(defaultCompareDays({ preset: 'last30d' })).toBe(30);
    expect(defaultCompareDays({ preset: 'today' })).toBe(7);
    expect(defaultCompareDays({ preset: 'custom' })).toBe(7);
  });

  it('gives the change in percent, one decimal; from nothing to something is +100%', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
  });

  it('counts charges less refunds as spend, not recharges or bonuses', () => {
    expect(
      spendOf([
        { BillType: 'recharge', Amount: 1_000_000 },
        { BillType: 'deduct', Amount: -300 },
        { BillType: 'deduct', Amount: -200 },
        { BillType: 'refund', Amount: 100 },
        { BillType: 'bonus', Amount: 5_000 },
      ]),
    ).toBe(400);
  });
});
