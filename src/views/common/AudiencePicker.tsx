import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { contactListsQuery, savedSegmentCountQuery, segmentsQuery } from '../../gateway/client/queries/audience';
import { Select } from '../ui/Select';

// A list or a segment as a send's recipients (issue 12 item 6), for every channel's send wizard: the
// choice with its member count (a list's own count; a segment's live count, evaluated on the server).

export interface PickedAudience {
  id: number;
  name: string;
  /** Members now; null until a segment's count arrives. */
  count: number | null;
}

export function AudiencePicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: 'list' | 'segment';
  value: PickedAudience | null;
  onChange: (picked: PickedAudience) => void;
  error?: string;
}) {
  const { t } = useTranslation('common');
  const lists = useQuery({ ...contactListsQuery(), enabled: kind === 'list' });
  const segments = useQuery({ ...segmentsQuery(), enabled: kind === 'segment' });
  const segmentCount = useQuery({
    ...savedSegmentCountQuery(value?.id ?? 0),
    enabled: kind === 'segment' && value !== null,
  });
  const counted = kind === 'segment' ? segmentCount.data?.Count : undefined;
  // The segment's count arrives after the choice: the wizard keeps it for the estimate.
  useEffect(() => {
    if (value && counted !== undefined && value.count !== counted) onChange({ ...value, count: counted });
  }, [value, counted, onChange]);

  const options =
    kind === 'list'
      ? (lists.data?.Lists ?? []).map((list) => ({
          value: list.ListId,
          label: list.Name,
          hint: t('audiencePicker.members', { count: list.ContactCount }),
        }))
      : (segments.data?.Segments ?? []).map((segment) => ({ value: segment.SegmentId, label: segment.Name }));
  const pending = kind === 'list' ? lists.isPending : segments.isPending;
  const empty = !pending && options.length === 0;
  return (
    <div className="flex flex-col gap-1" data-testid="audience-picker">
      <Select
        label={kind === 'list' ? t('audiencePicker.list') : t('audiencePicker.segment')}
        value={value?.id ?? null}
        placeholder={pending ? t('audiencePicker.loading') : t('audiencePicker.choose')}
        options={options}
        error={error}
        onChange={(id) => {
          const option = options.find((item) => item.value === id);
          const list = lists.data?.Lists.find((item) => item.ListId === id);
          onChange({ id, name: option?.label ?? '', count: kind === 'list' ? (list?.ContactCount ?? 0) : null });
        }}
      />
      {empty && <p className="text-xs text-slate-500">{t(`audiencePicker.none.${kind}`)}</p>}
      {value && (
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="audience-count">
          {value.count === null ? t('audiencePicker.counting') : t('audiencePicker.members', { count: value.count })}{' '}
          <span className="text-slate-500">{t('audiencePicker.skipped')}</span>
        </p>
      )}
    </div>
  );
}
