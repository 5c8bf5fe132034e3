import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smsTagsQuery } from '../../../gateway/client/queries/sms';
import type { ExtraTaskFilters } from '../../common/tasks/task-channel';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { quickRange, type DateRange } from '../../ui/date-ranges';
import { Select } from '../../ui/Select';

/** The SMS task list's own filters: a tag and the creation time (the last 30 days at first). */
export function useSmsTaskFilters(resetPage: () => void): ExtraTaskFilters {
  const { t } = useTranslation('sms');
  const [tag, setTag] = useState('');
  const tags = useQuery(smsTagsQuery());
  const [range, setRange] = useState<DateRange>(() => quickRange('last30d'));
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      resetPage();
    };
  return {
    input: { ...(tag ? { Tag: tag } : {}), BeginTime: range.start, EndTime: range.end },
    fields: (
      <>
        <Select
          label={t('tasks.tag')}
          className="w-40"
          value={tag}
          onChange={reset(setTag)}
          options={[
            { value: '', label: t('tasks.allTags') },
            ...(tags.data?.Tags ?? []).map((name) => ({ value: name, label: name })),
          ]}
        />
        <DateRangePicker label={t('tasks.created')} value={range} onChange={reset(setRange)} />
      </>
    ),
  };
}
