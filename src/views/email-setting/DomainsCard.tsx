import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteEmailDomainMutation } from '../../gateway/client/mutations/email-domains';
import { emailDomainListQuery } from '../../gateway/client/queries/email-domains';
import type { EmailDomain } from '../../gateway/contract/actions/email-domains';
import { emailDomainLifecycle } from '../../machines/lifecycles/email-domain.machine';
import { formatTime } from '../common/format';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/Dialog';
import { AddDomainDialog } from './AddDomainDialog';
import { DomainDetailDialog } from './DomainDetailDialog';
import { domainTone } from './status';

/** The sending domains: add, open the DNS records (and verify there), delete. */
export function DomainsCard() {
  const { t } = useTranslation('emailSetting');
  const notify = useNotify();
  const client = useQueryClient();
  const domains = useQuery(emailDomainListQuery());
  const remove = useMutation(deleteEmailDomainMutation(client));
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<EmailDomain | null>(null);
  const open = domains.data?.Domains.find((d) => d.DomainId === openId) ?? null;
  const addButton = <Button onClick={() => setAdding(true)}>{t('domains.add')}</Button>;
  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('domains.title')}</h2>
        {addButton}
      </div>
      <DataTable
        caption={t('domains.caption')}
        testId="domains-table"
        rows={domains.data?.Domains}
        rowKey={(d) => d.DomainId}
        isLoading={domains.isPending}
        error={domains.isError ? t('domains.loadFailed') : null}
        onRetry={() => void domains.refetch()}
        empty={{ title: t('domains.emptyTitle'), description: t('domains.emptyBody'), action: addButton }}
        columns={[
          {
            key: 'domain',
            header: t('domains.columns.domain'),
            cell: (d) => <span className="font-medium">{d.Domain}</span>,
          },
          {
            key: 'status',
            header: t('domains.columns.status'),
            cell: (d) => (
              <Badge tone={domainTone(d.Status)} testId="domain-status">
                {t(`status.${d.Status as 0 | 1 | 2}`)}
              </Badge>
            ),
          },
          { key: 'tracking', header: t('domains.columns.tracking'), cell: (d) => d.TrackingDomain },
          { key: 'created', header: t('domains.columns.created'), cell: (d) => formatTime(d.CreateTime) },
        ]}
        rowActions={(d) => (
          <>
            <RowAction testId="domain-records" onClick={() => setOpenId(d.DomainId)}>
              {t('domains.records')}
            </RowAction>
            {emailDomainLifecycle.can(d.Status, 'domain.delete') && (
              <RowAction danger testId="domain-delete" onClick={() => setToDelete(d)}>
                {t('domains.delete')}
              </RowAction>
            )}
          </>
        )}
      />
      <AddDomainDialog open={adding} onClose={() => setAdding(false)} onAdded={(d) => setOpenId(d.DomainId)} />
      {open && <DomainDetailDialog key={open.DomainId} domain={open} onClose={() => setOpenId(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('domains.deleteTitle')}
        description={t('domains.deleteBody', { domain: toDelete?.Domain ?? '' })}
        confirmLabel={t('domains.delete')}
        busy={remove.isPending}
        error={remove.isError ? gatewayMessage(remove.error) : undefined}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.DomainId, {
            onSuccess: () => {
              notify(t('domains.deleted', { domain: toDelete.Domain }));
              closeDelete();
            },
          })
        }
        onClose={closeDelete}
      />
    </Card>
  );
}
