import { fromPromise, StateMachine } from 'xstate';
import { cancelMmsSendTaskMutation } from '../gateway/client/mutations/mms';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { smsTaskCancelMachine } from './sms-task-cancel.machine';

// Cancel an MMS task with a confirm step: the SMS cancel statechart under its own id (MMS tasks have
// the SMS task lifecycle, so the same guard decides), with CancelUMMSSendTask behind it.

const mmsCancel = new StateMachine(
  { ...smsTaskCancelMachine.config, id: 'mmsTaskCancel' },
  smsTaskCancelMachine.implementations,
) as unknown as typeof smsTaskCancelMachine;

export const mmsTaskCancelMachine = mmsCancel.provide({
  actors: {
    cancelTask: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      runMutation(input.client!, cancelMmsSendTaskMutation(input.client!), input.taskId),
    ) as never,
  },
});
