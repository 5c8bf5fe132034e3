import { expect } from 'vitest';
import { retrieveMachine } from '../../src/machines/retrieve.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const refusal = (code: number, data: unknown = {}) =>
  new GatewayError('SendResetPasswordEmail', code, `refused ${code}`, data);
const refusals = [
  { error: refusal(RetCode.UserNotExist) },
  { error: refusal(RetCode.ResendTooSoon, { ResendAfterSeconds: 42 }) },
  { error: refusal(RetCode.SystemBusy) },
];

testModel('retrieve.machine', {
  machine: retrieveMachine,
  input: () => ({}),
  events: {
    'field.change': [
      { field: 'email', value: 'ada@example.com' },
      { field: 'email', value: 'not-an-email' },
    ],
    'xstate.done.actor.sendResetMail': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.sendResetMail': refusals,
    // the resend child's reports (its own paths are in resend.machine.test.ts)
    'resend.failed': refusals.filter(({ error }) => error.retCode !== RetCode.ResendTooSoon),
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.email.includes('@'),
      Boolean(s.context.error),
      Boolean(s.context.fieldErrors.email),
    ]),
  states: {
    sending: (s) => expect(s.context.email).toBe('ada@example.com'),
    sent: (s) => expect([42, 60]).toContain(s.context.resendAfter),
    editing: (s) => {
      if (s.context.fieldErrors.email?.startsWith('errors:'))
        expect(s.context.fieldErrors.email).toBe('errors:UserNotExist');
    },
  },
});
