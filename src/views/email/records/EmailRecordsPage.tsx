import { useTranslation } from 'react-i18next';
import { EMAIL_MESSAGE_RESULTS } from '../../../gateway/contract/statuses';
import { ChannelRecordsPage } from '../../common/records/ChannelRecordsPage';
import { useChannelRecordFilters } from '../../common/records/useRecordFilters';
import { useNotify } from '../../shell/actors';
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
  return (
    <ChannelRecordsPage
      notify={notify}
      filters={emailFilters}
      bar={bar}
      channel={{
        exports: 'email',
        title: t('emailSend:titles.records'),
        description: t('emailSend:records.subtitle'),
        testId: 'email-records',
        table: (shown) => <EmailRecordsTable filters={shown} withTask />,
      }}
    />
  );
}
