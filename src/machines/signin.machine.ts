import { assign, fromPromise, setup } from 'xstate';
import { call, GatewayError } from '../gateway/client/call';
import { RetCode } from '../gateway/contract/retcodes';
import type { FieldErrors } from '../gateway/contract/field-errors';
import type { TokenSet } from './session.machine';

/**
 * The shared LoginByPassword schema, checked when the form is submitted. It is loaded then rather
 * than with the page: zod is a third of /signin's weight, and nothing needs it before the first submit.
 */
async function signInFieldErrors(email: string, password: string): Promise<FieldErrors> {
  const [{ accountActions }, { fieldErrorsOf }] = await Promise.all([
    import('../gateway/contract/actions/account'),
    import('../gateway/contract/field-errors'),
  ]);
  return fieldErrorsOf(
    accountActions.LoginByPassword.input,
    { Email: email, Password: password },
    { Email: 'email', Password: 'password' },
  );
}

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
  { type: 'field.change'; field: 'email' | 'password'; value: string } | { type: 'form.submit' };

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { email?: string },
  },
  actors: {
    validate: fromPromise(({ input }: { input: { email: string; password: string } }) =>
      signInFieldErrors(input.email, input.password),
    ),
    login: fromPromise(({ input }: { input: { Email: string; Password: string } }) => call('LoginByPassword', input)),
  },
  guards: {
    hasNoFieldErrors: (_, params: { errors: FieldErrors }) => Object.keys(params.errors).length === 0,
    isNotActivated: (_, params: { error: unknown }) =>
      params.error instanceof GatewayError && params.error.retCode === RetCode.NotActivated,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } };
    }),
    showFieldErrors: assign((_, params: { errors: FieldErrors }) => ({ fieldErrors: params.errors })),
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
        'form.submit': { target: 'validating', actions: 'clearError' },
      },
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: { type: 'hasNoFieldErrors', params: ({ event }) => ({ errors: event.output }) },
            target: 'submitting',
          },
          {
            target: 'editing',
            actions: { type: 'showFieldErrors', params: ({ event }) => ({ errors: event.output }) },
          },
        ],
        // The validator's chunk could not load (offline): the server still validates.
        onError: 'submitting',
      },
    },
    submitting: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ Email: context.email.trim(), Password: context.password }),
        onDone: { target: 'signedIn', actions: { type: 'storeTokens', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isNotActivated', params: ({ event }) => ({ error: event.error }) },
            target: 'notActivated',
          },
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
