import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsReceiptCodesQuery, mmsStatisticsQuery } from '../../../gateway/client/queries/mms';
import type { ReceiptCodesInput, StatisticsInput } from '../../common/stats/stats-types';
import { SendAnalytics } from '../../common/stats/SendAnalytics';
import { SessionActor } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';

const useMmsStatistics = (input: StatisticsInput) => useQuery(mmsStatisticsQuery(input));
const useMmsReceiptCodes = (input: ReceiptCodesInput) => useQuery(mmsReceiptCodesQuery(input));

/** /mms/analytics: MMS sends by day, week or month over a range, with a comparison window and error codes. */
export default function MmsAnalyticsPage() {
  const { t } = useTranslation('mms');
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  return (
    <PageFrame title={t('titles.analytics')} description={t('analytics.subtitle')} testId="mms-analytics">
      <SendAnalytics timeZone={timeZone} useStatistics={useMmsStatistics} useReceiptCodes={useMmsReceiptCodes} />
    </PageFrame>
  );
}
