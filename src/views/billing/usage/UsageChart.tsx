import { TOOLTIP_ITEM_STYLE } from '../../common/charts/tooltip-style';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { UNITS_PER_CURRENCY_UNIT } from '../../../gateway/contract/money';

export interface UsagePoint {
  Period: string;
  Count: number;
  Amount: number;
}

/** Spending per period as bars (its own chunk with recharts); amounts shown in currency units. */
export default function UsageChart({
  rows,
  amountLabel,
  formatAmount,
}: {
  rows: UsagePoint[];
  amountLabel: string;
  formatAmount: (units: number) => string;
}) {
  // display only: the chart's axis needs a number, the table and tooltip show the exact units
  const data = rows.map((row) => ({ ...row, value: row.Amount / UNITS_PER_CURRENCY_UNIT }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="Period" fontSize={12} />
        <YAxis fontSize={12} />
        <Tooltip
          itemStyle={TOOLTIP_ITEM_STYLE}
          formatter={(_, __, item) => [formatAmount((item.payload as UsagePoint).Amount), amountLabel]}
        />
        <Bar dataKey="value" name={amountLabel} fill="var(--color-brand-600, #2563eb)" />
      </BarChart>
    </ResponsiveContainer>
  );
}
