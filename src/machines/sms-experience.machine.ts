import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { smsActions, type trialInfoData } from '../gateway/contract/actions/sms';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { RESEND_COUNTDOWN_SECONDS, resendCountdownMachine } from './resend-countdown.machine';
import { resendAfterOf, serverFieldErrors, smsFailureText as failureMessage } from '../gateway/client/failures';
import { RetCode } from '../gateway/contract/retcodes';

// The trial's test-number verification on /experience (spec 001 §1, §9): a trial account verifies up
// to 5 phone numbers with a code sent to each, then sends free test messages to them only.

type TrialInfo = z.infer<typeof trialInfoData>;
export type ExperienceField = 'country' | 'phone' | 'code';

export interface ExperienceContext {
  country: string;
  phone: string;
  code: string;
  fieldErrors: FieldErrors;
  error: string | null;
  resendAfter: number;
  canResend: boolean;
  info: TrialInfo | null;
}

export type ExperienceEvent =
  | { type: 'field.change'; field: ExperienceField; value: string }
  | { type: 'code.send' }
  | { type: 'code.resend' }
  | { type: 'code.verify' }
  | { type: 'verify.cancel' }
  | { type: 'phone.another' };

const sendSchema = smsActions.AddUSMSExperientialPhone.input;
const verifySchema = smsActions.VerifyUSMSExperientialPhone.input;
const FIELDS = { CountryCode: 'country', Phone: 'phone', Code: 'code' };
const CODE_FIELDS = {
  [RetCode.TrialCodeInvalid]: 'code',
  [RetCode.TrialCodeExpired]: 'code',
  [RetCode.TrialPhoneLimit]: 'phone',
};

const phoneRequest = (context: ExperienceContext) => ({
  CountryCode: context.country,
  Phone: context.phone.replace(/[\s-]/g, ''),
});

export const smsExperienceMachine = setup({
  types: {
    context: {} as ExperienceContext,
    events: {} as ExperienceEvent,
    input: {} as { country?: string },
  },
  actors: {
    sendCode: fromPromise(({ input }: { input: z.input<typeof sendSchema> }) =>
      call('AddUSMSExperientialPhone', input, { silent: true }),
    ),
    verifyCode: fromPromise(({ input }: { input: z.input<typeof verifySchema> }) =>
      call('VerifyUSMSExperientialPhone', input, { silent: true }),
    ),
    countdown: resendCountdownMachine,
  },
  guards: {
    isPhoneValid: ({ context }) => sendSchema.safeParse(phoneRequest(context)).success,
    isCodeValid: ({ context }) => verifySchema.safeParse({ ...phoneRequest(context), Code: context.code }).success,
    canResend: ({ context }) => context.canResend,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined }, error: null }
        : {},
    ),
    showPhoneErrors: assign(({ context }) => ({
      fieldErrors: fieldErrorsOf(sendSchema, phoneRequest(context), FIELDS),
    })),
    showCodeErrors: assign(({ context }) => ({
      fieldErrors: fieldErrorsOf(verifySchema, { ...phoneRequest(context), Code: context.code }, FIELDS),
    })),
    codeSent: assign((_, output: { ResendAfterSeconds: number }) => ({
      resendAfter: output.ResendAfterSeconds || RESEND_COUNTDOWN_SECONDS,
      canResend: false,
      code: '',
      error: null,
    })),
    allowResend: assign({ canResend: true }),
    rememberError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error, FIELDS, CODE_FIELDS);
      return {
        error: Object.keys(fieldErrors).length ? null : failureMessage(params.error),
        fieldErrors,
        resendAfter: resendAfterOf(params.error) ?? 0,
      };
    }),
    storeInfo: assign((_, info: TrialInfo) => ({ info, code: '', error: null })),
    resetPhone: assign({ phone: '', code: '', fieldErrors: {}, error: null, canResend: false }),
  },
}).createMachine({
  id: 'smsExperience',
  context: ({ input }) => ({
    country: input.country ?? '',
    phone: '',
    code: '',
    fieldErrors: {},
    error: null,
    resendAfter: 0,
    canResend: false,
    info: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'code.send': [{ guard: 'isPhoneValid', target: 'sendingCode' }, { actions: 'showPhoneErrors' }],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => phoneRequest(context),
        onDone: { target: 'codeSent', actions: { type: 'codeSent', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    codeSent: {
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => ({ seconds: context.resendAfter || RESEND_COUNTDOWN_SECONDS }),
        onDone: { actions: 'allowResend' },
      },
      on: {
        'field.change': { actions: 'setField' },
        'code.verify': [{ guard: 'isCodeValid', target: 'verifying' }, { actions: 'showCodeErrors' }],
        'code.resend': { guard: 'canResend', target: 'sendingCode' },
        'verify.cancel': { target: 'idle' },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ ...phoneRequest(context), Code: context.code.trim() }),
        onDone: { target: 'verified', actions: { type: 'storeInfo', params: ({ event }) => event.output } },
        onError: {
          target: 'codeSent',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verified: { on: { 'phone.another': { target: 'idle', actions: 'resetPhone' } } },
  },
});
