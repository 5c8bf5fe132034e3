import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { accountActions } from '../gateway/contract/actions/account';
import { RetCode } from '../gateway/contract/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { RESEND_COUNTDOWN_SECONDS } from './resend-countdown.machine';
import { resendMachine, type ResendReport } from './resend.machine';
import { failureText, resendAfterOf, serverFieldErrors } from '../gateway/client/failures';

export interface RetrieveContext {
  email: string;
  fieldErrors: FieldErrors;
  /** the last refusal that belongs to no field (server text or `auth:` key) */
  error: string | null;
  resendAfter: number;
}

export type RetrieveEvent =
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'form.submit' }
  | { type: 'email.edit' }
  | ResendReport;

const schema = accountActions.SendResetPasswordEmail.input;
const FIELD_NAMES = { Email: 'email' };
/** 214407: no account uses this e-mail; said under the field. */
const REFUSAL_FIELDS = { [RetCode.UserNotExist]: 'email' };

const requestOf = (context: RetrieveContext) => ({ Email: context.email });

/** Forgot password: ask for a reset mail, then wait out the 60 s countdown before another. */
export const retrieveMachine = setup({
  types: {
    context: {} as RetrieveContext,
    events: {} as RetrieveEvent,
    input: {} as { email?: string },
  },
  actors: {
    sendResetMail: fromPromise(({ input }: { input: z.output<typeof schema> }) =>
      call('SendResetPasswordEmail', input),
    ),
    resend: resendMachine,
  },
  guards: {
    isFormValid: ({ context }) => schema.safeParse(requestOf(context)).success,
    isResendTooSoon: (_, params: { error: unknown }) => resendAfterOf(params.error) !== undefined,
  },
  actions: {
    setField: assign(({ event }) =>
      event.type === 'field.change' ? { email: event.value, fieldErrors: {}, error: null } : {},
    ),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: fieldErrorsOf(schema, requestOf(context), FIELD_NAMES) })),
    clearError: assign({ error: null }),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELD_NAMES, REFUSAL_FIELDS);
      return { fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : failureText(params.error) };
    }),
    setResendAfter: assign((_, seconds: number) => ({ resendAfter: seconds > 0 ? seconds : RESEND_COUNTDOWN_SECONDS })),
  },
}).createMachine({
  id: 'retrieve',
  context: ({ input }) => ({
    email: input.email ?? '',
    fieldErrors: {},
    error: null,
    resendAfter: RESEND_COUNTDOWN_SECONDS,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'sending', actions: 'clearError' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendResetMail',
        src: 'sendResetMail',
        input: ({ context }) => schema.parse(requestOf(context)),
        onDone: {
          target: 'sent',
          actions: { type: 'setResendAfter', params: ({ event }) => event.output.ResendAfterSeconds },
        },
        onError: [
          {
            guard: { type: 'isResendTooSoon', params: ({ event }) => ({ error: event.error }) },
            target: 'sent',
            actions: {
              type: 'setResendAfter',
              params: ({ event }) => resendAfterOf(event.error) ?? RESEND_COUNTDOWN_SECONDS,
            },
          },
          { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** A reset mail is on its way; the resend child says when another can be asked for, and asks. */
    sent: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({
          action: 'SendResetPasswordEmail' as const,
          request: schema.parse(requestOf(context)),
          seconds: context.resendAfter,
        }),
      },
      on: {
        'email.edit': { target: 'editing', actions: 'clearError' },
        'resend.started': { actions: 'clearError' },
        'resend.failed': { actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
