import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteEmailSenderMutation,
  updateEmailSenderStatusMutation,
} from '../../gateway/client/mutations/email-domains';
import { emailSenderListQuery } from '../../gateway/client/queries/email-domains';
import type { EmailSender } from '../../gateway/contract/actions/email-domains';
import { EMAIL_SENDER_STATUS } from '../../gateway/contract/statuses';
import { emailSenderLifecycle } from '../../machines/lifecycles/email-sender.machine';
import { formatTime } from '../common/format';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { DataTable, RowAction } from '../ui/DataTable';
import { ConfirmDialog } from '../ui/Dialog';
import { AddSenderDialog } from './AddSenderDialog';
import { senderTone } from './status';

/** The senders: add on a verified domain, enable, disable, delete (as the sender lifecycle allows). */
export function SendersCard() {
  const { t } = useTranslation('emailSetting');
  const notify = useNotify();
  const client = useQueryClient();
  const senders = useQuery(emailSenderListQuery());
  const setStatus = useMutation(updateEmailSenderStatusMutation(client));
  const remove = useMutation(deleteEmailSenderMutation(client));
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<EmailSender | null>(null);
  const addButton = <Button onClick={() => setAdding(true)}>{t('senders.add')}</Button>;
  const closeDelete = () => {
    setToDelete(null);
    remove.reset();
  };
  const toggle = (sender: EmailSender, Status: 0 | 1) =>
    setStatus.mutate(
      { SenderId: sender.SenderId, Status },
      { onSuccess: () => notify(t(Status === EMAIL_SENDER_STATUS.Enabled ? 'senders.enabled' : 'senders.disabled')) },
    );
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('senders.title')}</h2>
        {addButton}
      </div>
      <DataTable
        caption={t('senders.caption')}
        testId="senders-table"
        rows={senders.data?.Senders}
        rowKey={(s) => s.SenderId}
        isLoading={senders.isPending}
        error={senders.isError ? t('senders.loadFailed') : null}
        onRetry={() => void senders.refetch()}
        empty={{ title: t('senders.emptyTitle'), description: t('senders.emptyBody'), action: addButton }}
        columns={[
          {
            key: 'alias',
            header: t('senders.columns.alias'),
            cell: (s) => <span className="font-medium">{s.Alias}</span>,
          },
          { key: 'address', header: t('senders.columns.address'), cell: (s) => s.Address },
          {
            key: 'status',
            header: t('senders.columns.status'),
            cell: (s) => (
              <Badge tone={senderTone(s.Status)} testId="sender-status">
                {t(`senders.status.${s.Status as 0 | 1}`)}
              </Badge>
            ),
          },
          { key: 'created', header: t('senders.columns.created'), cell: (s) => formatTime(s.CreateTime) },
        ]}
        rowActions={(s) => (
          <>
            {emailSenderLifecycle.can(s.Status, 'sender.enable') && (
              <RowAction testId="sender-enable" onClick={() => toggle(s, EMAIL_SENDER_STATUS.Enabled)}>
                {t('senders.enable')}
              </RowAction>
            )}
            {emailSenderLifecycle.can(s.Status, 'sender.disable') && (
              <RowAction testId="sender-disable" onClick={() => toggle(s, EMAIL_SENDER_STATUS.Disabled)}>
                {t('senders.disable')}
              </RowAction>
            )}
            {emailSenderLifecycle.can(s.Status, 'sender.delete') && (
              <RowAction danger testId="sender-delete" onClick={() => setToDelete(s)}>
                {t('senders.delete')}
              </RowAction>
            )}
          </>
        )}
      />
      <AddSenderDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('senders.deleteTitle')}
        description={t('senders.deleteBody', { address: toDelete?.Address ?? '' })}
        confirmLabel={t('senders.delete')}
        busy={remove.isPending}
        error={remove.isError ? gatewayMessage(remove.error) : undefined}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.SenderId, {
            onSuccess: () => {
              notify(t('senders.deleted'));
              closeDelete();
            },
          })
        }
        onClose={closeDelete}
      />
    </Card>
  );
}
