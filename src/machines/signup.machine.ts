import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { signUpActions as accountActions } from '../gateway/contract/actions/sign-up';
import { RetCode } from '../gateway/contract/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { RESEND_COUNTDOWN_SECONDS, resendCountdownMachine } from './resend-countdown.machine';
import { failureText, resendAfterOf, retCodeOf, serverFieldErrors } from '../gateway/client/failures';

export type SignUpTextField = 'email' | 'password' | 'confirmPassword' | 'country' | 'phone' | 'phoneCode' | 'name';

export interface SignUpContext {
  email: string;
  password: string;
  confirmPassword: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  phone: string;
  phoneCode: string;
  name: string;
  agree: boolean;
  fieldErrors: FieldErrors;
  /** the last registration refusal that belongs to no single field (server text or `auth:` key) */
  error: string | null;
  /** RetCode of the last registration refusal, so the view can offer sign-in when the user exists */
  refusal: number | null;
  /** the last refusal of the code send (server text or `auth:` key) */
  codeError: string | null;
  /** where the latest code went: changing the number or country ends its countdown */
  codeSentTo: { phone: string; country: string } | null;
  resendAfter: number;
}

export type SignUpEvent =
  | { type: 'field.change'; field: SignUpTextField; value: string }
  | { type: 'agreement.set'; value: boolean }
  | { type: 'code.send' }
  | { type: 'form.submit' };

const schema = accountActions.RegisterAdminUser.input;
const codeSchema = accountActions.SendRegisterPhoneCodeV1.input;
const FIELD_NAMES = {
  Email: 'email',
  Password: 'password',
  ConfirmPassword: 'confirmPassword',
  Phone: 'phone',
  PhoneCode: 'phoneCode',
  Country: 'country',
  EnName: 'name',
  Agree: 'agree',
};
/** Refusals that belong to one field: shown under it rather than above the button. */
const REFUSAL_FIELDS: Record<number, string> = {
  [RetCode.UserExists]: 'email',
  [RetCode.SignupCodeExpired]: 'phoneCode',
  [RetCode.PhoneCodeInvalid]: 'phoneCode',
  [RetCode.PasswordTooCommon]: 'password',
};

/** The form as the RegisterAdminUser request; an empty name is left out (it is optional). */
export function registrationOf(context: SignUpContext): Record<string, unknown> {
  const name = context.name.trim();
  return {
    Email: context.email,
    Password: context.password,
    ConfirmPassword: context.confirmPassword,
    Phone: context.phone,
    PhoneCode: context.phoneCode,
    Country: context.country,
    ...(name ? { EnName: name } : {}),
    Agree: context.agree,
  };
}

const codeRequestOf = (context: SignUpContext) => ({ Phone: context.phone, Country: context.country });

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { country: string; email?: string },
  },
  actors: {
    register: fromPromise(({ input }: { input: z.output<typeof schema> }) => call('RegisterAdminUser', input)),
    sendCode: fromPromise(({ input }: { input: z.output<typeof codeSchema> }) =>
      call('SendRegisterPhoneCodeV1', input),
    ),
    countdown: resendCountdownMachine,
  },
  guards: {
    isFormValid: ({ context }) => schema.safeParse(registrationOf(context)).success,
    isPhoneValid: ({ context }) => codeSchema.safeParse(codeRequestOf(context)).success,
    isResendTooSoon: (_, params: { error: unknown }) => resendAfterOf(params.error) !== undefined,
    /** A new number or country deserves its own code at once: the 60 s wait is per number. */
    changesCodeTarget: ({ context, event }) =>
      event.type === 'field.change' &&
      ((event.field === 'phone' && event.value.trim() !== context.codeSentTo?.phone) ||
        (event.field === 'country' && event.value !== context.codeSentTo?.country)),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const cleared = { ...context.fieldErrors, [event.field]: undefined };
      // The confirmation is judged against the password, so a new password clears its error too.
      if (event.field === 'password') cleared.confirmPassword = undefined;
      return { [event.field]: event.value, fieldErrors: cleared, error: null, refusal: null };
    }),
    setAgreement: assign(({ context, event }) =>
      event.type === 'agreement.set'
        ? { agree: event.value, fieldErrors: { ...context.fieldErrors, agree: undefined } }
        : {},
    ),
    showFieldErrors: assign(({ context }) => {
      const fieldErrors = fieldErrorsOf(schema, registrationOf(context), FIELD_NAMES);
      // zod judges the confirmation only once every other field passes; say it at once instead.
      if (context.confirmPassword !== context.password) fieldErrors.confirmPassword ??= 'validation:passwordMismatch';
      return { fieldErrors };
    }),
    showPhoneErrors: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, ...fieldErrorsOf(codeSchema, codeRequestOf(context), FIELD_NAMES) },
    })),
    clearError: assign({ error: null, refusal: null }),
    clearCodeError: assign({ codeError: null }),
    rememberRegisterFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELD_NAMES, REFUSAL_FIELDS);
      const onAField = Object.keys(fieldErrors).length > 0;
      return {
        fieldErrors: { ...context.fieldErrors, ...fieldErrors },
        error: onAField ? null : failureText(params.error),
        refusal: retCodeOf(params.error) ?? null,
      };
    }),
    rememberCodeSent: assign(({ context }) => ({
      codeSentTo: { phone: context.phone.trim(), country: context.country },
    })),
    rememberCodeFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELD_NAMES);
      return {
        fieldErrors: { ...context.fieldErrors, ...fieldErrors },
        codeError: Object.keys(fieldErrors).length > 0 ? null : failureText(params.error),
      };
    }),
    setResendAfter: assign((_, seconds: number) => ({ resendAfter: seconds > 0 ? seconds : RESEND_COUNTDOWN_SECONDS })),
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    email: input.email ?? '',
    password: '',
    confirmPassword: '',
    country: input.country,
    phone: '',
    phoneCode: '',
    name: '',
    agree: false,
    fieldErrors: {},
    error: null,
    refusal: null,
    codeError: null,
    codeSentTo: null,
    resendAfter: RESEND_COUNTDOWN_SECONDS,
  }),
  initial: 'filling',
  states: {
    filling: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': { actions: 'setField' },
                'agreement.set': { actions: 'setAgreement' },
                'form.submit': [
                  { guard: 'isFormValid', target: 'submitting', actions: 'clearError' },
                  { actions: 'showFieldErrors' },
                ],
              },
            },
            submitting: {
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ context }) => schema.parse(registrationOf(context)),
                onDone: { target: '#signUp.registered' },
                onError: {
                  target: 'editing',
                  actions: { type: 'rememberRegisterFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        code: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'code.send': [
                  { guard: 'isPhoneValid', target: 'sending', actions: 'clearCodeError' },
                  { actions: 'showPhoneErrors' },
                ],
              },
            },
            sending: {
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => codeSchema.parse(codeRequestOf(context)),
                onDone: {
                  target: 'waiting',
                  actions: [
                    'rememberCodeSent',
                    { type: 'setResendAfter', params: ({ event }) => event.output.ResendAfterSeconds },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isResendTooSoon', params: ({ event }) => ({ error: event.error }) },
                    target: 'waiting',
                    actions: [
                      'rememberCodeSent',
                      {
                        type: 'setResendAfter',
                        params: ({ event }) => resendAfterOf(event.error) ?? RESEND_COUNTDOWN_SECONDS,
                      },
                    ],
                  },
                  {
                    target: 'idle',
                    actions: { type: 'rememberCodeFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            waiting: {
              invoke: {
                id: 'countdown',
                src: 'countdown',
                input: ({ context }) => ({ seconds: context.resendAfter }),
                onDone: 'idle',
              },
              on: {
                'field.change': {
                  guard: and(['changesCodeTarget', stateIn('#signUp.filling.form.editing')]),
                  target: 'idle',
                },
              },
            },
          },
        },
      },
    },
    /** The account exists; its activation mail is on its way. */
    registered: { type: 'final' },
  },
});
