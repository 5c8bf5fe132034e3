import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MESSAGE_RESULTS } from '../../../gateway/contract/statuses';
import { ExportsPanel } from '../../common/records/ExportsPanel';
import { useChannelRecordFilters } from '../../common/records/useRecordFilters';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Tabs } from '../../ui/Tabs';
import { EmailRecordsTable } from '../tasks/EmailRecordsTable';

/** /email/search: e-mail send records across tasks by date, address, task and result, and their exports. */
export default function EmailRecordsPage() {
  const { t } = useTranslation(['emailSend', 'sms']);
  const notify = useNotify();
  const { filters, address, bar } = useChannelRecordFilters({
    results: EMAIL_MESSAGE_RESULTS,
    resultLabel: (result) => t(`emailSend:result.${result}`),
    address: {
      label: t('emailSend:records.addressFilter'),
      // any part of an address: the server matches it inside the stored (lower-case) address
      accept: (typed) => typed.trim().toLowerCase().slice(0, 320) || null,
    },
  });
  const emailFilters = { ...filters, ...(address ? { Email: address } : {}) };
  const [tab, setTab] = useState('records');

  return (
    <PageFrame
      title={t('emailSend:titles.records')}
      description={t('emailSend:records.subtitle')}
      testId="email-records"
    >
      <Card>
        {bar}
        <Tabs
          selectedKey={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'records',
              label: t('sms:records.tabs.records'),
              content: <EmailRecordsTable key={JSON.stringify(emailFilters)} filters={emailFilters} withTask />,
            },
            {
              key: 'exports',
              label: t('sms:records.tabs.exports'),
              content: <ExportsPanel channel="email" notify={notify} filters={emailFilters} />,
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
