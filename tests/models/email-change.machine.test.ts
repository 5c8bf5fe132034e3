import { expect } from 'vitest';
import { emailChangeMachine } from '../../src/machines/email-change.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

testModel('email-change.machine', {
  machine: emailChangeMachine,
  events: {
    'field.change': [
      { field: 'code', value: '123456' },
      { field: 'newEmail', value: 'new@example.com' },
      { field: 'code', value: '12' },
    ],
    'xstate.done.actor.sendCode': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.sendCode': [
      { error: new GatewayError('SendCurrentEmailVerificationCode', RetCode.ResendTooSoon, 'wait') },
    ],
    'xstate.done.actor.sendLink': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.sendLink': [
      { error: new GatewayError('SendChangeEmail', RetCode.EmailCodeInvalid, 'The verification code is wrong.') },
    ],
    'xstate.done.actor.countdown': [{}],
  },
  serializeState: (s) => JSON.stringify([s.value, /^\d{6}$/.test(s.context.code), s.context.newEmail.includes('@')]),
  states: {
    submitting: (s) => expect(s.context.code).toMatch(/^\d{6}$/),
  },
});
