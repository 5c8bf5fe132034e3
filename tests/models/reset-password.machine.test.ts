import { expect } from 'vitest';
import { resetPasswordMachine } from '../../src/machines/reset-password.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { passwordField } from '../../src/gateway/contract/validators';
import { testModel } from './harness';

const KEY = 'k3y-0123456789abcdefghij';
const refusal = (action: string, code: number) => new GatewayError(action, code, `refused ${code}`);
const keyRefusals = (action: string) => [
  { error: refusal(action, RetCode.ResetKeyInvalid) },
  { error: refusal(action, RetCode.ResetKeyExpired) },
  { error: refusal(action, RetCode.SystemBusy) },
];

const events = {
  'field.change': [
    { field: 'password', value: 'Lovelace-1815' },
    { field: 'confirmPassword', value: 'Lovelace-1815' },
    { field: 'confirmPassword', value: 'Babbage-1791' },
    { field: 'password', value: 'password' },
  ],
  'xstate.done.actor.getEmailByKey': [{ output: { Email: 'ada@example.com' } }],
  'xstate.error.actor.getEmailByKey': keyRefusals('GetEmailByKey'),
  'xstate.done.actor.resetPassword': [{ output: {} }],
  'xstate.error.actor.resetPassword': [
    ...keyRefusals('ResetPassword'),
    { error: refusal('ResetPassword', RetCode.PasswordTooCommon) },
  ],
  // the resend child of an expired link (its own paths are in resend.machine.test.ts)
  'resend.started': [{}],
  'resend.failed': [{ error: refusal('SendResetPasswordEmail', RetCode.SystemBusy) }],
};

testModel('reset-password.machine, a key in the link', {
  machine: resetPasswordMachine,
  input: () => ({ key: KEY }),
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      passwordField.safeParse(s.context.password).success,
      s.context.confirmPassword !== '' && s.context.confirmPassword === s.context.password,
      Boolean(s.context.error),
    ]),
  states: {
    submitting: (s) => expect(s.context.password).toBe('Lovelace-1815'),
    editing: (s) => expect(s.context.email).toBe('ada@example.com'),
    expiredResend: (s) => expect(s.context.email).toBe('ada@example.com'),
  },
});

testModel(
  'reset-password.machine, no key or a malformed one',
  {
    machine: resetPasswordMachine,
    input: () => ({ key: 'short' }),
    events,
    states: { invalid: (s) => expect(s.context.email).toBe('') },
  },
  { requireAllStates: false },
);
