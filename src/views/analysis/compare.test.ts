import { describe, expect, it } from 'vitest';
import { spendOf } from '../../gateway/client/queries/billing';
import { comparisonWindow, defaultCompareDays, kpiChange, percentChange } from './compare';

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

  it('gives the change in percent, one decimal; none against nothing', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('calls a figure from nothing "new", nothing from nothing "none", and moves a rate in points', () => {
    expect(kpiChange(5, 0)).toEqual({ kind: 'new' });
    expect(kpiChange(0, 0)).toEqual({ kind: 'none' });
    expect(kpiChange(150, 100)).toEqual({ kind: 'percent', value: 50 });
    expect(kpiChange(57.14, 50, 'points')).toEqual({ kind: 'points', value: 7.14 });
    expect(kpiChange(50, 50, 'points')).toEqual({ kind: 'points', value: 0 });
    // an earlier window that sent nothing has no success rate to compare with
    expect(kpiChange(80, null, 'points')).toEqual({ kind: 'none' });
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
