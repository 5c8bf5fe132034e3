import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WaAgentTask } from '../../../gateway/contract/actions/wa-agent';
import { gatewayMessage } from '../../gateway-bridge';
import { ConfirmDialog } from '../../ui/Dialog';
import { useMoney } from './labels';

/** Asks before cancelling a campaign and says how much comes back; stays open with the gateway's reason. */
export function CancelCampaignDialog({
  task,
  cancel,
  onCancelled,
  onClose,
}: {
  task: Pick<WaAgentTask, 'TaskId' | 'Charged' | 'Refunded'> | null;
  cancel: UseMutationResult<{ Refunded: number }, Error, string>;
  onCancelled: (refunded: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('waAgent');
  const money = useMoney();
  const close = () => {
    onClose();
    cancel.reset();
  };
  return (
    <ConfirmDialog
      open={task !== null}
      danger
      title={t('detail.cancelTitle')}
      description={task ? t('detail.cancelBody', { amount: money(task.Charged - task.Refunded) }) : ''}
      confirmLabel={t('detail.cancel')}
      busy={cancel.isPending}
      error={cancel.isError ? gatewayMessage(cancel.error) : undefined}
      onConfirm={() =>
        task &&
        cancel.mutate(task.TaskId, {
          onSuccess: (data) => {
            onCancelled(data.Refunded);
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
