import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deletePlansMutation } from '../../../gateway/client/mutations/mkt-plans';
import { planListQuery } from '../../../gateway/client/queries/mkt-plans';
import type { PlanSummary } from '../../../gateway/contract/actions/mkt-plans';
import { MKT_PLAN_STATUS } from '../../../gateway/contract/statuses';
import { mktPlanLifecycle } from '../../../machines/lifecycles/mkt-plan.machine';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { usePaging } from '../../ui/usePaging';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { PLAN_STATUS_TONE, planStatusKey } from './plan-view';
import { PlanScheduleDialog } from './PlanScheduleDialog';

const STATUS_FILTERS = [MKT_PLAN_STATUS.Draft, MKT_PLAN_STATUS.Submitted, MKT_PLAN_STATUS.Applied] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number] | 0;

/** /mkthub/planlist: the account's marketing plans, with what their lifecycle allows. */
export default function PlanListPage() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>(0);
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<PlanSummary | null>(null);
  const [toSchedule, setToSchedule] = useState<PlanSummary | null>(null);
  const plans = useQuery(
    planListQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
      ...(status ? { Status: status } : {}),
    }),
  );
  const remove = useMutation(deletePlansMutation(client));
  const newButton = (
    <Link
      href="/mkthub/createplan/1"
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('plans.new')}
    </Link>
  );

  return (
    <PageFrame title={t('titles.plans')} description={t('plans.subtitle')} actions={newButton}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('plans.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-56"
          />
          <Select<StatusFilter>
            label={t('plans.columns.status')}
            value={status}
            options={[
              { value: 0, label: t('plans.allStatuses') },
              ...STATUS_FILTERS.map((value) => ({ value, label: t(planStatusKey(value)) })),
            ]}
            onChange={refilter(setStatus)}
            className="w-44"
          />
        </div>
        <DataTable<PlanSummary>
          caption={t('titles.plans')}
          rows={plans.data?.Plans}
          rowKey={(item) => item.PlanId}
          isLoading={plans.isPending}
          error={plans.isError ? t('plans.loadFailed') : null}
          onRetry={() => void plans.refetch()}
          empty={{ title: t('plans.emptyTitle'), description: t('plans.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('plans.columns.name'),
              cell: (item) => (
                <Link
                  href={`/mkthub/detailsplan/${item.PlanId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {item.Name}
                </Link>
              ),
            },
            { key: 'aim', header: t('plans.columns.aim'), cell: (item) => t(`plans.aims.${item.Aim as 1}`) },
            {
              key: 'channels',
              header: t('plans.columns.channels'),
              cell: (item) => item.Channels.map((kind) => t(`kinds.${kind as 'sms'}`)).join(' · '),
            },
            { key: 'steps', header: t('plans.columns.steps'), cell: (item) => item.Steps },
            {
              key: 'status',
              header: t('plans.columns.status'),
              cell: (item) => (
                <Badge tone={PLAN_STATUS_TONE[item.Status] ?? 'neutral'}>{t(planStatusKey(item.Status))}</Badge>
              ),
            },
            {
              key: 'start',
              header: t('plans.columns.start'),
              cell: (item) => (item.StartTime ? formatTime(item.StartTime) : t('plans.schedule.none')),
            },
            { key: 'updated', header: t('plans.columns.updated'), cell: (item) => formatTime(item.UpdateTime) },
          ]}
          rowActions={(item) => (
            <>
              {mktPlanLifecycle.can(item.Status, 'plan.saveDraft') && (
                <RowAction href={`/mkthub/editplan/${item.PlanId}`}>{t('plans.edit')}</RowAction>
              )}
              {mktPlanLifecycle.can(item.Status, 'plan.apply') && (
                <RowAction href={`/mkthub/applyplan/${item.PlanId}`}>{t('plans.apply')}</RowAction>
              )}
              {item.SeqId && (
                <RowAction href={`/mkthub/editworkflow/${item.SeqId}`}>{t('plans.openWorkflow')}</RowAction>
              )}
              {item.SeqId && (
                <RowAction href={`/mkthub/overviewplan/${item.PlanId}`}>{t('plans.overview.link')}</RowAction>
              )}
              <RowAction
                href={item.SeqId ? `/mkthub/workflowpreview/${item.SeqId}` : `/mkthub/applyplan/${item.PlanId}`}
              >
                {t('plans.preview')}
              </RowAction>
              <RowAction onClick={() => setToSchedule(item)}>{t('plans.schedule.open')}</RowAction>
              <RowAction href={`/mkthub/detailsplan/${item.PlanId}`}>{t('plans.detail')}</RowAction>
              <RowAction href={`/mkthub/createplan/${item.Aim}?copy=${item.PlanId}`}>{t('plans.copy')}</RowAction>
              {mktPlanLifecycle.can(item.Status, 'plan.delete') && (
                <RowAction danger onClick={() => setToDelete(item)}>
                  {t('plans.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(plans.data?.Total ?? 0)} />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('plans.deleteTitle')}
        description={t('plans.deleteBody', { name: toDelete?.Name ?? '' })}
        confirmLabel={t('plans.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate([toDelete.PlanId], { onSuccess: () => setToDelete(null) })}
        onClose={() => setToDelete(null)}
      />
      <PlanScheduleDialog plan={toSchedule} onClose={() => setToSchedule(null)} />
    </PageFrame>
  );
}
