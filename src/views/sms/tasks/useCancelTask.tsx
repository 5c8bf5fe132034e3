import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../gateway/client/call';
import { smsKeys } from '../../../gateway/client/queries/sms';
import { useNotify } from '../../shell/actors';
import { ConfirmDialog } from '../../ui/Dialog';

/** Cancel with a confirm step; the button that opens it shows only when the lifecycle allows task.cancel. */
export function useCancelTask() {
  const { t } = useTranslation('sms');
  const client = useQueryClient();
  const notify = useNotify();
  const [target, setTarget] = useState<{ TaskId: string; TaskName: string } | null>(null);
  const cancel = useMutation({
    mutationFn: (taskId: string) => call('CancelUSMSSendTask', { TaskId: taskId }),
    onSuccess: () => {
      notify(t('tasks.cancelled'));
      setTarget(null);
      return client.invalidateQueries({ queryKey: smsKeys.tasks() });
    },
  });
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      danger
      title={t('tasks.cancelTitle')}
      description={t('tasks.cancelBody', { name: target?.TaskName ?? '' })}
      confirmLabel={t('tasks.cancel')}
      busy={cancel.isPending}
      onConfirm={() => target && cancel.mutate(target.TaskId)}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
