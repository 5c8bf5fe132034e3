import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shell/actors';
import { ExportsPanel } from '../../common/records/ExportsPanel';
import { useRecordFilters } from '../../common/records/useRecordFilters';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Tabs } from '../../ui/Tabs';
import { MmsRecordsTable } from './MmsRecordsTable';

/** /mms/search: MMS send records by date, phone, task and result, and their exports. */
export default function MmsRecordsPage() {
  const { t } = useTranslation(['mms', 'sms']);
  const notify = useNotify();
  const { filters, bar } = useRecordFilters();
  const [tab, setTab] = useState('records');

  return (
    <PageFrame title={t('mms:titles.records')} description={t('mms:records.subtitle')} testId="mms-records">
      <Card>
        {bar}
        <Tabs
          selectedKey={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'records',
              label: t('sms:records.tabs.records'),
              content: <MmsRecordsTable key={JSON.stringify(filters)} filters={filters} />,
            },
            {
              key: 'exports',
              label: t('sms:records.tabs.exports'),
              content: <ExportsPanel channel="mms" notify={notify} filters={filters} />,
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
