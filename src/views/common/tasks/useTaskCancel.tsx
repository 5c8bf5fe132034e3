import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { smsTaskCancelMachine } from '../../../machines/sms-task-cancel.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../useText';
import { ConfirmDialog } from '../../ui/Dialog';
import type { TaskCancel } from './task-channel';

// Cancel with a confirm step on a channel's cancel machine (the SMS cancel statechart under the
// channel's id, with its task lifecycle as the guard): `canAsk(task)` is the machine's own answer, so
// the button that opens the dialog shows only then. Rows ask `canAsk` while rendering; `open` changes
// with every leave and return to idle, so they re-ask.

/** `notify` is the shell's toast (areas pass `useNotify()`: common views do not import the shell). */
export function useTaskCancel(machine: typeof smsTaskCancelMachine, notify: (text: string) => void): TaskCancel {
  const { t } = useTranslation('sms');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(machine, { input: { client }, inspect: inspectActor });
  const task = useSelector(actor, (s) => s.context.task);
  const error = useSelector(actor, (s) => s.context.error);
  const open = useSelector(actor, (s) => !s.matches('idle'));
  const busy = useSelector(actor, (s) => s.matches('cancelling'));

  useEffect(() => {
    const subscription = actor.on('task.cancelled', () => notify(t('tasks.cancelled')));
    return () => subscription.unsubscribe();
  }, [actor, notify, t]);

  const dialog = (
    <ConfirmDialog
      open={open}
      danger
      title={t('tasks.cancelTitle')}
      description={t('tasks.cancelBody', { name: task?.TaskName ?? '' })}
      confirmLabel={t('tasks.cancel')}
      busy={busy}
      error={error ? text(error) : undefined}
      onConfirm={() => actor.send({ type: 'cancel.confirm' })}
      onClose={() => actor.send({ type: 'cancel.dismiss' })}
    />
  );
  return {
    canAsk: (target) => actor.getSnapshot().can({ type: 'cancel.ask', task: target }),
    ask: (target) => actor.send({ type: 'cancel.ask', task: target }),
    dialog,
  };
}
