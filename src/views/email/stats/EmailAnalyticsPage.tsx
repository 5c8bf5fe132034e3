import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailStatisticsQuery, emailTraceStatisticsQuery } from '../../../gateway/client/queries/email-send';
import type { ActionData } from '../../../gateway/contract/actions/registry';
import { formatCount, formatPercent } from '../../common/format';
import { SendAnalytics, type AnalyticsWindow } from '../../common/stats/SendAnalytics';
import type { StatisticsInput } from '../../common/stats/stats-types';
import { SessionActor } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { TraceTotals } from './TraceTotals';

type EmailStatistics = ActionData<'GetEmailSendStatistics'>;

/** E-mail has no countries: the window without CountryCode. */
const emailInput = ({ CountryCode: _country, ...input }: StatisticsInput) => input;

const useEmailStatistics = (input: StatisticsInput): UseQueryResult<EmailStatistics> =>
  useQuery(emailStatisticsQuery(emailInput(input)));

/** Spec 001 §4 delivery results of the window, one count each (the same read as the totals above). */
function DeliveryResults({ chosen }: { chosen: AnalyticsWindow }) {
  const { t, i18n } = useTranslation('emailSend');
  const lang = i18n.language;
  const stats = useQuery(emailStatisticsQuery(chosen));
  const totals = stats.data?.Totals;
  if (!totals) return null;
  const rows = [
    ['deliver', totals.Success],
    ['invalid', totals.Invalid],
    ['soft_bounce', totals.SoftBounce],
    ['unknown', totals.Unknown],
    ['submit_fail', totals.SubmitFail],
  ] as const;
  return (
    <Card title={t('analytics.resultsTitle')} className="mt-6">
      <table className="w-full text-sm" data-testid="email-results">
        <caption className="sr-only">{t('analytics.resultsTitle')}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              {t('analytics.result')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('analytics.count')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('analytics.share')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([result, count]) => (
            <tr key={result}>
              <th scope="row" className="py-1.5 text-left font-normal">
                {t(`result.${result}`)}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatCount(count, lang)}</td>
              <td className="py-1.5 text-right tabular-nums">
                {formatPercent(totals.Submit ? Math.round((count / totals.Submit) * 10_000) / 100 : 0, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Opens, clicks, unsubscribes and reading conversion of the mails sent in the window. */
function TraceCard({ chosen }: { chosen: AnalyticsWindow }) {
  const { t } = useTranslation('emailSend');
  const trace = useQuery(emailTraceStatisticsQuery(chosen));
  return (
    <Card title={t('trace.title')} className="mt-6">
      <p className="mb-3 text-sm text-slate-600">{t('analytics.traceHint')}</p>
      <TraceTotals trace={trace} />
    </Card>
  );
}

/**
 * /email/analytics: e-mail sends by day, week or month with the delivery results, and the trace
 * statistics of the same mails, over a range with a comparison window 7, 15 or 30 days back.
 */
export default function EmailAnalyticsPage() {
  const { t } = useTranslation('emailSend');
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  return (
    <PageFrame title={t('titles.analytics')} description={t('analytics.subtitle')} testId="email-analytics">
      <SendAnalytics
        timeZone={timeZone}
        useStatistics={useEmailStatistics}
        countryFilter={false}
        totalLabels={{ fail: t('analytics.failed'), rate: t('analytics.deliveryRate') }}
        extra={(chosen) => (
          <>
            <TraceCard chosen={chosen} />
            <DeliveryResults chosen={chosen} />
          </>
        )}
      />
    </PageFrame>
  );
}
