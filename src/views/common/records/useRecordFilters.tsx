import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { SMS_MESSAGE_RESULTS, type SmsMessageResult } from '../../../gateway/contract/sms-constants';
import { useLabel } from '../../../i18n/useLabel';
import { messageResultView } from '../channel-status';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange } from '../../ui/date-ranges';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/** The filters every records page sends (its records read and its exports), whatever the channel. */
export interface ChannelFilterValues<R extends string> {
  BeginTime: number;
  EndTime: number;
  TaskId?: string;
  Result?: R[];
}

/** The filters a phone channel's records page sends. */
export interface RecordFilterValues extends ChannelFilterValues<SmsMessageResult> {
  Phone?: string;
}

export interface ChannelFilterOptions<R extends string> {
  results: readonly R[];
  /** A result in the channel's words. */
  resultLabel: (result: R) => string;
  /** The recipient box: its label, and the value to send (null while it is not a well-formed filter). */
  address: { label: string; accept: (typed: string) => string | null };
}

/**
 * The filter bar of a channel's records page (/mms/search, /vms/search, /email/search): date range,
 * recipient, task and result; ?taskId= in the address picks a task. `address` is the recipient filter.
 */
export function useChannelRecordFilters<R extends string>({ results, resultLabel, address }: ChannelFilterOptions<R>) {
  const { t } = useTranslation('sms');
  const taskFromUrl = new URLSearchParams(useSearch()).get('taskId') ?? '';
  const [range, setRange] = useState<DateRange>(() => quickRange(taskFromUrl ? 'last30d' : 'last7d'));
  const [recipient, setRecipient] = useState('');
  const [taskId, setTaskId] = useState(taskFromUrl);
  const [result, setResult] = useState<R | 'all'>('all');
  // Only well-formed filters are sent; a half-typed one is left out rather than refused.
  const filters: ChannelFilterValues<R> = {
    BeginTime: range.start,
    EndTime: range.end,
    ...(/^TK[0-9A-Za-z]{6,40}$/.test(taskId.trim()) ? { TaskId: taskId.trim() } : {}),
    ...(result !== 'all' ? { Result: [result] } : {}),
  };
  const bar = (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <DateRangePicker label={t('records.range')} value={range} onChange={setRange} />
      <TextField label={address.label} value={recipient} onValueChange={setRecipient} className="w-full sm:w-52" />
      <TextField label={t('records.taskId')} value={taskId} onValueChange={setTaskId} className="w-full sm:w-52" />
      <Select
        label={t('records.result')}
        className="w-full sm:w-40"
        value={result}
        onChange={setResult}
        options={[
          { value: 'all' as const, label: t('records.allResults') },
          ...results.map((value) => ({ value, label: resultLabel(value) })),
        ]}
      />
    </div>
  );
  return { filters, address: address.accept(recipient) ?? undefined, bar };
}

/** The phone channels' filter bar (/mms/search, /vms/search). `resultLabel` names a result in the channel's words. */
export function useRecordFilters(resultLabel?: (result: SmsMessageResult) => string) {
  const { t } = useTranslation('sms');
  const label = useLabel();
  const { filters, address, bar } = useChannelRecordFilters({
    results: SMS_MESSAGE_RESULTS,
    resultLabel: (value) => resultLabel?.(value) ?? label(messageResultView(value).label),
    address: {
      label: t('records.phone'),
      accept: (typed) => {
        const phone = typed.replace(/[\s-]/g, '');
        return /^\+?\d{1,20}$/.test(phone) ? phone : null;
      },
    },
  });
  const phoneFilters: RecordFilterValues = { ...filters, ...(address ? { Phone: address } : {}) };
  return { filters: phoneFilters, bar };
}
