import { assign, emit, fromPromise, setup } from 'xstate';
import { cancelSmsTaskMutation } from '../gateway/client/mutations/sms';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { smsFailureText } from '../gateway/client/failures';
import { smsTaskLifecycle } from './lifecycles/sms-task.machine';

// Cancel an SMS task with a confirm step (ARCHITECTURE.md "One request, end to end"): the task
// lifecycle decides whether a task may be cancelled, the view shows the Cancel button only when
// `snapshot.can({ type: 'cancel.ask', task })`, and the CancelUSMSSendTask mutation runs after the
// confirm. A refusal keeps the dialog open with the reason; confirming again retries.

export interface CancelTarget {
  TaskId: string;
  TaskName: string;
  Status: number;
  ResultState: number;
}

export interface SmsTaskCancelContext {
  client: QueryClient | null;
  task: CancelTarget | null;
  /** The server's Message, or an `sms:` key when the gateway could not be reached. */
  error: string | null;
}

export type SmsTaskCancelEvent =
  { type: 'cancel.ask'; task: CancelTarget } | { type: 'cancel.confirm' } | { type: 'cancel.dismiss' };

export type SmsTaskCancelEmitted = { type: 'task.cancelled'; task: CancelTarget };

export const smsTaskCancelMachine = setup({
  types: {
    context: {} as SmsTaskCancelContext,
    events: {} as SmsTaskCancelEvent,
    input: {} as { client?: QueryClient },
    emitted: {} as SmsTaskCancelEmitted,
  },
  actors: {
    cancelTask: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      runMutation(input.client!, cancelSmsTaskMutation(input.client!), input.taskId),
    ),
  },
  guards: {
    lifecycleAllowsCancel: (_, params: { task: CancelTarget }) =>
      smsTaskLifecycle.can(params.task.Status, 'task.cancel', params.task.ResultState),
  },
  actions: {
    setTask: assign((_, params: { task: CancelTarget }) => ({ task: params.task, error: null })),
    clearTask: assign({ task: null, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: smsFailureText(params.error) })),
    announceCancelled: emit(({ context }) => ({ type: 'task.cancelled' as const, task: context.task! })),
  },
}).createMachine({
  id: 'smsTaskCancel',
  context: ({ input }) => ({ client: input.client ?? null, task: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cancel.ask': {
          guard: { type: 'lifecycleAllowsCancel', params: ({ event }) => ({ task: event.task }) },
          target: 'confirming',
          actions: { type: 'setTask', params: ({ event }) => ({ task: event.task }) },
        },
      },
    },
    confirming: {
      on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': { target: 'idle', actions: 'clearTask' } },
    },
    cancelling: {
      invoke: {
        id: 'cancelTask',
        src: 'cancelTask',
        input: ({ context }) => ({ client: context.client, taskId: context.task!.TaskId }),
        onDone: { target: 'idle', actions: ['announceCancelled', 'clearTask'] },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': { target: 'idle', actions: 'clearTask' } },
    },
  },
});
