import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { call, GatewayError } from '../gateway/client';
import { accountActions } from '../gateway/actions/account';
import { RetCode } from '../gateway/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/field-errors';
import type { TokenSet } from './session.machine';

/** Spec 000 §8: inactive accounts are redirected to activation after 2 seconds. */
export const INACTIVE_REDIRECT_MS = 2_000;

export interface SignInContext {
  email: string;
  password: string;
  fieldErrors: FieldErrors;
  /** i18n key or server message of the last refusal */
  error: string | null;
  tokens: TokenSet | null;
}

export type SignInEvent =
  | { type: 'field.change'; field: 'email' | 'password'; value: string }
  | { type: 'form.submit' };

const schema = accountActions.LoginByPassword.input;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { email?: string },
  },
  actors: {
    login: fromPromise(({ input }: { input: z.input<typeof schema> }) => call('LoginByPassword', input)),
  },
  guards: {
    isFormValid: ({ context }) => schema.safeParse({ Email: context.email, Password: context.password }).success,
    isNotActivated: (_, params: { error: unknown }) => params.error instanceof GatewayError && params.error.retCode === RetCode.NotActivated,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } };
    }),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: fieldErrorsOf(schema, { Email: context.email, Password: context.password }, { Email: 'email', Password: 'password' }),
    })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : 'errors:SystemBusy',
    })),
    clearError: assign({ error: null }),
    storeTokens: assign((_, tokens: TokenSet) => ({ tokens })),
  },
  delays: { inactiveRedirect: INACTIVE_REDIRECT_MS },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ email: input.email ?? '', password: '', fieldErrors: {}, error: null, tokens: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearError' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ Email: context.email.trim(), Password: context.password }),
        onDone: { target: 'signedIn', actions: { type: 'storeTokens', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isNotActivated', params: ({ event }) => ({ error: event.error }) }, target: 'notActivated' },
          { target: 'editing', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    notActivated: {
      after: { inactiveRedirect: 'redirectingToActivation' },
    },
    redirectingToActivation: { type: 'final' },
    signedIn: { type: 'final' },
  },
});
