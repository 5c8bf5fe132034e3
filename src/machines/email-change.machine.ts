import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { settingsActions, VERIFY_TYPES } from '../gateway/contract/actions/settings';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { resendCountdownMachine } from './resend-countdown.machine';

// The e-mail change (spec 000 §7): a 6-digit code to the current address, then a confirmation link to
// the new one, finished at /mail. The code can be sent again after the 60 s countdown.
const schema = settingsActions.SendChangeEmail.input;

export interface EmailChangeContext {
  code: string;
  newEmail: string;
  fieldErrors: FieldErrors;
  /** server message of the last refusal */
  error: string | null;
}

export type EmailChangeEvent =
  | { type: 'code.send' }
  | { type: 'field.change'; field: 'code' | 'newEmail'; value: string }
  | { type: 'form.submit' }
  | { type: 'flow.restart' };

export const emailChangeMachine = setup({
  types: { context: {} as EmailChangeContext, events: {} as EmailChangeEvent },
  actors: {
    sendCode: fromPromise(() =>
      call('SendCurrentEmailVerificationCode', { VerifyType: VERIFY_TYPES.ModifyOldEmail }, { silent: true }),
    ),
    sendLink: fromPromise(({ input }: { input: { Code: string; NewEmail: string } }) =>
      call('SendChangeEmail', input, { silent: true }),
    ),
    countdown: resendCountdownMachine,
  },
  guards: {
    isFormValid: ({ context }) => schema.safeParse({ Code: context.code, NewEmail: context.newEmail }).success,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } }
        : {},
    ),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: fieldErrorsOf(
        schema,
        { Code: context.code, NewEmail: context.newEmail },
        { Code: 'code', NewEmail: 'newEmail' },
      ),
    })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : null,
    })),
    clearError: assign({ error: null }),
    reset: assign({ code: '', newEmail: '', fieldErrors: {}, error: null }),
  },
}).createMachine({
  id: 'emailChange',
  context: { code: '', newEmail: '', fieldErrors: {}, error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'code.send': { target: 'sendingCode', actions: 'clearError' } } },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: 'codeSent',
        onError: {
          target: 'idle',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    codeSent: {
      initial: 'waiting',
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearError' },
          { actions: 'showFieldErrors' },
        ],
      },
      states: {
        waiting: { invoke: { id: 'countdown', src: 'countdown', input: {}, onDone: 'ready' } },
        ready: { on: { 'code.send': { target: '#emailChange.sendingCode', actions: 'clearError' } } },
      },
    },
    submitting: {
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => ({ Code: context.code.trim(), NewEmail: context.newEmail.trim() }),
        onDone: 'linkSent',
        onError: {
          target: 'codeSent.ready',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    linkSent: { on: { 'flow.restart': { target: 'idle', actions: 'reset' } } },
  },
});
