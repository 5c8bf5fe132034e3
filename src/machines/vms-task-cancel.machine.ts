import { fromPromise, StateMachine } from 'xstate';
import { cancelVmsSendTaskMutation } from '../gateway/client/mutations/vms';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { voiceTaskLifecycle } from './lifecycles/voice-task.machine';
import { smsTaskCancelMachine, type CancelTarget } from './sms-task-cancel.machine';

// Cancel a voice task with a confirm step: the SMS cancel statechart under its own id, with the voice
// task lifecycle (statuses 1-12, spec 001 §4: pending review or wait submit) deciding and
// CancelUVMSSendTask behind it.

const vmsCancel = new StateMachine(
  { ...smsTaskCancelMachine.config, id: 'vmsTaskCancel' },
  smsTaskCancelMachine.implementations,
) as unknown as typeof smsTaskCancelMachine;

export const vmsTaskCancelMachine = vmsCancel.provide({
  actors: {
    cancelTask: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      runMutation(input.client!, cancelVmsSendTaskMutation(input.client!), input.taskId),
    ) as never,
  },
  guards: {
    lifecycleAllowsCancel: (_, params: { task: CancelTarget }) =>
      voiceTaskLifecycle.can(params.task.Status, 'task.cancel'),
  },
});
