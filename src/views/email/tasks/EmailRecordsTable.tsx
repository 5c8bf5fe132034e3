import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { emailRecordsQuery } from '../../../gateway/client/queries/email-send';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import { formatCount } from '../../common/format';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';
import { SessionActor } from '../../shell/actors';
import { emailResultView } from './status';

type Filters = Omit<ActionInput<'GetEmailSendRecord'>, 'Page' | 'NumPerPage'>;
type EmailRecord = NonNullable<ReturnType<typeof useEmailRecords>['data']>['Records'][number];

const useEmailRecords = (filters: Filters, page: { Page: number; NumPerPage: number }) =>
  useQuery(emailRecordsQuery({ ...filters, ...page }, (data) => data.Records.some((r) => r.Result === 'pending')));

/**
 * E-mail send records (one per recipient) for the filters, with opens and clicks from tracking; refreshes
 * while any is queued. `withTask` adds the task and subject (records across tasks, /email/search).
 */
export function EmailRecordsTable({ filters, withTask = false }: { filters: Filters; withTask?: boolean }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const lang = i18n.language;
  const accountId = SessionActor.useSelector((s) => s.context.userInfo?.AdminUserId ?? 0);
  const channel: RecordsChannel<EmailRecord> = {
    caption: t('emailSend:task.recipients'),
    useRecords: (page) => useEmailRecords(filters, page),
    address: { key: 'email', header: t('emailSend:records.email'), cell: (record) => record.Email },
    resultView: (record) => emailResultView(record.Result),
    extraColumns: [
      ...(withTask
        ? [
            {
              key: 'task',
              header: t('sms:records.columns.task'),
              cell: (record: EmailRecord) => (
                <Link
                  href={`/email/task/${record.TaskId}/${accountId}/${record.SessionNo}`}
                  className="text-brand-700 hover:underline"
                >
                  {record.TaskName}
                </Link>
              ),
            },
            {
              key: 'subject',
              header: t('emailSend:records.subject'),
              cell: (record: EmailRecord) => record.Subject,
            },
          ]
        : []),
      {
        key: 'opens',
        header: t('emailSend:trace.opens'),
        align: 'right',
        cell: (record) => <span data-testid="record-opens">{formatCount(record.Opens, lang)}</span>,
      },
      {
        key: 'clicks',
        header: t('emailSend:trace.clicks'),
        align: 'right',
        cell: (record) => <span data-testid="record-clicks">{formatCount(record.Clicks, lang)}</span>,
      },
    ],
  };
  return <ChannelRecordsTable channel={channel} />;
}
