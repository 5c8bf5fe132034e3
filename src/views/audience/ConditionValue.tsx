import { useTranslation } from 'react-i18next';
import type { ContactAttribute, ContactList } from '../../gateway/contract/audience/contact-fields';
import { TIME_UNITS, type SegmentCondition } from '../../gateway/contract/audience/segments';
import { ATTRIBUTE_TYPE } from '../../gateway/contract/audience/rules';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

const numberOrUndefined = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);

/** The value inputs an operator needs: a text, a number or two, category values, N units, two dates, a list. */
export function ConditionValue({
  condition: c,
  attribute,
  lists,
  onChange,
}: {
  condition: SegmentCondition;
  attribute?: ContactAttribute;
  lists: ContactList[];
  onChange: (condition: SegmentCondition) => void;
}) {
  const { t } = useTranslation('audience');
  const set = (patch: Partial<SegmentCondition>) => onChange({ ...c, ...patch });
  const isNumber = attribute?.Type === ATTRIBUTE_TYPE.Number;
  const amount = (field: 'Amount' | 'Amount2', label: string) => (
    <TextField
      type="number"
      min={1}
      label={label}
      value={c[field] === undefined ? '' : String(c[field])}
      onValueChange={(text) => set({ [field]: numberOrUndefined(text) })}
    />
  );
  const unit = (
    <Select
      label={t('segments.unit')}
      value={c.Unit ?? 'day'}
      options={TIME_UNITS.map((u) => ({ value: u, label: t(`segments.units.${u}`) }))}
      onChange={(Unit) => set({ Unit })}
    />
  );
  switch (c.Operator) {
    case 'equals':
    case 'notEquals':
    case 'greaterThan':
    case 'lessThan':
      return isNumber ? (
        <TextField
          type="number"
          label={t('segments.value')}
          value={c.Number === undefined ? '' : String(c.Number)}
          onValueChange={(text) => set({ Number: numberOrUndefined(text) })}
        />
      ) : (
        <TextField label={t('segments.value')} value={c.Value ?? ''} onValueChange={(Value) => set({ Value })} />
      );
    case 'contains':
    case 'notContains':
    case 'startsWith':
    case 'hasTag':
    case 'hasNotTag':
      return (
        <TextField
          label={t('segments.value')}
          value={c.Value ?? ''}
          onValueChange={(Value) => set({ Value })}
          data-testid="condition-value"
        />
      );
    case 'isBetween':
      return (
        <div className="grid grid-cols-2 gap-2">
          <TextField
            type="number"
            label={t('segments.from')}
            value={c.Number === undefined ? '' : String(c.Number)}
            onValueChange={(text) => set({ Number: numberOrUndefined(text) })}
          />
          <TextField
            type="number"
            label={t('segments.to')}
            value={c.Number2 === undefined ? '' : String(c.Number2)}
            onValueChange={(text) => set({ Number2: numberOrUndefined(text) })}
          />
        </div>
      );
    case 'isAnyOf':
    case 'isNoneOf':
      return (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">{t('segments.value')}</legend>
          {(attribute?.Values ?? []).map((value) => (
            <label key={value} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={c.Values?.includes(value) ?? false}
                onChange={(event) =>
                  set({
                    Values: event.target.checked
                      ? [...(c.Values ?? []), value]
                      : (c.Values ?? []).filter((v) => v !== value),
                  })
                }
              />
              {value}
            </label>
          ))}
        </fieldset>
      );
    case 'inTheLast':
    case 'moreThan':
    case 'receivedInTheLast':
    case 'notReceivedInTheLast':
    case 'failedInTheLast':
      return (
        <div className="grid grid-cols-2 gap-2">
          {amount('Amount', t('segments.amount'))}
          {unit}
        </div>
      );
    case 'betweenPastDates':
      return (
        <div className="grid grid-cols-3 gap-2">
          {amount('Amount', t('segments.fromAgo'))}
          {amount('Amount2', t('segments.toAgo'))}
          {unit}
        </div>
      );
    case 'fixedPeriod':
      return (
        <div className="grid grid-cols-2 gap-2">
          <TextField
            type="date"
            label={t('segments.from')}
            value={c.From ?? ''}
            onValueChange={(From) => set({ From })}
          />
          <TextField type="date" label={t('segments.to')} value={c.To ?? ''} onValueChange={(To) => set({ To })} />
        </div>
      );
    case 'memberOf':
    case 'notMemberOf':
      return (
        <Select
          label={t('fields.list')}
          value={c.ListId ?? null}
          options={lists.map((list) => ({ value: list.ListId, label: list.Name }))}
          onChange={(ListId) => set({ ListId })}
        />
      );
    default:
      return <span />;
  }
}
