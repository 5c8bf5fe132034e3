import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsRecordsQuery } from '../../../gateway/client/queries/vms';
import { voiceCallOutcome, type VoiceCallOutcome } from '../../../gateway/contract/vms-task';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import type { BadgeTone } from '../../ui/Badge';
import type { TranslationKey } from '../../../i18n/keys';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';

type Filters = Omit<ActionInput<'GetUVMSSendRecord'>, 'Page' | 'NumPerPage'>;
type CallRecord = NonNullable<ReturnType<typeof useCallRecords>['data']>['Records'][number];

const useCallRecords = (filters: Filters, page: { Page: number; NumPerPage: number }) =>
  useQuery(vmsRecordsQuery({ ...filters, ...page }, (data) => data.Records.some((r) => r.Result === 'Pending')));

const OUTCOME_TONE: Record<VoiceCallOutcome, BadgeTone> = {
  answered: 'success',
  calling: 'progress',
  noAnswer: 'warning',
  busy: 'warning',
  failed: 'danger',
};

function callOutcome(record: CallRecord): { label: TranslationKey; tone: BadgeTone } {
  const outcome = voiceCallOutcome(record.Result, record.ErrorCode);
  return { label: `vms:records.outcomes.${outcome}`, tone: OUTCOME_TONE[outcome] };
}

/** Call records (one per called number) for the filters; refreshes while a call has no outcome. */
export function VmsRecordsTable({ filters, showTask = false }: { filters: Filters; showTask?: boolean }) {
  const { t } = useTranslation(['vms', 'sms']);
  const channel: RecordsChannel<CallRecord> = {
    caption: t('vms:records.caption'),
    useRecords: (page) => useCallRecords(filters, page),
    address: { key: 'phone', header: t('sms:records.columns.phone'), cell: (record) => record.Phone },
    resultView: callOutcome,
    extraColumns: [
      ...(showTask
        ? [{ key: 'task', header: t('sms:records.columns.task'), cell: (r: CallRecord) => r.TaskName }]
        : []),
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
