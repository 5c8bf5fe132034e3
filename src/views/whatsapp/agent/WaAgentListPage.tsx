import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cancelWaAgentMutation } from '../../../gateway/client/mutations/wa-agent';
import { waAgentListQuery } from '../../../gateway/client/queries/wa-agent';
import type { WaAgentTask } from '../../../gateway/contract/actions/wa-agent';
import { WA_AGENT_GROUPS, type WaAgentGroup } from '../../../gateway/contract/wa-agent';
import { waAgentTaskLifecycle } from '../../../machines/lifecycles/wa-agent-task.machine';
import { formatCount } from '../../common/format';
import { useNotify } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination, PAGE_SIZES } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { usePaging } from '../../ui/usePaging';
import { CancelCampaignDialog } from './CancelCampaignDialog';
import { useMoney, waAgentDetailPath, WA_AGENT_CREATE_PATH, WA_AGENT_GROUP_TONE, WA_AGENT_LABEL_TONE } from './labels';

/** /whatsapp/agent: the account's agent campaigns by display group, with labels and money. */
export default function WaAgentListPage() {
  const { t, i18n } = useTranslation('waAgent');
  const client = useQueryClient();
  const notify = useNotify();
  const money = useMoney();
  const [group, setGroup] = useState<WaAgentGroup | ''>('');
  const [search, setSearch] = useState('');
  const [cancelling, setCancelling] = useState<WaAgentTask | null>(null);
  const { page, pageSize, refilter, pagination } = usePaging(PAGE_SIZES.wide);
  const keyword = useDeferredValue(search.trim());
  const list = useQuery(
    waAgentListQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(group ? { Group: group } : {}),
      ...(keyword ? { Keyword: keyword } : {}),
    }),
  );
  const cancel = useMutation(cancelWaAgentMutation(client));
  const filtered = Boolean(group || keyword);

  return (
    <PageFrame
      title={t('titles.list')}
      description={t('list.subtitle')}
      actions={
        <Link
          href={WA_AGENT_CREATE_PATH}
          className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('list.create')}
        </Link>
      }
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('list.keyword')}
            type="search"
            value={search}
            onValueChange={refilter(setSearch)}
            className="w-56"
          />
          <Select<WaAgentGroup | ''>
            label={t('list.group')}
            value={group}
            options={[
              { value: '', label: t('list.allGroups') },
              ...WA_AGENT_GROUPS.map((value) => ({ value, label: t(`group.${value}`) })),
            ]}
            onChange={refilter(setGroup)}
            className="w-44"
          />
        </div>
        <DataTable<WaAgentTask>
          caption={t('titles.list')}
          rows={list.data?.Tasks}
          rowKey={(row) => row.TaskId}
          isLoading={list.isPending}
          error={list.isError ? list.error.message : null}
          onRetry={() => void list.refetch()}
          empty={{
            title: t(filtered ? 'list.emptyFiltered' : 'list.emptyTitle'),
            description: filtered ? undefined : t('list.emptyBody'),
          }}
          columns={[
            {
              key: 'name',
              header: t('list.columns.name'),
              cell: (row) => (
                <Link href={waAgentDetailPath(row.TaskId)} className="font-medium text-brand-700 hover:underline">
                  {row.Name}
                </Link>
              ),
            },
            {
              key: 'status',
              header: t('list.columns.status'),
              cell: (row) => (
                <Badge tone={WA_AGENT_GROUP_TONE[row.Group]}>{t(`status.${row.Status}` as 'status.1')}</Badge>
              ),
            },
            {
              key: 'labels',
              header: t('list.columns.labels'),
              cell: (row) => (
                <span className="flex flex-wrap gap-1">
                  {row.Labels.map((label) => (
                    <Badge key={label} tone={WA_AGENT_LABEL_TONE[label]}>
                      {t(`label.${label}`)}
                    </Badge>
                  ))}
                </span>
              ),
            },
            {
              key: 'recipients',
              header: t('list.columns.recipients'),
              cell: (row) => formatCount(row.TotalCount, i18n.language),
            },
            {
              key: 'expected',
              header: t('list.columns.expected'),
              cell: (row) => `${row.ExpectedSendTime} (${row.TimeZone})`,
            },
            { key: 'charged', header: t('list.columns.charged'), cell: (row) => money(row.Charged) },
            { key: 'refunded', header: t('list.columns.refunded'), cell: (row) => money(row.Refunded) },
          ]}
          rowActions={(row) => (
            <>
              <RowAction href={waAgentDetailPath(row.TaskId)}>{t('list.view')}</RowAction>
              {waAgentTaskLifecycle.can(row.Status, 'task.cancel') && (
                <RowAction danger onClick={() => setCancelling(row)}>
                  {t('list.cancel')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </Card>
      <CancelCampaignDialog
        task={cancelling}
        cancel={cancel}
        onCancelled={(refunded) => notify(t('detail.cancelled', { amount: money(refunded) }))}
        onClose={() => setCancelling(null)}
      />
    </PageFrame>
  );
}
