import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TICKET_STATUSES, type TicketStatusName } from '../../../gateway/contract/actions/tickets';
import { ticketListQuery } from '../../../gateway/client/queries/settings';
import { Card } from '../../ui/Card';
import { Badge } from '../../ui/Badge';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Tabs';
import { STATUS_TONE } from './labels';
import { PageFrame } from '../../ui/PageFrame';
import { usePaging } from '../../ui/usePaging';

const NEW_TICKET_PATH = '/setting/work-order-create';

export default function WorkOrdersPage() {
  const { t } = useTranslation('settings');
  const [status, setStatus] = useState<TicketStatusName | 'all'>('all');
  const { page, pageSize, refilter, pagination } = usePaging();
  const list = useQuery({
    ...ticketListQuery(page, pageSize, status === 'all' ? undefined : status),
    placeholderData: keepPreviousData,
  });
  const newTicket = (
    <Link
      href={NEW_TICKET_PATH}
      className="inline-flex items-center rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {t('tickets.create')}
    </Link>
  );
  return (
    // An empty list offers its one New ticket in the empty state (issue 18 §19).
    <PageFrame
      title={t('tickets.title')}
      description={t('tickets.subtitle')}
      actions={list.data?.Total === 0 && status === 'all' ? undefined : newTicket}
    >
      <Card>
        <div className="mb-3">
          <Segmented
            label={t('tickets.filter')}
            value={status}
            onChange={refilter(setStatus)}
            options={[
              { value: 'all' as const, label: t('tickets.all') },
              ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.statuses.${s}`) })),
            ]}
            testId="ticket-status-filter"
          />
        </div>
        <DataTable
          caption={t('tickets.caption')}
          testId="ticket-list"
          rows={list.data?.Tickets}
          isLoading={list.isPending}
          error={list.error ? list.error.message : null}
          onRetry={() => void list.refetch()}
          rowKey={(row) => String(row.TicketId)}
          empty={{ title: t('tickets.empty'), description: t('tickets.emptyText'), action: newTicket }}
          columns={[
            {
              key: 'id',
              header: t('tickets.id'),
              cell: (row) => (
                <Link
                  href={`/setting/work-order/${row.TicketId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  #{row.TicketId}
                </Link>
              ),
            },
            {
              key: 'category',
              header: t('tickets.category'),
              cell: (row) => t(`tickets.categories.${row.Category as 1}`),
            },
            {
              key: 'comment',
              header: t('tickets.comment'),
              cell: (row) => <span className="line-clamp-1 max-w-xs">{row.Comment}</span>,
            },
            {
              key: 'status',
              header: t('tickets.status'),
              cell: (row) => (
                <span className="flex items-center gap-2">
                  <Badge tone={STATUS_TONE[row.Status]}>{t(`tickets.statuses.${row.Status}`)}</Badge>
                  {row.HasNewReply && (
                    <Badge tone="danger" testId={`new-reply-${row.TicketId}`}>
                      {t('tickets.newReply')}
                    </Badge>
                  )}
                </span>
              ),
            },
            {
              key: 'updated',
              header: t('tickets.updated'),
              cell: (row) => dayjs.unix(row.UpdateTime).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </Card>
    </PageFrame>
  );
}
