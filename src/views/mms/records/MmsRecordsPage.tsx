import { useTranslation } from 'react-i18next';
import { ChannelRecordsPage } from '../../common/records/ChannelRecordsPage';
import { useRecordFilters } from '../../common/records/useRecordFilters';
import { useNotify } from '../../shell/actors';
import { MmsRecordsTable } from './MmsRecordsTable';

/** /mms/search: MMS send records by date, phone, task and result, and their exports. */
export default function MmsRecordsPage() {
  const { t } = useTranslation('mms');
  const notify = useNotify();
  const { filters, bar } = useRecordFilters();
  return (
    <ChannelRecordsPage
      notify={notify}
      filters={filters}
      bar={bar}
      channel={{
        exports: 'mms',
        title: t('titles.records'),
        description: t('records.subtitle'),
        testId: 'mms-records',
        table: (filters) => <MmsRecordsTable filters={filters} />,
      }}
    />
  );
}
