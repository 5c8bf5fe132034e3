import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { customRange, quickRange, QUICK_RANGES, type DateRange, type QuickRangeKey } from './date-ranges';
import { DateInput } from './DateInput';
import { Segmented } from './Tabs';

export interface DateRangePickerProps {
  label: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
  presets?: readonly QuickRangeKey[];
  /** Earliest selectable day (YYYY-MM-DD), e.g. 3 months back (spec 001 §5 date pickers). */
  minDay?: string;
  /** Latest selectable day, by default today. */
  maxDay?: string;
  testId?: string;
}

/** Quick ranges as a radio row, then a custom from/to pair of days written YYYY-MM-DD (DateInput). */
export function DateRangePicker({
  label,
  value,
  onChange,
  presets = QUICK_RANGES,
  minDay,
  maxDay = dayjs().format('YYYY-MM-DD'),
  testId,
}: DateRangePickerProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const from = dayjs.unix(value.start).format('YYYY-MM-DD');
  const to = dayjs.unix(value.end).format('YYYY-MM-DD');
  const setDay = (which: 'from' | 'to', day: string) => {
    const next = which === 'from' ? customRange(day, to) : customRange(from, day);
    if (next) onChange(next);
  };
  return (
    <fieldset data-testid={testId} className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{label}</legend>
      <Segmented<QuickRangeKey | 'custom'>
        label={label}
        value={value.preset}
        onChange={(key) => key !== 'custom' && onChange(quickRange(key))}
        options={presets.map((key) => ({ value: key, label: t(`ui.dateRange.${key}`) }))}
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="flex items-center gap-2">
          <label htmlFor={`${id}-from`} className="text-slate-600">
            {t('ui.dateRange.from')}
          </label>
          <DateInput
            id={`${id}-from`}
            value={from}
            min={minDay}
            max={maxDay}
            onChange={(day) => setDay('from', day)}
            pickLabel={t('ui.dateRange.pickFrom')}
          />
        </span>
        <span className="flex items-center gap-2">
          <label htmlFor={`${id}-to`} className="text-slate-600">
            {t('ui.dateRange.to')}
          </label>
          <DateInput
            id={`${id}-to`}
            value={to}
            min={minDay}
            max={maxDay}
            onChange={(day) => setDay('to', day)}
            pickLabel={t('ui.dateRange.pickTo')}
          />
        </span>
      </div>
    </fieldset>
  );
}
