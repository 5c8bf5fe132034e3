import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../common/format';
import { kpiChange } from './compare';

export interface Kpi {
  key: string;
  label: string;
  /** The figure as shown. */
  text: string;
  now: number;
  /** The comparison window's figure, as a number and as shown; null when that window has none (a rate of nothing sent). */
  before: number | null;
  beforeText: string;
  /** A rate changes in percentage points, a count or an amount in percent. */
  unit?: 'percent' | 'points';
  hint?: string;
}

function Change({ now, before, beforeText, unit }: Pick<Kpi, 'now' | 'before' | 'beforeText' | 'unit'>) {
  const { t, i18n } = useTranslation('analysis');
  const change = kpiChange(now, before, unit);
  if (change.kind === 'new' || change.kind === 'none') {
    const text =
      change.kind === 'new'
        ? t('deltaNew')
        : before === null
          ? t('deltaNoEarlier')
          : t('deltaFlat', { before: beforeText });
    return <span className="text-xs text-slate-500">{text}</span>;
  }
  const sign = change.value > 0 ? '+' : '';
  const value =
    change.kind === 'points'
      ? t('points', { value: `${sign}${formatCount(change.value, i18n.language)}` })
      : `${sign}${formatPercent(change.value, i18n.language)}`;
  const tone = change.value > 0 ? 'text-emerald-700' : change.value < 0 ? 'text-red-700' : 'text-slate-500';
  return <span className={`text-xs ${tone}`}>{t('delta', { value, before: beforeText })}</span>;
}

/** The range's headline figures, each with its change against the comparison window. */
export function KpiCards({ kpis }: { kpis: Kpi[] }) {
  const { t } = useTranslation('analysis');
  return (
    <dl aria-label={t('kpis.label')} className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="analysis-kpis">
      {kpis.map((kpi) => (
        <div key={kpi.key} className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-4">
          <dt className="text-xs text-slate-500">{kpi.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid={`analysis-kpi-${kpi.key}`}>
            {kpi.text}
          </dd>
          <dd>
            <Change now={kpi.now} before={kpi.before} beforeText={kpi.beforeText} unit={kpi.unit} />
          </dd>
          {kpi.hint && <dd className="mt-1 text-xs text-slate-400">{kpi.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
