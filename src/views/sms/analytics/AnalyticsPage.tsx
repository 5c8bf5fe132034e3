import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsReceiptCodesQuery, smsStatisticsQuery } from '../../../gateway/client/queries/sms';
import type { ReceiptCodesInput, StatisticsInput } from '../../common/stats/stats-types';
import { SendAnalytics } from '../../common/stats/SendAnalytics';
import { SessionActor } from '../../shell/actors';
import { SmsPage } from '../SmsPage';

const useSmsStatistics = (input: StatisticsInput) => useQuery(smsStatisticsQuery(input));
const useSmsReceiptCodes = (input: ReceiptCodesInput) => useQuery(smsReceiptCodesQuery(input));

/** /sms/analytics: sends by day, week or month over a range, with a comparison window and error codes. */
export default function AnalyticsPage() {
  const { t } = useTranslation('sms');
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  return (
    <SmsPage title={t('titles.analytics')} description={t('analytics.subtitle')} testId="sms-analytics">
      <SendAnalytics timeZone={timeZone} useStatistics={useSmsStatistics} useReceiptCodes={useSmsReceiptCodes} />
    </SmsPage>
  );
}
