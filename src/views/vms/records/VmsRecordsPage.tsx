import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shell/actors';
import { ExportsPanel } from '../../common/records/ExportsPanel';
import { useRecordFilters } from '../../common/records/useRecordFilters';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Tabs } from '../../ui/Tabs';
import { VmsRecordsTable } from '../tasks/VmsRecordsTable';

/** /vms/search: call records by date, phone, task and result, with outcome and seconds, and their exports. */
export default function VmsRecordsPage() {
  const { t } = useTranslation(['vms', 'sms']);
  const notify = useNotify();
  const { filters, bar } = useRecordFilters((result) => t(`vms:records.results.${result}`));
  const [tab, setTab] = useState('records');

  return (
    <PageFrame title={t('vms:titles.records')} description={t('vms:records.subtitle')} testId="vms-records">
      <Card>
        {bar}
        <Tabs
          selectedKey={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'records',
              label: t('sms:records.tabs.records'),
              content: <VmsRecordsTable key={JSON.stringify(filters)} filters={filters} showTask />,
            },
            {
              key: 'exports',
              label: t('sms:records.tabs.exports'),
              content: <ExportsPanel channel="vms" notify={notify} filters={filters} />,
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
