import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { workflowInsightQuery } from '../../../gateway/client/queries/workflows';
import type { NodeInsight } from '../../../gateway/contract/actions/workflows';
import type { WorkflowNode } from '../../../gateway/contract/workflow/document';
import { formatTime } from '../../common/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Spinner } from '../../ui/Spinner';
import { CanvasBoard } from './CanvasBoard';
import { ordinalOf } from './canvas-view';
import { moveName, useJourneyMoves } from './useJourneyMoves';

const NO_ISSUES = new Map();
const ignore = () => {};

/** /mkthub/workflowdetail/{SeqId}: the running journey's figures, per step on the read-only canvas and in a table. */
export default function WorkflowDetailPage() {
  const { t } = useTranslation('mkthub');
  const { seqId = '' } = useParams<{ seqId: string }>();
  const insight = useQuery(workflowInsightQuery(seqId));
  const journey = useJourneyMoves();
  const data = insight.data;
  const document = data?.Document;
  const countsOf = useMemo(() => new Map((data?.Nodes ?? []).map((node) => [node.NodeId, node])), [data]);
  const titleOf = useCallback(
    (node: WorkflowNode) => (document ? `${t(`kinds.${node.kind}`)} ${ordinalOf(document, node)}` : node.id),
    [t, document],
  );
  const summaryOf = useCallback(
    (node: WorkflowNode) => {
      const counts = countsOf.get(node.id);
      return counts ? t('detail.nodeSummary', counts) : '';
    },
    [t, countsOf],
  );

  if (insight.isPending)
    return (
      <PageFrame title={t('titles.workflowDetail')}>
        <Spinner />
      </PageFrame>
    );
  if (!data || !document)
    return (
      <PageFrame title={t('titles.workflowDetail')}>
        <ErrorState message={t('detail.loadFailed')} onRetry={() => void insight.refetch()} />
      </PageFrame>
    );

  const moves = (
    <div className="flex gap-2">
      {journey.movesOf(data.Status).map((move) => (
        <Button
          key={move}
          variant={move === 'workflow.stop' ? 'danger' : 'secondary'}
          loading={journey.pending}
          onClick={() => journey.run(move, seqId)}
        >
          {t(`moves.${moveName(move)}`)}
        </Button>
      ))}
    </div>
  );
  const figures: [string, string | number][] = [
    [t('detail.status'), t(`status.${data.Status as 0}`)],
    [t('detail.version'), data.Version],
    [t('detail.totalUsers'), data.TotalUsers],
    [t('detail.inProcess'), data.InProcessUsers],
    [t('detail.completed'), data.CompletedUsers],
    [t('detail.firstSend'), data.FirstSendTime ? formatTime(data.FirstSendTime) : t('detail.notYet')],
    [t('detail.duration'), t('detail.days', { count: data.DurationDays })],
  ];

  return (
    <PageFrame title={t('titles.workflowDetail')} description={seqId} actions={moves}>
      {journey.error && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {journey.error}
        </p>
      )}
      <Card>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="mt-4 h-[28rem] rounded-[var(--radius-herald)] border border-slate-200 bg-white">
        <CanvasBoard
          document={document}
          readOnly
          selectedId={null}
          onSelect={ignore}
          onEdit={ignore}
          titleOf={titleOf}
          summaryOf={summaryOf}
          issues={NO_ISSUES}
          refusal={null}
          label={t('detail.canvas')}
        />
      </div>
      <Card className="mt-4">
        <DataTable<NodeInsight>
          caption={t('detail.steps')}
          rows={data.Nodes}
          rowKey={(node) => node.NodeId}
          empty={{ title: t('detail.noSteps') }}
          columns={[
            {
              key: 'step',
              header: t('detail.columns.step'),
              cell: (node) => {
                const step = document.nodes.find((item) => item.id === node.NodeId);
                return step ? titleOf(step) : node.NodeId;
              },
            },
            { key: 'entered', header: t('detail.columns.entered'), cell: (node) => node.Entered },
            { key: 'waiting', header: t('detail.columns.waiting'), cell: (node) => node.Waiting },
            { key: 'done', header: t('detail.columns.done'), cell: (node) => node.Done },
            { key: 'failed', header: t('detail.columns.failed'), cell: (node) => node.Failed },
          ]}
        />
      </Card>
      <Card className="mt-4">
        <DataTable<{ Status: number; Count: number }>
          caption={t('detail.sequences')}
          rows={data.Sequences}
          rowKey={(row) => String(row.Status)}
          empty={{ title: t('detail.noSteps') }}
          columns={[
            { key: 'status', header: t('detail.columns.sequence'), cell: (row) => t(`sequence.${row.Status as 0}`) },
            { key: 'count', header: t('detail.columns.contacts'), cell: (row) => row.Count },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
