import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsRecordsQuery } from '../../../gateway/client/queries/mms';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import { messageResultView } from '../../common/channel-status';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';
import { mmsContentLine } from '../content';

type Filters = Omit<ActionInput<'GetUMMSSendRecord'>, 'Page' | 'NumPerPage'>;
type MmsRecord = NonNullable<ReturnType<typeof useMmsRecords>['data']>['Records'][number];

const useMmsRecords = (filters: Filters, page: { Page: number; NumPerPage: number }) =>
  useQuery(mmsRecordsQuery({ ...filters, ...page }, (data) => data.Records.some((r) => r.Result === 'Pending')));

/** MMS send records (one per recipient) for the filters; refreshes while any is pending. */
export function MmsRecordsTable({ filters, showTask = true }: { filters: Filters; showTask?: boolean }) {
  const { t } = useTranslation(['mms', 'sms']);
  const channel: RecordsChannel<MmsRecord> = {
    caption: t('mms:titles.records'),
    useRecords: (page) => useMmsRecords(filters, page),
    address: { key: 'phone', header: t('sms:records.columns.phone'), cell: (record) => record.Phone },
    resultView: (record) => messageResultView(record.Result),
    extraColumns: [
      ...(showTask ? [{ key: 'task', header: t('sms:records.columns.task'), cell: (r: MmsRecord) => r.TaskName }] : []),
      {
        key: 'content',
        header: t('mms:records.content'),
        className: 'max-w-xs',
        cell: (record) => <span className="line-clamp-2 text-slate-600">{mmsContentLine(record.Content)}</span>,
      },
    ],
  };
  return <ChannelRecordsTable channel={channel} />;
}
