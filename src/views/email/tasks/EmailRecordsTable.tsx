import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailRecordsQuery } from '../../../gateway/client/queries/email-send';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';
import { emailResultView } from './status';

type Filters = Omit<ActionInput<'GetEmailSendRecord'>, 'Page' | 'NumPerPage'>;
type EmailRecord = NonNullable<ReturnType<typeof useEmailRecords>['data']>['Records'][number];

const useEmailRecords = (filters: Filters, page: { Page: number; NumPerPage: number }) =>
  useQuery(emailRecordsQuery({ ...filters, ...page }, (data) => data.Records.some((r) => r.Result === 'pending')));

/** E-mail send records (one per recipient) for the filters; refreshes while any is queued. */
export function EmailRecordsTable({ filters }: { filters: Filters }) {
  const { t } = useTranslation(['emailSend', 'sms']);
  const channel: RecordsChannel<EmailRecord> = {
    caption: t('emailSend:task.recipients'),
    useRecords: (page) => useEmailRecords(filters, page),
    address: { key: 'email', header: t('emailSend:records.email'), cell: (record) => record.Email },
    resultView: (record) => emailResultView(record.Result),
  };
  return <ChannelRecordsTable channel={channel} />;
}
