import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { call } from '../gateway/client/call';
import { accountActions } from '../gateway/contract/actions/account';
import { RetCode } from '../gateway/contract/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { keyField } from '../gateway/contract/validators';
import { failureText, hasRetCode, serverFieldErrors } from '../gateway/client/failures';
import { resendMachine, type ResendReport } from './resend.machine';

/** The success screen stays this long before sign-in, so the user sees that it worked. */
export const RESET_SIGN_IN_REDIRECT_MS = 3_000;

export interface ResetPasswordContext {
  key: string;
  /** the account the link belongs to, from GetEmailByKey */
  email: string;
  password: string;
  confirmPassword: string;
  fieldErrors: FieldErrors;
  /** the last refusal that belongs to no field (server text or `auth:` key) */
  error: string | null;
}

export type ResetPasswordEvent =
  | { type: 'field.change'; field: 'password' | 'confirmPassword'; value: string }
  | { type: 'form.submit' }
  | { type: 'check.retry' }
  | { type: 'signIn.go' }
  | ResendReport;

const resetSchema = accountActions.ResetPassword.input;
/** The shared password rules, and the confirmation must match (checked here: the server never sees it). */
const formSchema = resetSchema
  .pick({ Password: true })
  .extend({ ConfirmPassword: z.string() })
  .refine((v) => v.ConfirmPassword === v.Password, {
    message: 'validation:passwordMismatch',
    path: ['ConfirmPassword'],
  });
const FIELD_NAMES = { Password: 'password', ConfirmPassword: 'confirmPassword' };

const formOf = (context: ResetPasswordContext) => ({
  Password: context.password,
  ConfirmPassword: context.confirmPassword,
});
const isExpiredKey = (error: unknown) => hasRetCode(error, RetCode.ResetKeyExpired, RetCode.ActivationKeyExpired);
const isInvalidKey = (error: unknown) => hasRetCode(error, RetCode.ResetKeyInvalid, RetCode.ActivationKeyInvalid);

/** /reset?key=…: whose link it is, a new password, then on to sign-in. */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { key: string | null },
  },
  actors: {
    // A read: running twice under StrictMode is harmless.
    getEmailByKey: fromPromise(({ input }: { input: { Key: string } }) =>
      call('GetEmailByKey', input, { silent: true }),
    ),
    resetPassword: fromPromise(({ input }: { input: z.output<typeof resetSchema> }) => call('ResetPassword', input)),
    resend: resendMachine,
  },
  guards: {
    isKeyWellFormed: ({ context }) => keyField.safeParse(context.key).success,
    isFormValid: ({ context }) => formSchema.safeParse(formOf(context)).success,
    isExpired: (_, params: { error: unknown }) => isExpiredKey(params.error),
    isInvalid: (_, params: { error: unknown }) => isInvalidKey(params.error),
  },
  actions: {
    setEmail: assign((_, email: string) => ({ email })),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const cleared = { ...context.fieldErrors, [event.field]: undefined };
      if (event.field === 'password') cleared.confirmPassword = undefined;
      return { [event.field]: event.value, fieldErrors: cleared, error: null };
    }),
    showFieldErrors: assign(({ context }) => {
      const fieldErrors = fieldErrorsOf(formSchema, formOf(context), FIELD_NAMES);
      // zod judges the confirmation only once the password passes; say it at once instead.
      if (context.confirmPassword !== context.password) fieldErrors.confirmPassword ??= 'validation:passwordMismatch';
      return { fieldErrors };
    }),
    clearError: assign({ error: null }),
    rememberFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELD_NAMES, { [RetCode.PasswordTooCommon]: 'password' });
      return {
        fieldErrors: { ...context.fieldErrors, ...fieldErrors },
        error: Object.keys(fieldErrors).length > 0 ? null : failureText(params.error),
      };
    }),
  },
  delays: { signInRedirect: RESET_SIGN_IN_REDIRECT_MS },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    key: input.key?.trim() ?? '',
    email: '',
    password: '',
    confirmPassword: '',
    fieldErrors: {},
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isKeyWellFormed', target: 'checking' }, { target: 'invalid' }],
    },
    checking: {
      invoke: {
        id: 'getEmailByKey',
        src: 'getEmailByKey',
        input: ({ context }) => ({ Key: context.key }),
        onDone: { target: 'editing', actions: { type: 'setEmail', params: ({ event }) => event.output.Email } },
        onError: [
          { guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          {
            target: 'unreachable',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The link could not be checked (network, busy): nothing is known about it yet. */
    unreachable: {
      on: { 'check.retry': { target: 'checking', actions: 'clearError' } },
    },
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
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => resetSchema.parse({ Key: context.key, Password: context.password }),
        onDone: { target: 'succeeded' },
        onError: [
          // the account is known by now: a new link can go to it from here
          { guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) }, target: 'expiredResend' },
          { guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    succeeded: {
      after: { signInRedirect: 'redirectingToSignIn' },
      on: { 'signIn.go': 'redirectingToSignIn' },
    },
    redirectingToSignIn: { type: 'final' },
    /** 231007: the link is older than 30 minutes. */
    expired: { type: 'final' },
    /** 231007 while the form was open: the resend child sends a new link to the account, one at a time. */
    expiredResend: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({
          action: 'SendResetPasswordEmail' as const,
          request: { Email: context.email },
          startReady: true,
        }),
      },
      on: {
        'resend.started': { actions: 'clearError' },
        'resend.failed': { actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** 231006, a used link, or no key at all. */
    invalid: { type: 'final' },
  },
});
