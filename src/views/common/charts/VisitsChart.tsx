import { TOOLTIP_ITEM_STYLE } from './tooltip-style';
import { ChartTable } from './ChartTable';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Visits per day (PV and UV) of a short link. Recharts stays in this folder; pages load it lazily.

export interface VisitsPoint {
  label: string;
  pv: number;
  uv: number;
}

export default function VisitsChart({
  points,
  labels,
  height = 260,
}: {
  points: VisitsPoint[];
  labels: { title: string; pv: string; uv: string };
  height?: number;
}) {
  return (
    <figure aria-label={labels.title} data-testid="visits-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
          <Tooltip itemStyle={TOOLTIP_ITEM_STYLE} />
          <Legend />
          <Bar dataKey="pv" name={labels.pv} fill="#4f46e5" />
          <Bar dataKey="uv" name={labels.uv} fill="#10b981" />
        </BarChart>
      </ResponsiveContainer>
      <ChartTable
        title={labels.title}
        points={points}
        columns={[
          { label: labels.pv, value: (point) => point.pv },
          { label: labels.uv, value: (point) => point.uv },
        ]}
      />
    </figure>
  );
}
