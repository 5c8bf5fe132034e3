import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { accountActions } from '../gateway/contract/actions/account';
import { RetCode } from '../gateway/contract/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { keyField } from '../gateway/contract/validators';
import { RESEND_COUNTDOWN_SECONDS } from './resend-countdown.machine';
import { resendMachine, type ResendReport } from './resend.machine';
import { failureText, hasRetCode, resendAfterOf, serverFieldErrors } from '../gateway/client/failures';

/** Spec 000 §8: activation success redirects to sign-in; the confirmation stays this long first. */
export const ACTIVATED_REDIRECT_MS = 2_000;

/** Why the resend form shows: no key in the link (sign-in's inactive redirect), or a bad key. */
export type ResendReason = 'notActivated' | 'expired' | 'invalid';

export interface ActivationContext {
  key: string;
  /** prefilled from ?email=, replaced by the activated account's address */
  email: string;
  reason: ResendReason;
  fieldErrors: FieldErrors;
  /** the last refusal that belongs to no field (server text or `auth:` key) */
  error: string | null;
  resendAfter: number;
}

export type ActivationEvent =
  | { type: 'activation.start' }
  | { type: 'signIn.go' }
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'mail.send' }
  | { type: 'email.edit' }
  | ResendReport;

const mailSchema = accountActions.SendActivateEmail.input;
const FIELD_NAMES = { Email: 'email' };
const REFUSAL_FIELDS = { [RetCode.UserNotExist]: 'email' };

/**
 * A key is activated at most once per page, however often the actor runs: React StrictMode stops and
 * restarts the actor right after the first start, which would call ActivateAdminUser a second time and
 * answer "already activated" to the user who just activated. The second run shares the first's reply.
 */
const activationsInFlight = new Map<string, Promise<z.output<typeof accountActions.ActivateAdminUser.data>>>();

function activateOnce(key: string) {
  let pending = activationsInFlight.get(key);
  if (!pending) {
    pending = call('ActivateAdminUser', { Key: key }).finally(() => activationsInFlight.delete(key));
    activationsInFlight.set(key, pending);
  }
  return pending;
}

const mailRequestOf = (context: ActivationContext) => ({ Email: context.email });

/** /active: activate the key from the mail, or send a new activation mail. */
export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    input: {} as { key: string | null; email?: string },
  },
  actors: {
    activate: fromPromise(({ input }: { input: { Key: string } }) => activateOnce(input.Key)),
    sendActivationMail: fromPromise(({ input }: { input: z.output<typeof mailSchema> }) =>
      call('SendActivateEmail', input),
    ),
    resend: resendMachine,
  },
  guards: {
    isKeyWellFormed: ({ context }) => keyField.safeParse(context.key).success,
    isMailFormValid: ({ context }) => mailSchema.safeParse(mailRequestOf(context)).success,
    isAlreadyActivated: (_, params: { error: unknown }) => hasRetCode(params.error, RetCode.AlreadyActivated),
    isExpired: (_, params: { error: unknown }) => hasRetCode(params.error, RetCode.ActivationKeyExpired),
    isInvalid: (_, params: { error: unknown }) => hasRetCode(params.error, RetCode.ActivationKeyInvalid),
    isResendTooSoon: (_, params: { error: unknown }) => resendAfterOf(params.error) !== undefined,
  },
  actions: {
    setEmail: assign((_, email: string) => ({ email })),
    setReason: assign((_, reason: ResendReason) => ({ reason })),
    setField: assign(({ event }) =>
      event.type === 'field.change' ? { email: event.value, fieldErrors: {}, error: null } : {},
    ),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: fieldErrorsOf(mailSchema, mailRequestOf(context), FIELD_NAMES),
    })),
    clearError: assign({ error: null }),
    rememberFailure: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELD_NAMES, REFUSAL_FIELDS);
      return { fieldErrors, error: Object.keys(fieldErrors).length > 0 ? null : failureText(params.error) };
    }),
    setResendAfter: assign((_, seconds: number) => ({ resendAfter: seconds > 0 ? seconds : RESEND_COUNTDOWN_SECONDS })),
  },
  delays: { activatedRedirect: ACTIVATED_REDIRECT_MS },
}).createMachine({
  id: 'activation',
  context: ({ input }) => {
    const key = input.key?.trim() ?? '';
    return {
      key,
      email: input.email?.trim() ?? '',
      // A key that cannot be a key is as good as an invalid one; no key is sign-in's redirect.
      reason: key ? 'invalid' : 'notActivated',
      fieldErrors: {},
      error: null,
      resendAfter: RESEND_COUNTDOWN_SECONDS,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isKeyWellFormed', target: 'ready' }, { target: 'resend' }],
    },
    /** Waits for the view's one `activation.start`: the work starts from an event, never on mount. */
    ready: {
      on: { 'activation.start': 'activating' },
    },
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ Key: context.key }),
        onDone: { target: 'activated', actions: { type: 'setEmail', params: ({ event }) => event.output.Email } },
        onError: [
          {
            guard: { type: 'isAlreadyActivated', params: ({ event }) => ({ error: event.error }) },
            target: 'alreadyActivated',
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'resend',
            actions: { type: 'setReason', params: 'expired' },
          },
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'resend',
            actions: { type: 'setReason', params: 'invalid' },
          },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The gateway could not be reached or was busy: the key may still be good, so try again. */
    failed: {
      on: { 'activation.start': { target: 'activating', actions: 'clearError' } },
    },
    activated: {
      after: { activatedRedirect: 'redirectingToSignIn' },
      on: { 'signIn.go': 'redirectingToSignIn' },
    },
    redirectingToSignIn: { type: 'final' },
    /** 214418: nothing to do but sign in. */
    alreadyActivated: { type: 'final' },
    resend: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'setField' },
            'mail.send': [
              { guard: 'isMailFormValid', target: 'sending', actions: 'clearError' },
              { actions: 'showFieldErrors' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendActivationMail',
            src: 'sendActivationMail',
            input: ({ context }) => mailSchema.parse(mailRequestOf(context)),
            onDone: {
              target: 'sent',
              actions: { type: 'setResendAfter', params: ({ event }) => event.output.ResendAfterSeconds },
            },
            onError: [
              {
                guard: { type: 'isAlreadyActivated', params: ({ event }) => ({ error: event.error }) },
                target: '#activation.alreadyActivated',
              },
              {
                guard: { type: 'isResendTooSoon', params: ({ event }) => ({ error: event.error }) },
                target: 'sent',
                actions: {
                  type: 'setResendAfter',
                  params: ({ event }) => resendAfterOf(event.error) ?? RESEND_COUNTDOWN_SECONDS,
                },
              },
              {
                target: 'editing',
                actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        /** A new activation mail is on its way; the resend child says when another can be asked for, and asks. */
        sent: {
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context }) => ({
              action: 'SendActivateEmail' as const,
              request: mailSchema.parse(mailRequestOf(context)),
              seconds: context.resendAfter,
            }),
          },
          on: {
            'email.edit': { target: 'editing', actions: 'clearError' },
            'resend.started': { actions: 'clearError' },
            'resend.failed': [
              {
                guard: { type: 'isAlreadyActivated', params: ({ event }) => ({ error: event.error }) },
                target: '#activation.alreadyActivated',
              },
              { actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
