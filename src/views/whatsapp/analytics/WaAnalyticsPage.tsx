import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { waReceiptCodesQuery, waStatisticsQuery } from '../../../gateway/client/queries/wa-send';
import type { ReceiptCodesInput, StatisticsInput } from '../../common/stats/stats-types';
import { SendAnalytics } from '../../common/stats/SendAnalytics';
import { SessionActor } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';

const useWaStatistics = (input: StatisticsInput) => useQuery(waStatisticsQuery(input));
const useWaReceiptCodes = (input: ReceiptCodesInput) => useQuery(waReceiptCodesQuery(input));

/** /whatsapp/analytics: WhatsApp sends by day, week or month over a range, with a comparison window and error codes. */
export default function WaAnalyticsPage() {
  const { t } = useTranslation('whatsapp');
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  return (
    <PageFrame title={t('titles.analytics')} description={t('analytics.subtitle')} testId="wa-analytics">
      <SendAnalytics timeZone={timeZone} useStatistics={useWaStatistics} useReceiptCodes={useWaReceiptCodes} />
    </PageFrame>
  );
}
