import { useTranslation } from 'react-i18next';
import type { SmsMessageResult } from '../../../gateway/contract/sms-constants';
import type { TranslationKey } from '../../../i18n/keys';
import { useLabel } from '../../../i18n/useLabel';
import { ChannelRecordsPage } from '../../common/records/ChannelRecordsPage';
import { useRecordFilters } from '../../common/records/useRecordFilters';
import { useNotify } from '../../shell/actors';
import { VmsRecordsTable } from '../tasks/VmsRecordsTable';

/** Each message result in call words: a literal map, so every key is checked against the locales. */
const CALL_RESULT_LABELS: Record<SmsMessageResult, TranslationKey> = {
  Pending: 'vms:records.results.Pending',
  Success: 'vms:records.results.Success',
  Fail: 'vms:records.results.Fail',
  Unknown: 'vms:records.results.Unknown',
  SubmitFail: 'vms:records.results.SubmitFail',
};

/** /vms/search: call records by date, phone, task and result, with outcome and seconds, and their exports. */
export default function VmsRecordsPage() {
  const { t } = useTranslation('vms');
  const label = useLabel();
  const notify = useNotify();
  const { filters, bar } = useRecordFilters((result) => label(CALL_RESULT_LABELS[result]));
  return (
    <ChannelRecordsPage
      notify={notify}
      filters={filters}
      bar={bar}
      channel={{
        exports: 'vms',
        title: t('titles.records'),
        description: t('records.subtitle'),
        testId: 'vms-records',
        table: (filters) => <VmsRecordsTable filters={filters} showTask />,
      }}
    />
  );
}
