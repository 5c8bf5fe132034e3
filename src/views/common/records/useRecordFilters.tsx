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

/** The filters a records page sends (its records read and its exports). */
export interface RecordFilterValues {
  BeginTime: number;
  EndTime: number;
  Phone?: string;
  TaskId?: string;
  Result?: SmsMessageResult[];
}

/**
 * The filter bar of a channel's records page (/mms/search, /vms/search): date range, phone, task and
 * result; ?taskId= in the address picks a task. `resultLabel` names a result in the channel's words.
 */
export function useRecordFilters(resultLabel?: (result: SmsMessageResult) => string) {
  const { t } = useTranslation('sms');
  const label = useLabel();
  const taskFromUrl = new URLSearchParams(useSearch()).get('taskId') ?? '';
  const [range, setRange] = useState<DateRange>(() => quickRange(taskFromUrl ? 'last30d' : 'last7d'));
  const [phone, setPhone] = useState('');
  const [taskId, setTaskId] = useState(taskFromUrl);
  const [result, setResult] = useState<SmsMessageResult | 'all'>('all');
  const cleanPhone = phone.replace(/[\s-]/g, '');
  // Only well-formed filters are sent; a half-typed one is left out rather than refused.
  const filters: RecordFilterValues = {
    BeginTime: range.start,
    EndTime: range.end,
    ...(/^\+?\d{1,20}$/.test(cleanPhone) ? { Phone: cleanPhone } : {}),
    ...(/^TK[0-9A-Za-z]{6,40}$/.test(taskId.trim()) ? { TaskId: taskId.trim() } : {}),
    ...(result !== 'all' ? { Result: [result] } : {}),
  };
  const bar = (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <DateRangePicker label={t('records.range')} value={range} onChange={setRange} />
      <TextField label={t('records.phone')} value={phone} onValueChange={setPhone} className="w-full sm:w-44" />
      <TextField label={t('records.taskId')} value={taskId} onValueChange={setTaskId} className="w-full sm:w-52" />
      <Select
        label={t('records.result')}
        className="w-full sm:w-40"
        value={result}
        onChange={setResult}
        options={[
          { value: 'all' as const, label: t('records.allResults') },
          ...SMS_MESSAGE_RESULTS.map((value) => ({
            value,
            label: resultLabel?.(value) ?? label(messageResultView(value).label),
          })),
        ]}
      />
    </div>
  );
  return { filters, bar };
}
