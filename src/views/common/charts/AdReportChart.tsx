import { TOOLTIP_ITEM_STYLE } from './tooltip-style';
import { ChartTable } from './ChartTable';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The advertising data report's chart: one figure (spend, impressions, clicks or conversions) per day, as
// one bar series per currency for spend (money is not added across currencies). Recharts stays in this
// folder; the page loads it lazily.

export interface AdReportPoint {
  label: string;
  values: Record<string, number>;
}

export interface AdReportChartSeries {
  key: string;
  label: string;
}

const COLOURS = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#0284c7', '#65a30d'];

export default function AdReportChart({
  points,
  series,
  title,
  height = 280,
}: {
  points: AdReportPoint[];
  series: AdReportChartSeries[];
  title: string;
  height?: number;
}) {
  return (
    <figure aria-label={title} data-testid="ad-report-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tick={{ fontSize: 12 }} width={64} />
          <Tooltip itemStyle={TOOLTIP_ITEM_STYLE} />
          {series.length > 1 && <Legend />}
          {series.map((s, index) => (
            <Bar
              key={s.key}
              dataKey={(point: AdReportPoint) => point.values[s.key] ?? 0}
              name={s.label}
              fill={COLOURS[index % COLOURS.length]}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <ChartTable
        title={title}
        points={points}
        columns={series.map((s) => ({ label: s.label, value: (p: AdReportPoint) => p.values[s.key] ?? 0 }))}
      />
    </figure>
  );
}
