import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteSegmentMutation } from '../../gateway/client/mutations/audience';
import { savedSegmentCountQuery, segmentsQuery } from '../../gateway/client/queries/audience';
import type { Segment } from '../../gateway/contract/actions/audience-segments';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/Dialog';
import { formatCount, formatDay } from '../common/format';
import { AudiencePage } from './AudiencePage';

function SegmentCount({ segmentId }: { segmentId: number }) {
  const { t, i18n } = useTranslation('audience');
  const count = useQuery(savedSegmentCountQuery(segmentId));
  if (count.isError) return <span className="text-slate-500">{t('segments.countUnavailable')}</span>;
  return <span data-testid="segment-row-count">{count.data ? formatCount(count.data.Count, i18n.language) : '…'}</span>;
}

/** /audience/segment: saved segments, each counted now (segments are rules, evaluated when asked). */
export default function SegmentsPage() {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const segments = useQuery(segmentsQuery());
  const deleting = useMutation(deleteSegmentMutation(client));
  const [doomed, setDoomed] = useState<Segment | null>(null);
  return (
    <AudiencePage
      title={t('titles.segments')}
      description={t('segments.description')}
      testId="segments-page"
      actions={
        <Link
          href="/audience/segment/create"
          className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('segments.new')}
        </Link>
      }
    >
      <Card>
        <DataTable
          caption={t('titles.segments')}
          rows={segments.data?.Segments}
          rowKey={(s) => String(s.SegmentId)}
          isLoading={segments.isPending}
          error={segments.isError ? t('loadFailed') : null}
          onRetry={() => void segments.refetch()}
          empty={{ title: t('segments.emptyTitle'), description: t('segments.emptyBody') }}
          columns={[
            {
              key: 'name',
              header: t('segments.name'),
              cell: (s) => (
                <Link href={`/audience/segment/create?id=${s.SegmentId}`} className="text-brand-700 hover:underline">
                  {s.Name}
                </Link>
              ),
            },
            {
              key: 'count',
              header: t('segments.count'),
              align: 'right',
              cell: (s) => <SegmentCount segmentId={s.SegmentId} />,
            },
            { key: 'updated', header: t('lists.updated'), cell: (s) => formatDay(s.UpdateTime) },
          ]}
          rowActions={(s) => (
            <RowAction danger onClick={() => setDoomed(s)}>
              {t('delete')}
            </RowAction>
          )}
        />
      </Card>
      <ConfirmDialog
        open={doomed !== null}
        title={t('segments.deleteTitle', { name: doomed?.Name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={deleting.isPending}
        onClose={() => setDoomed(null)}
        onConfirm={() => deleting.mutate(doomed!.SegmentId, { onSuccess: () => setDoomed(null) })}
      />
    </AudiencePage>
  );
}
