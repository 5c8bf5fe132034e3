import { successRate } from '../../gateway/contract/sms-constants';
import type { StatisticsData as SendStatistics } from '../common/stats/stats-types';

// A channel's send statistics: SMS, MMS and WhatsApp share the shape; e-mail's adds its bounce kinds.
type Point = SendStatistics['Points'][number];
type Totals = SendStatistics['Totals'];

const COUNTS = ['Submit', 'Success', 'Fail', 'Unknown', 'SubmitFail', 'Segments', 'Cost'] as const;

/** The sum's rate, as the server computes a channel's: delivered over finished. */
const rateOf = (t: Pick<Totals, 'Success' | 'Fail' | 'Unknown' | 'SubmitFail'>) =>
  successRate(t.Success, t.Success + t.Fail + t.Unknown + t.SubmitFail);

function addTotals(list: Totals[]): Totals {
  const sum = Object.fromEntries(COUNTS.map((key) => [key, list.reduce((acc, t) => acc + t[key], 0)])) as Omit<
    Totals,
    'SuccessRate'
  >;
  return { ...sum, SuccessRate: rateOf(sum) };
}

/** Points of the same buckets (one request window, granularity and zone), added bucket by bucket. */
function addPoints(lists: Point[][]): Point[] {
  const byTime = new Map<number, Point[]>();
  for (const list of lists)
    for (const point of list) byTime.set(point.Time, [...(byTime.get(point.Time) ?? []), point]);
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([Time, points]) => ({ Time, Label: points[0].Label, ...addTotals(points) }));
}

/** Every channel's statistics as one: the marketing analysis's "All channels". */
export function combineStatistics(list: SendStatistics[]): SendStatistics {
  const compared = list.map((s) => s.Compare).filter((c): c is NonNullable<SendStatistics['Compare']> => c !== null);
  return {
    Points: addPoints(list.map((s) => s.Points)),
    Totals: addTotals(list.map((s) => s.Totals)),
    Compare:
      compared.length === 0
        ? null
        : {
            BeginTime: compared[0].BeginTime,
            EndTime: compared[0].EndTime,
            Points: addPoints(compared.map((c) => c.Points)),
            Totals: addTotals(compared.map((c) => c.Totals)),
          },
  };
}
