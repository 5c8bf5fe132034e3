import { describe, expect, it } from 'vitest';
import { combineStatistics } from './combine';

const totals = (Submit: number, Success: number, Fail: number, Cost: number) => ({
  Submit,
  Success,
  Fail,
  Unknown: 0,
  SubmitFail: 0,
  Segments: Submit,
  Cost,
  SuccessRate: Success + Fail ? Math.round((Success / (Success + Fail)) * 10_000) / 100 : 0,
});
const point = (Time: number, ...figures: Parameters<typeof totals>) => ({
  Time,
  Label: `d${Time}`,
  ...totals(...figures),
});

describe('combineStatistics', () => {
  it('adds the channels bucket by bucket and computes the rate over the sum', () => {
    const sms = {
      Points: [point(1, 10, 9, 1, 100), point(2, 0, 0, 0, 0)],
      Totals: totals(10, 9, 1, 100),
      Compare: null,
    };
    const mail = {
      Points: [point(1, 2, 0, 2, 4), point(2, 4, 4, 0, 8)],
      Totals: totals(6, 4, 2, 12),
      Compare: { BeginTime: 0, EndTime: 1, Points: [point(0, 1, 1, 0, 2)], Totals: totals(1, 1, 0, 2) },
    };
    const all = combineStatistics([sms, mail]);
    expect(all.Totals).toMatchObject({ Submit: 16, Success: 13, Fail: 3, Cost: 112, SuccessRate: 81.25 });
    expect(all.Points.map((p) => [p.Time, p.Submit, p.SuccessRate])).toEqual([
      [1, 12, 75],
      [2, 4, 100],
    ]);
    expect(all.Compare).toMatchObject({ BeginTime: 0, Totals: { Submit: 1, SuccessRate: 100 } });
  });

  it('has no comparison when no channel has one, and a 0 rate when nothing finished', () => {
    const none = combineStatistics([{ Points: [], Totals: totals(0, 0, 0, 0), Compare: null }]);
    expect(none).toEqual({ Points: [], Totals: totals(0, 0, 0, 0), Compare: null });
  });
});
