import { expect } from 'vitest';
import { signInMachine } from '../../src/machines/signin.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const tokens = { AccessToken: 'a', RefreshToken: 'r', AdminUserID: 1 };

testModel('signin.machine', {
  machine: signInMachine,
  input: () => ({}),
  events: {
    'field.change': [
      { field: 'email', value: 'demo@herald.local' },
      { field: 'password', value: 'herald-demo-1' },
      { field: 'email', value: 'not-an-email' },
    ],
    'xstate.done.actor.validate': [{ output: {} }, { output: { email: 'validation:emailInvalid' } }],
    'xstate.done.actor.login': [{ output: tokens }],
    'xstate.error.actor.login': [
      { error: new GatewayError('LoginByPassword', RetCode.SignInFailed, 'Sign-in failed') },
      { error: new GatewayError('LoginByPassword', RetCode.NotActivated, 'Not activated') },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([s.value, Object.keys(s.context.fieldErrors).length > 0, s.context.error !== null]),
  states: {
    signedIn: (s) => expect(s.context.tokens).toEqual(tokens),
    submitting: (s) => expect(s.context.fieldErrors).toEqual({}),
  },
});
