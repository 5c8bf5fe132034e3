import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActionData } from '../../../gateway/contract/actions/registry';
import { formatCount, formatPercent } from '../../common/format';
import { Delta } from '../../common/stats/SendAnalytics';
import { ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';

type TraceData = ActionData<'GetEmailTraceStatistics'>;
type TraceTotalsData = TraceData['Totals'];

const TILES = [
  ['Opens', 'opens'],
  ['UniqueOpens', 'uniqueOpens'],
  ['Clicks', 'clicks'],
  ['UniqueClicks', 'uniqueClicks'],
  ['Unsubscribes', 'unsubscribes'],
  ['ReadingConversion', 'conversion'],
] as const satisfies readonly (readonly [keyof TraceTotalsData, string])[];

/**
 * Spec 001 §3 trace statistics of the mails sent in a window (opens, clicks, unsubscribes, reading
 * conversion), each with its change from the comparison window when there is one.
 */
export function TraceTotals({ trace, only }: { trace: UseQueryResult<TraceData>; only?: readonly string[] }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const lang = i18n.language;
  if (trace.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner className="h-5 w-5" label={t('sms:loading')} />
      </div>
    );
  if (trace.isError)
    return (
      <ErrorState
        message={t('emailSend:trace.loadFailed')}
        onRetry={() => void trace.refetch()}
        retryLabel={t('sms:retry')}
      />
    );
  const totals = trace.data.Totals;
  const before = trace.data.Compare?.Totals;
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="trace-totals">
      {TILES.filter(([, key]) => !only || only.includes(key)).map(([field, key]) => (
        <div key={key} className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-500">{t(`emailSend:trace.${key}`)}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid={`trace-total-${key}`}>
            {field === 'ReadingConversion' ? formatPercent(totals[field], lang) : formatCount(totals[field], lang)}
          </dd>
          <dd>
            <Delta now={totals[field]} before={before?.[field]} lang={lang} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
