import { fromPromise, StateMachine } from 'xstate';
import { cancelWaSendTaskMutation } from '../gateway/client/mutations/wa-send';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { smsTaskCancelMachine } from './sms-task-cancel.machine';

// Cancel a WhatsApp task with a confirm step (docs/decisions.md "WhatsApp sending"): WhatsApp tasks run on
// the kernel's SMS task lifecycle, so the SMS cancel statechart decides, under its own id, with
// CancelWhatsAppSendTask behind it.

const waCancel = new StateMachine(
  { ...smsTaskCancelMachine.config, id: 'waTaskCancel' },
  smsTaskCancelMachine.implementations,
) as unknown as typeof smsTaskCancelMachine;

export const waTaskCancelMachine = waCancel.provide({
  actors: {
    cancelTask: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      runMutation(input.client!, cancelWaSendTaskMutation(input.client!), input.taskId),
    ) as never,
  },
});
