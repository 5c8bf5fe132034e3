import { TOOLTIP_ITEM_STYLE } from './tooltip-style';
import { ChartTable } from './ChartTable';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The advertising data report's chart: one figure (spend, impressions, clicks or conversions) per day.
// Recharts stays in this folder; the page loads it lazily.

export interface AdReportPoint {
  label: string;
  value: number;
}

export default function AdReportChart({
  points,
  labels,
  height = 280,
}: {
  points: AdReportPoint[];
  labels: { title: string; value: string };
  height?: number;
}) {
  return (
    <figure aria-label={labels.title} data-testid="ad-report-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={64} />
          <Tooltip itemStyle={TOOLTIP_ITEM_STYLE} />
          <Bar dataKey="value" name={labels.value} fill="#4f46e5" />
        </BarChart>
      </ResponsiveContainer>
      <ChartTable title={labels.title} points={points} columns={[{ label: labels.value, value: (p) => p.value }]} />
    </figure>
  );
}
