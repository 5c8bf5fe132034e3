import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from './ChartTable';
import { TOOLTIP_ITEM_STYLE } from './tooltip-style';

// Named series over labelled points (a social profile's daily metrics, a post's metrics over time).
// Recharts stays in this folder; pages load it lazily (LazyMetricsChart).

export interface MetricsPoint {
  label: string;
  values: Record<string, number>;
}

export interface MetricsSeries {
  key: string;
  name: string;
}

const COLOURS = ['#4f46e5', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9', '#a855f7', '#64748b'];

export default function MetricsChart({
  title,
  points,
  series,
  height = 260,
  testId = 'metrics-chart',
}: {
  title: string;
  points: MetricsPoint[];
  series: MetricsSeries[];
  height?: number;
  testId?: string;
}) {
  const data = points.map((point) => ({ label: point.label, ...point.values }));
  return (
    <figure aria-label={title} data-testid={testId}>
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={56} />
          <Tooltip itemStyle={TOOLTIP_ITEM_STYLE} />
          <Legend />
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={COLOURS[i % COLOURS.length]}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <ChartTable
        title={title}
        points={points}
        columns={series.map((s) => ({ label: s.name, value: (point: MetricsPoint) => point.values[s.key] ?? 0 }))}
      />
    </figure>
  );
}
