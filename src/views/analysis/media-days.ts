import type { ChartMetricName } from '../../gateway/contract/social/statistics';

export type MediaDay = Record<ChartMetricName, number> & { Day: string };

/** The profiles' days added up per day (followers too: the account's audience across profiles), in day order. */
export function sumDays(profiles: { Days: MediaDay[] }[]): MediaDay[] {
  const byDay = new Map<string, MediaDay>();
  for (const profile of profiles)
    for (const day of profile.Days) {
      const total = byDay.get(day.Day) ?? {
        Day: day.Day,
        Follows: 0,
        DailyFollows: 0,
        Impressions: 0,
        Reaches: 0,
        Engagements: 0,
      };
      total.Follows += day.Follows;
      total.DailyFollows += day.DailyFollows;
      total.Impressions += day.Impressions;
      total.Reaches += day.Reaches;
      total.Engagements += day.Engagements;
      byDay.set(day.Day, total);
    }
  return [...byDay.values()].sort((a, b) => a.Day.localeCompare(b.Day));
}
