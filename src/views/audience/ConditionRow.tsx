import { useTranslation } from 'react-i18next';
import type { ContactAttribute, ContactList } from '../../gateway/contract/audience/contact-fields';
import {
  OPERATORS_BY_KIND,
  SEGMENT_SOURCE,
  SYSTEM_FIELD_NAMES,
  TIME_UNITS,
  UNAVAILABLE_SOURCES,
  conditionKind,
  type SegmentCondition,
  type SegmentOperator,
  type SegmentSource,
} from '../../gateway/contract/audience/segments';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { ConditionValue } from './ConditionValue';

const SOURCE_NAMES = Object.keys(SEGMENT_SOURCE) as (keyof typeof SEGMENT_SOURCE)[];

/** The condition a source starts with: its first field and operator. */
export function firstCondition(source: SegmentSource, attributes: ContactAttribute[]): SegmentCondition {
  if (source === SEGMENT_SOURCE.System) return { Source: source, Field: 'email', Operator: 'hasAnyValue' };
  if (source === SEGMENT_SOURCE.Custom) {
    const attribute = attributes[0];
    return { Source: source, AttributeId: attribute?.AttributeId, Operator: 'hasAnyValue' };
  }
  if (source === SEGMENT_SOURCE.List) return { Source: source, Operator: 'memberOfNoList' };
  return { Source: source, Operator: 'receivedInTheLast', Amount: 7, Unit: 'day' };
}

/** One condition of the builder: data source, field, operator and the operator's own value inputs. */
export function ConditionRow({
  condition,
  onChange,
  onRemove,
  attributes,
  lists,
  index,
}: {
  condition: SegmentCondition;
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
  attributes: ContactAttribute[];
  lists: ContactList[];
  index: number;
}) {
  const { t } = useTranslation('audience');
  const attribute = attributes.find((a) => a.AttributeId === condition.AttributeId);
  const kind = conditionKind(condition, attribute?.Type);
  const operators = kind ? (OPERATORS_BY_KIND[kind] as readonly SegmentOperator[]) : [];
  const keep = (next: Partial<SegmentCondition>) =>
    onChange({ Source: condition.Source, Operator: condition.Operator, ...next } as SegmentCondition);
  return (
    <div
      className="grid items-end gap-2 rounded border border-slate-200 p-3 md:grid-cols-[10rem_12rem_12rem_1fr_auto]"
      data-testid="segment-condition"
    >
      <Select
        label={t('segments.source', { index: index + 1 })}
        value={condition.Source}
        options={SOURCE_NAMES.map((name) => ({
          value: SEGMENT_SOURCE[name],
          label: t(`segments.sources.${name}`),
          disabled:
            UNAVAILABLE_SOURCES.includes(SEGMENT_SOURCE[name]) || (name === 'Custom' && attributes.length === 0),
          hint: UNAVAILABLE_SOURCES.includes(SEGMENT_SOURCE[name]) ? t('segments.notYetAvailable') : undefined,
        }))}
        onChange={(source) => onChange(firstCondition(source, attributes))}
      />
      {condition.Source === SEGMENT_SOURCE.System && (
        <Select
          label={t('segments.field')}
          value={condition.Field ?? 'email'}
          options={SYSTEM_FIELD_NAMES.map((field) => ({ value: field, label: t(`fields.${field}`) }))}
          onChange={(Field) => onChange({ Source: condition.Source, Field, Operator: 'hasAnyValue' })}
        />
      )}
      {condition.Source === SEGMENT_SOURCE.Custom && (
        <Select
          label={t('segments.attribute')}
          value={condition.AttributeId ?? null}
          options={attributes.map((a) => ({ value: a.AttributeId, label: a.Name }))}
          onChange={(AttributeId) => onChange({ Source: condition.Source, AttributeId, Operator: 'hasAnyValue' })}
        />
      )}
      {condition.Source === SEGMENT_SOURCE.List && (
        <TextField
          label={t('segments.field')}
          value={t('segments.sources.List')}
          readOnly
          onValueChange={() => undefined}
        />
      )}
      {(condition.Source === SEGMENT_SOURCE.USMS || condition.Source === SEGMENT_SOURCE.EMAIL) && (
        <TextField
          label={t('segments.field')}
          value={t(condition.Source === SEGMENT_SOURCE.USMS ? 'segments.smsRecords' : 'segments.emailRecords')}
          readOnly
          onValueChange={() => undefined}
        />
      )}
      <Select
        label={t('segments.operator')}
        value={condition.Operator}
        options={operators.map((operator) => ({ value: operator, label: t(`segments.operators.${operator}`) }))}
        onChange={(Operator) =>
          keep({
            Field: condition.Field,
            AttributeId: condition.AttributeId,
            Operator,
            ...(Operator.endsWith('InTheLast') || ['inTheLast', 'moreThan'].includes(Operator)
              ? { Amount: 7, Unit: TIME_UNITS[0] }
              : {}),
          })
        }
      />
      <ConditionValue condition={condition} attribute={attribute} lists={lists} onChange={onChange} />
      <Button variant="ghost" onClick={onRemove} aria-label={t('segments.removeCondition', { index: index + 1 })}>
        ✕
      </Button>
    </div>
  );
}
