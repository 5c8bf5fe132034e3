import { useTranslation } from 'react-i18next';
import { formatPercent } from '../common/format';
import { percentChange } from './compare';

export interface Kpi {
  key: string;
  label: string;
  /** The figure as shown. */
  text: string;
  now: number;
  /** The comparison window's figure, as a number and as shown. */
  before: number;
  beforeText: string;
  hint?: string;
}

function Change({ now, before, beforeText }: Pick<Kpi, 'now' | 'before' | 'beforeText'>) {
  const { t, i18n } = useTranslation('analysis');
  const change = percentChange(now, before);
  const value = `${change >= 0 ? '+' : ''}${formatPercent(change, i18n.language)}`;
  return (
    <span className={`text-xs ${change >= 0 ? 'text-emerald-700' : 'text-red-700'}`}>
      {t('delta', { value, before: beforeText })}
    </span>
  );
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
            <Change now={kpi.now} before={kpi.before} beforeText={kpi.beforeText} />
          </dd>
          {kpi.hint && <dd className="mt-1 text-xs text-slate-400">{kpi.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
