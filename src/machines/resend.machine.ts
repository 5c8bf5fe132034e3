import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import type { ActionInput } from '../gateway/contract/actions/registry';
import { resendAfterOf } from '../gateway/client/failures';
import { RESEND_COUNTDOWN_SECONDS, resendCountdownMachine } from './resend-countdown.machine';

/** The mails a screen can send again once its countdown is over. */
export type ResendAction = 'SendActivateEmail' | 'SendResetPasswordEmail';

export interface ResendInput<A extends ResendAction = ResendAction> {
  action: A;
  request: ActionInput<A>;
  /** the wait the first send answered (ResendAfterSeconds), 60 s by default */
  seconds?: number;
  /** no first send yet (reset-password's expired link): the first one can be asked for at once */
  startReady?: boolean;
}

/** What the parent hears: a resend began (its old error goes), or the gateway refused it. */
export type ResendReport = { type: 'resend.started' } | { type: 'resend.failed'; error: unknown };

const secondsOr60 = (seconds: number | undefined) =>
  seconds !== undefined && seconds > 0 ? seconds : RESEND_COUNTDOWN_SECONDS;

/**
 * "Send it again" after a first send, shared by activation, retrieve and reset-password: wait out the
 * countdown, then one resend at a time; a refusal inside the countdown (ResendTooSoon) starts it again
 * for the seconds the gateway names, any other refusal goes to the parent, which words it.
 */
export const resendMachine = setup({
  types: {
    context: {} as ResendInput & { seconds: number },
    input: {} as ResendInput,
    events: {} as { type: 'mail.resend' },
  },
  actors: {
    send: fromPromise(({ input }: { input: Pick<ResendInput, 'action' | 'request'> }) =>
      call(input.action, input.request as never),
    ),
    countdown: resendCountdownMachine,
  },
  guards: {
    isResendTooSoon: (_, params: { error: unknown }) => resendAfterOf(params.error) !== undefined,
    startsReady: ({ context }) => Boolean(context.startReady),
  },
  actions: {
    setSeconds: assign((_, seconds: number | undefined) => ({ seconds: secondsOr60(seconds) })),
    // To the screen machine that invoked it; run alone (the inspector, its model test) no one listens.
    reportStarted: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'resend.started' } satisfies ResendReport);
    }),
    reportFailure: enqueueActions(({ enqueue, self }, params: { error: unknown }) => {
      if (self._parent) enqueue.sendParent({ type: 'resend.failed', error: params.error } satisfies ResendReport);
    }),
  },
}).createMachine({
  id: 'resend',
  context: ({ input }) => ({ ...input, seconds: secondsOr60(input.seconds) }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsReady', target: 'ready' }, { target: 'waiting' }],
    },
    waiting: {
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => ({ seconds: context.seconds }),
        onDone: 'ready',
      },
    },
    ready: {
      on: { 'mail.resend': { target: 'resending', actions: 'reportStarted' } },
    },
    resending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ action: context.action, request: context.request }),
        onDone: {
          target: 'waiting',
          actions: {
            type: 'setSeconds',
            params: ({ event }) => (event.output as { ResendAfterSeconds?: number }).ResendAfterSeconds,
          },
        },
        onError: [
          {
            guard: { type: 'isResendTooSoon', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: { type: 'setSeconds', params: ({ event }) => resendAfterOf(event.error) },
          },
          { target: 'ready', actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
