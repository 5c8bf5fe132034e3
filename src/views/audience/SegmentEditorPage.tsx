import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { saveSegmentMutation } from '../../gateway/client/mutations/audience';
import {
  attributesQuery,
  contactListsQuery,
  segmentCountQuery,
  segmentQuery,
} from '../../gateway/client/queries/audience';
import { emptySegmentRules, segmentRulesSchema, type SegmentRules } from '../../gateway/contract/audience/segments';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { formatCount } from '../common/format';
import { AudiencePage } from './AudiencePage';
import { ConditionGroup } from './ConditionGroup';
import { MatchSwitch } from './MatchSwitch';
import { firstCondition } from './ConditionRow';

/** /audience/segment/create (?id= edits a saved one): the condition builder with a live count. */
export default function SegmentEditorPage() {
  const { t, i18n } = useTranslation('audience');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const segmentId = Number(new URLSearchParams(useSearch()).get('id') ?? 0) || undefined;
  const saved = useQuery({ ...segmentQuery(segmentId ?? 0), enabled: segmentId !== undefined });
  const attributes = useQuery(attributesQuery()).data?.Attributes ?? [];
  const lists = useQuery(contactListsQuery()).data?.Lists ?? [];
  const [name, setName] = useState('');
  const [rules, setRules] = useState<SegmentRules>(emptySegmentRules);
  useEffect(() => {
    if (saved.data) {
      setName(saved.data.Segment.Name);
      setRules(saved.data.Segment.Rules);
    }
  }, [saved.data]);
  const complete = segmentRulesSchema.safeParse(rules).success;
  const counted = useDeferredValue(complete ? rules : null);
  const count = useQuery(segmentCountQuery(counted));
  const saving = useMutation(saveSegmentMutation(client));
  const setGroup = (index: number, group: SegmentRules['Groups'][number] | null) =>
    setRules((current) => ({
      ...current,
      Groups:
        group === null
          ? current.Groups.filter((_, i) => i !== index)
          : current.Groups.map((g, i) => (i === index ? group : g)),
    }));
  return (
    <AudiencePage title={segmentId ? t('titles.editSegment') : t('titles.newSegment')} testId="segment-editor">
      <Card className="mb-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <TextField
            label={t('segments.name')}
            value={name}
            onValueChange={setName}
            data-testid="segment-name"
            className="min-w-64"
          />
          <div className="text-right" aria-live="polite">
            <p className="text-xs uppercase tracking-wide text-slate-500">{t('segments.liveCount')}</p>
            <p className="text-2xl font-semibold text-slate-900" data-testid="segment-count">
              {count.data && complete ? formatCount(count.data.Count, i18n.language) : '—'}
            </p>
            {count.data && complete && (
              <p className="text-xs text-slate-500">
                {t('segments.ofTotal', { total: formatCount(count.data.Total, i18n.language) })}
              </p>
            )}
            {!complete && <p className="text-xs text-slate-500">{t('segments.incomplete')}</p>}
            {count.error && (
              <p role="alert" className="text-xs text-red-700">
                {gatewayMessage(count.error) ?? t('loadFailed')}
              </p>
            )}
          </div>
        </div>
      </Card>
      <MatchSwitch
        label={t('segments.groupsMatch')}
        value={rules.Match}
        onChange={(Match) => setRules((r) => ({ ...r, Match }))}
      />
      <div className="my-3 grid gap-3">
        {rules.Groups.map((group, index) => (
          <ConditionGroup
            key={index}
            index={index}
            group={group}
            attributes={attributes}
            lists={lists}
            onChange={(next) => setGroup(index, next)}
            onRemove={rules.Groups.length > 1 ? () => setGroup(index, null) : undefined}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRules((r) => ({
              ...r,
              Groups: [...r.Groups, { Match: 'all', Conditions: [firstCondition(1, attributes)] }],
            }))
          }
        >
          {t('segments.addGroup')}
        </Button>
        <Button
          loading={saving.isPending}
          disabled={!complete || !name.trim()}
          data-testid="segment-save"
          onClick={() =>
            saving.mutate(
              { SegmentId: segmentId, Name: name, Rules: rules },
              { onSuccess: () => navigate('/audience/segment') },
            )
          }
        >
          {t('save')}
        </Button>
      </div>
      {saving.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {gatewayMessage(saving.error) ?? t('saveFailed')}
        </p>
      )}
    </AudiencePage>
  );
}
