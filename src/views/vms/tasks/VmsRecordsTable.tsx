import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsRecordsQuery } from '../../../gateway/client/queries/vms';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import type { BadgeTone } from '../../ui/Badge';
import type { TranslationKey } from '../../../i18n/keys';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';

type Filters = Omit<ActionInput<'GetUVMSSendRecord'>, 'Page' | 'NumPerPage'>;
type CallRecord = NonNullable<ReturnType<typeof useCallRecords>['data']>['Records'][number];

const useCallRecords = (filters: Filters, page: { Page: number; NumPerPage: number }) =>
  useQuery(vmsRecordsQuery({ ...filters, ...page }, (data) => data.Records.some((r) => r.Result === 'Pending')));

/** A call's outcome (docs/decisions.md "Voice tasks"): answered, no answer, busy, failed, or still calling. */
function callOutcome(record: CallRecord): { label: TranslationKey; tone: BadgeTone } {
  if (record.Result === 'Success') return { label: 'vms:records.outcomes.answered', tone: 'success' };
  if (record.Result === 'Pending') return { label: 'vms:records.outcomes.calling', tone: 'progress' };
  if (record.ErrorCode === 'VC001') return { label: 'vms:records.outcomes.noAnswer', tone: 'warning' };
  if (record.ErrorCode === 'VC002') return { label: 'vms:records.outcomes.busy', tone: 'warning' };
  return { label: 'vms:records.outcomes.failed', tone: 'danger' };
}

/** Call records (one per called number) for the filters; refreshes while a call has no outcome. */
export function VmsRecordsTable({ filters }: { filters: Filters }) {
  const { t } = useTranslation(['vms', 'sms']);
  const channel: RecordsChannel<CallRecord> = {
    caption: t('vms:records.caption'),
    useRecords: (page) => useCallRecords(filters, page),
    address: { key: 'phone', header: t('sms:records.columns.phone'), cell: (record) => record.Phone },
    resultView: callOutcome,
    extraColumns: [
      {
        key: 'duration',
        header: t('vms:records.duration'),
        cell: (record) =>
          record.CallSeconds === undefined ? '—' : t('vms:records.seconds', { seconds: record.CallSeconds }),
      },
    ],
  };
  return <ChannelRecordsTable channel={channel} />;
}
