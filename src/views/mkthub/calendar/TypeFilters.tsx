import { useTranslation } from 'react-i18next';
import { CALENDAR_BUILT_TYPES, calendarTypeName, type CalendarItemType } from '../../../gateway/contract/calendar';
import { TYPE_COLOURS } from './calendar-view';

/** One checkbox per item type, each with its colour: the filters are the legend. */
export function TypeFilters({
  selected,
  onChange,
}: {
  selected: CalendarItemType[];
  onChange: (types: CalendarItemType[]) => void;
}) {
  const { t } = useTranslation('mkthub');
  const toggle = (type: CalendarItemType) =>
    onChange(
      selected.includes(type)
        ? selected.filter((one) => one !== type)
        : CALENDAR_BUILT_TYPES.filter((one) => one === type || selected.includes(one)),
    );
  return (
    <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
      <legend className="sr-only">{t('calendar.filters')}</legend>
      {CALENDAR_BUILT_TYPES.map((type) => {
        const name = calendarTypeName(type);
        return (
          <label key={type} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={selected.includes(type)}
              onChange={() => toggle(type)}
            />
            <span aria-hidden className="h-3 w-3 rounded-sm" style={{ backgroundColor: TYPE_COLOURS[name] }} />
            {t(`calendar.types.${name}`)}
          </label>
        );
      })}
    </fieldset>
  );
}
