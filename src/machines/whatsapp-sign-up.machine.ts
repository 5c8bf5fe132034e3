import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../gateway/client/failures';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { connectWhatsAppMutation, whatsappSignUpUrlMutation } from '../gateway/client/mutations/whatsapp';

// Connecting a WhatsApp business account by embedded sign-up (issue 15 item 2; docs/decisions.md
// "WhatsApp numbers"). Start asks the gateway for the sign-up address and leaves for it (`goToSignUp`,
// given by the view); the sign-up returns to /whatsapp/number with `code` and `state` (or `error`), where a
// new actor starts from them: exchanging the code, then connected, or refused with Retry.

export interface WhatsAppSignUpReturn {
  code?: string;
  state?: string;
  error?: string;
}

export interface WhatsAppSignUpContext {
  client: QueryClient | null;
  returned: WhatsAppSignUpReturn;
  /** i18n key or the gateway's words */
  error: string | null;
}

export type WhatsAppSignUpEvent =
  { type: 'signup.start' } | { type: 'signup.retry' } | { type: 'account.disconnected' };

/** Shown when the person chose Cancel on the sign-up page. */
export const SIGN_UP_CANCELLED_KEY = 'whatsapp:signUp.cancelled';

/**
 * One exchange per state: a remounted page (React StrictMode starts actors twice in development) shares the
 * first exchange instead of spending the one-time state again.
 */
type Connected = Awaited<ReturnType<NonNullable<ReturnType<typeof connectWhatsAppMutation>['mutationFn']>>>;
const exchanges = new Map<string, Promise<Connected>>();
function exchangeOnce(client: QueryClient, code: string, state: string) {
  if (!exchanges.has(state))
    exchanges.set(state, runMutation(client, connectWhatsAppMutation(client), { Code: code, State: state }));
  return exchanges.get(state)!;
}

export const whatsappSignUpMachine = setup({
  types: {
    context: {} as WhatsAppSignUpContext,
    events: {} as WhatsAppSignUpEvent,
    input: {} as { client?: QueryClient | null; returned?: WhatsAppSignUpReturn },
  },
  actors: {
    getSignUpUrl: fromPromise(({ input }: { input: { client: QueryClient | null } }) =>
      runMutation(input.client!, whatsappSignUpUrlMutation(), undefined),
    ),
    connect: fromPromise(({ input }: { input: { client: QueryClient | null; code: string; state: string } }) =>
      exchangeOnce(input.client!, input.code, input.state),
    ),
  },
  guards: {
    returnedWithCode: ({ context }) => Boolean(context.returned.code && context.returned.state),
    returnedRefused: ({ context }) => Boolean(context.returned.error),
  },
  actions: {
    /** The view leaves for the sign-up page (the machine holds no DOM). */
    goToSignUp: (_, _params: { url: string }) => undefined,
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    rememberCancel: assign({ error: SIGN_UP_CANCELLED_KEY }),
    forgetReturn: assign({ returned: {}, error: null }),
  },
}).createMachine({
  id: 'whatsappSignUp',
  context: ({ input }) => ({ client: input?.client ?? null, returned: input?.returned ?? {}, error: null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'returnedWithCode', target: 'exchanging' },
        { guard: 'returnedRefused', target: 'refused', actions: 'rememberCancel' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: { 'signup.start': 'opening' },
    },
    opening: {
      entry: 'forgetReturn',
      invoke: {
        id: 'getSignUpUrl',
        src: 'getSignUpUrl',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'leaving',
          actions: { type: 'goToSignUp', params: ({ event }) => ({ url: event.output.Url }) },
        },
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The browser is on its way to the sign-up page. */
    leaving: {},
    exchanging: {
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }) => ({
          client: context.client,
          code: context.returned.code ?? '',
          state: context.returned.state ?? '',
        }),
        onDone: { target: 'connected', actions: 'forgetReturn' },
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    connected: {
      on: { 'signup.start': 'opening', 'account.disconnected': 'idle' },
    },
    refused: {
      on: { 'signup.retry': 'opening' },
    },
  },
});
