import { fromPromise, StateMachine } from 'xstate';
import { cancelEmailSendTaskMutation } from '../gateway/client/mutations/email-send';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { emailTaskLifecycle } from './lifecycles/email-task.machine';
import { smsTaskCancelMachine, type CancelTarget } from './sms-task-cancel.machine';

// Cancel an e-mail task with a confirm step: the SMS cancel statechart under its own id, with the
// e-mail task lifecycle (statuses 0-11, spec 001 §4) deciding and CancelEmailSendTask behind it.

const emailCancel = new StateMachine(
  { ...smsTaskCancelMachine.config, id: 'emailTaskCancel' },
  smsTaskCancelMachine.implementations,
) as unknown as typeof smsTaskCancelMachine;

export const emailTaskCancelMachine = emailCancel.provide({
  actors: {
    cancelTask: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      runMutation(input.client!, cancelEmailSendTaskMutation(input.client!), input.taskId),
    ) as never,
  },
  guards: {
    lifecycleAllowsCancel: (_, params: { task: CancelTarget }) =>
      emailTaskLifecycle.can(params.task.Status, 'task.cancel', params.task.ResultState),
  },
});
