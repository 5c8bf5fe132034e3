import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteWorkflowsMutation } from '../../../gateway/client/mutations/workflows';
import { workflowListQuery } from '../../../gateway/client/queries/workflows';
import type { WorkflowSummary } from '../../../gateway/contract/actions/workflows';
import { WORKFLOW_STATUS } from '../../../gateway/contract/statuses';
import { workflowLifecycle } from '../../../machines/lifecycles/workflow.machine';
import { formatTime } from '../../common/format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { TextField } from '../../ui/TextField';
import { moveName, useJourneyMoves } from './useJourneyMoves';

const STATUS_TONE: Record<number, BadgeTone> = {
  [WORKFLOW_STATUS.Draft]: 'neutral',
  [WORKFLOW_STATUS.Submitted]: 'info',
  [WORKFLOW_STATUS.Running]: 'success',
  [WORKFLOW_STATUS.Paused]: 'warning',
};

/** /mkthub/workflowlist: the account's workflows, with what their lifecycle allows. */
export default function WorkflowListPage() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<WorkflowSummary | null>(null);
  const workflows = useQuery(
    workflowListQuery({ Page: page, NumPerPage: pageSize, ...(keyword.trim() ? { Keyword: keyword.trim() } : {}) }),
  );
  const remove = useMutation(deleteWorkflowsMutation(client));
  const journey = useJourneyMoves();
  const newButton = (
    <Link
      href="/mkthub/createworkflow"
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('list.new')}
    </Link>
  );

  return (
    <PageFrame title={t('titles.workflows')} description={t('list.subtitle')} actions={newButton}>
      {journey.error && (
        <p role="alert" className="mb-4 text-sm text-red-700">
          {journey.error}
        </p>
      )}
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('list.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-56"
          />
        </div>
        <DataTable<WorkflowSummary>
          caption={t('titles.workflows')}
          rows={workflows.data?.Workflows}
          rowKey={(item) => item.SeqId}
          isLoading={workflows.isPending}
          error={workflows.isError ? t('list.loadFailed') : null}
          onRetry={() => void workflows.refetch()}
          empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('list.columns.name'),
              cell: (item) => (
                <Link
                  href={`/mkthub/${item.Status === WORKFLOW_STATUS.Draft ? 'workflowpreview' : 'workflowdetail'}/${item.SeqId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {item.Name}
                </Link>
              ),
            },
            {
              key: 'channels',
              header: t('list.columns.channels'),
              cell: (item) =>
                item.Channels.length
                  ? item.Channels.map((kind) => t(`kinds.${kind as 'sms'}`)).join(' · ')
                  : t('list.noChannels'),
            },
            { key: 'steps', header: t('list.columns.steps'), cell: (item) => item.Steps },
            {
              key: 'status',
              header: t('list.columns.status'),
              cell: (item) => (
                <Badge tone={STATUS_TONE[item.Status] ?? 'neutral'}>{t(`status.${item.Status as 0}`)}</Badge>
              ),
            },
            { key: 'updated', header: t('list.columns.updated'), cell: (item) => formatTime(item.UpdateTime) },
          ]}
          rowActions={(item) => (
            <>
              {workflowLifecycle.can(item.Status, 'workflow.saveDraft') && (
                <RowAction href={`/mkthub/editworkflow/${item.SeqId}`}>{t('list.edit')}</RowAction>
              )}
              {journey.movesOf(item.Status).map((move) => (
                <RowAction key={move} onClick={() => journey.run(move, item.SeqId)}>
                  {t(`moves.${moveName(move)}`)}
                </RowAction>
              ))}
              {item.Status !== WORKFLOW_STATUS.Draft && (
                <RowAction href={`/mkthub/workflowdetail/${item.SeqId}`}>{t('list.detail')}</RowAction>
              )}
              <RowAction href={`/mkthub/copyworkflow/${item.SeqId}`}>{t('list.copy')}</RowAction>
              <RowAction href={`/mkthub/workflowpreview/${item.SeqId}`}>{t('list.preview')}</RowAction>
              {workflowLifecycle.can(item.Status, 'workflow.delete') && (
                <RowAction danger onClick={() => setToDelete(item)}>
                  {t('list.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(workflows.data?.Total ?? 0)} />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('list.deleteTitle')}
        description={t('list.deleteBody', { name: toDelete?.Name ?? '' })}
        confirmLabel={t('list.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate([toDelete.SeqId], { onSuccess: () => setToDelete(null) })}
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}
