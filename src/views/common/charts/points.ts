import type { ChartPoint } from './SendChart';

interface StatsPoint {
  Label: string;
  Success: number;
  Fail: number;
  SubmitFail: number;
  Unknown: number;
}

/** Chart rows from GetUSMSSendStatistics; the comparison window lines up by position. */
export function chartPoints(points: StatsPoint[], compare?: StatsPoint[] | null): ChartPoint[] {
  return points.map((point, i) => ({
    label: point.Label,
    success: point.Success,
    fail: point.Fail + point.SubmitFail,
    unknown: point.Unknown,
    ...(compare ? { compare: compare[i]?.Success ?? 0 } : {}),
  }));
}
