import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { SMS_MESSAGE_RESULTS, type SmsMessageResult } from '../../../gateway/contract/sms-constants';
import { useLabel } from '../../../i18n/useLabel';
import { messageResultView } from '../../common/channel-status';
import { Card } from '../../ui/Card';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange } from '../../ui/date-ranges';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { MmsRecordsTable } from './MmsRecordsTable';

/** /mms/search: MMS send records by date, phone, task and result. */
export default function MmsRecordsPage() {
  const { t } = useTranslation(['mms', 'sms']);
  const label = useLabel();
  const taskFromUrl = new URLSearchParams(useSearch()).get('taskId') ?? '';
  const [range, setRange] = useState<DateRange>(() => quickRange(taskFromUrl ? 'last30d' : 'last7d'));
  const [phone, setPhone] = useState('');
  const [taskId, setTaskId] = useState(taskFromUrl);
  const [result, setResult] = useState<SmsMessageResult | 'all'>('all');
  const cleanPhone = phone.replace(/[\s-]/g, '');
  // Only well-formed filters are sent; a half-typed one is left out rather than refused.
  const filters = {
    BeginTime: range.start,
    EndTime: range.end,
    ...(/^\+?\d{1,20}$/.test(cleanPhone) ? { Phone: cleanPhone } : {}),
    ...(/^TK[0-9A-Za-z]{6,40}$/.test(taskId.trim()) ? { TaskId: taskId.trim() } : {}),
    ...(result !== 'all' ? { Result: [result] } : {}),
  };

  return (
    <PageFrame title={t('mms:titles.records')} description={t('mms:records.subtitle')} testId="mms-records">
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <DateRangePicker label={t('sms:records.range')} value={range} onChange={setRange} />
          <TextField label={t('sms:records.phone')} value={phone} onValueChange={setPhone} className="w-full sm:w-44" />
          <TextField
            label={t('sms:records.taskId')}
            value={taskId}
            onValueChange={setTaskId}
            className="w-full sm:w-52"
          />
          <Select
            label={t('sms:records.result')}
            className="w-full sm:w-40"
            value={result}
            onChange={setResult}
            options={[
              { value: 'all' as const, label: t('sms:records.allResults') },
              ...SMS_MESSAGE_RESULTS.map((value) => ({ value, label: label(messageResultView(value).label) })),
            ]}
          />
        </div>
        <MmsRecordsTable key={JSON.stringify(filters)} filters={filters} />
      </Card>
    </PageFrame>
  );
}
