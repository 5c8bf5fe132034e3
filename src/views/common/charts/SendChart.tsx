import { TOOLTIP_ITEM_STYLE } from './tooltip-style';
import { ChartTable } from './ChartTable';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Recharts lives in this file only; pages import it with React.lazy so the chart library loads in the
// analytics and overview chunks and nowhere else (docs/decisions.md, "SMS views").

export interface ChartPoint {
  label: string;
  success: number;
  fail: number;
  unknown: number;
  /** The comparison window's successes at the same position, when one is asked for. */
  compare?: number;
}

export interface SendChartLabels {
  title: string;
  success: string;
  fail: string;
  unknown: string;
  compare: string;
}

/** Stacked results per day/week/month, with the comparison window as a line. */
export default function SendChart({
  points,
  labels,
  height = 280,
}: {
  points: ChartPoint[];
  labels: SendChartLabels;
  height?: number;
}) {
  const hasCompare = points.some((point) => point.compare !== undefined);
  return (
    <figure aria-label={labels.title} data-testid="send-chart">
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
          <Tooltip itemStyle={TOOLTIP_ITEM_STYLE} />
          <Legend />
          <Bar dataKey="success" name={labels.success} stackId="results" fill="#10b981" />
          <Bar dataKey="fail" name={labels.fail} stackId="results" fill="#ef4444" />
          <Bar dataKey="unknown" name={labels.unknown} stackId="results" fill="#f59e0b" />
          {hasCompare && (
            <Line
              type="monotone"
              dataKey="compare"
              name={labels.compare}
              stroke="#4f46e5"
              strokeDasharray="4 3"
              dot={false}
            />
          )}
        </ComposedChart>
      </ResponsiveContainer>
      <ChartTable
        title={labels.title}
        corner="—"
        points={points}
        columns={[
          { label: labels.success, value: (point) => point.success },
          { label: labels.fail, value: (point) => point.fail },
          { label: labels.unknown, value: (point) => point.unknown },
          ...(hasCompare ? [{ label: labels.compare, value: (point: ChartPoint) => point.compare ?? 0 }] : []),
        ]}
      />
    </figure>
  );
}
