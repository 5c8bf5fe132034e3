import { assign, setup } from 'xstate';

/** Spec 000 §9: a code or mail can be sent again after 60 s. */
export const RESEND_COUNTDOWN_SECONDS = 60;

/** Counts down once a second; the parent invokes it after a send and moves on when it is done. */
export const resendCountdownMachine = setup({
  types: {
    context: {} as { remaining: number },
    input: {} as { seconds?: number },
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  actions: {
    tick: assign(({ context }) => ({ remaining: context.remaining - 1 })),
  },
  delays: { oneSecond: 1_000 },
}).createMachine({
  id: 'resendCountdown',
  context: ({ input }) => ({ remaining: input.seconds ?? RESEND_COUNTDOWN_SECONDS }),
  initial: 'counting',
  states: {
    counting: {
      after: {
        oneSecond: [
          { guard: 'isLastSecond', target: 'done', actions: 'tick' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
    done: { type: 'final' },
  },
});
