import { useTranslation } from 'react-i18next';
import type { ContactAttribute, ContactList } from '../../gateway/contract/audience/contact-fields';
import { CONDITIONS_PER_GROUP_MAX, type SegmentGroup } from '../../gateway/contract/audience/segments';
import { Button } from '../ui/Button';
import { ConditionRow, firstCondition } from './ConditionRow';
import { MatchSwitch } from './MatchSwitch';

/** A group of conditions joined by AND or OR; groups are joined by the segment's own AND or OR. */
export function ConditionGroup({
  group,
  index,
  attributes,
  lists,
  onChange,
  onRemove,
}: {
  group: SegmentGroup;
  index: number;
  attributes: ContactAttribute[];
  lists: ContactList[];
  onChange: (group: SegmentGroup) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('audience');
  return (
    <section
      className="rounded-[var(--radius-herald)] border border-slate-200 bg-white p-4"
      aria-label={t('segments.group', { index: index + 1 })}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <MatchSwitch
          label={t('segments.groupMatch', { index: index + 1 })}
          value={group.Match}
          onChange={(Match) => onChange({ ...group, Match })}
        />
        {onRemove && (
          <Button variant="ghost" onClick={onRemove}>
            {t('segments.removeGroup')}
          </Button>
        )}
      </div>
      <div className="grid gap-2">
        {group.Conditions.map((condition, i) => (
          <ConditionRow
            key={i}
            index={i}
            condition={condition}
            attributes={attributes}
            lists={lists}
            onChange={(next) =>
              onChange({ ...group, Conditions: group.Conditions.map((c, j) => (j === i ? next : c)) })
            }
            onRemove={() =>
              group.Conditions.length > 1
                ? onChange({ ...group, Conditions: group.Conditions.filter((_, j) => j !== i) })
                : onRemove?.()
            }
          />
        ))}
      </div>
      <Button
        variant="ghost"
        className="mt-2"
        disabled={group.Conditions.length >= CONDITIONS_PER_GROUP_MAX}
        onClick={() => onChange({ ...group, Conditions: [...group.Conditions, firstCondition(1, attributes)] })}
      >
        {t('segments.addCondition')}
      </Button>
    </section>
  );
}
