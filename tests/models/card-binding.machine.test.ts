import { expect } from 'vitest';
import { cardBindingMachine } from '../../src/machines/card-binding.machine';
import { cardFormErrors } from '../../src/machines/card-rules';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const refused = new GatewayError('ConfirmCardSetup', RetCode.NotFound, 'Not found');
const intent = {
  SetupIntentId: 'seti_12345678',
  ClientSecret: 'secret',
  ProviderUrl: '/provider-sandbox/v1',
  Sandbox: true,
  TestCards: [],
};
const saved = {
  Card: {
    PaymentMethodId: 'pm_12345678',
    Brand: 'visa',
    Last4: '4242',
    ExpMonth: 12,
    ExpYear: 2040,
    HolderName: 'Ada Lovelace',
    IsDefault: true,
    CreateTime: 0,
  },
  Upgraded: true,
  FreezeAmount: 100_000,
  FreezeReleaseTime: 0,
};

testModel('card-binding.machine', {
  machine: cardBindingMachine,
  events: {
    'card.change': [
      { field: 'holder', value: 'Ada Lovelace' },
      { field: 'number', value: '4242 4242 4242 4242' },
      { field: 'expiry', value: '12/40' },
      { field: 'cvc', value: '123' },
    ],
    'card.setDefault': [{ cardId: 'pm_1' }],
    'card.remove': [{ cardId: 'pm_1' }],
    'xstate.done.actor.prepare': [{ output: intent }],
    'xstate.error.actor.prepare': [{ error: refused }],
    'xstate.done.actor.sendCard': [
      { output: { status: 'succeeded', paymentMethodId: 'pm_1', challengeUrl: null, declineCode: null } },
      { output: { status: 'requires_action', paymentMethodId: null, challengeUrl: '/challenge/1', declineCode: null } },
      { output: { status: 'failed', paymentMethodId: null, challengeUrl: null, declineCode: 'card_declined' } },
    ],
    'xstate.error.actor.sendCard': [{ error: refused }],
    'xstate.done.actor.saveCard': [{ output: saved }],
    'xstate.error.actor.saveCard': [{ error: refused }],
    'xstate.done.actor.makeDefault': [{ output: undefined }],
    'xstate.error.actor.makeDefault': [{ error: refused }],
    'xstate.done.actor.dropCard': [{ output: undefined }],
    'xstate.error.actor.dropCard': [{ error: refused }],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      Object.keys(cardFormErrors(s.context.form)).length,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.error !== null,
    ]),
  limit: 3000,
  states: {
    'binding.sendingCard': (s) => {
      expect(cardFormErrors(s.context.form)).toEqual({});
      expect(s.context.intent?.SetupIntentId).toBe('seti_12345678');
    },
    'binding.challenge': (s) => expect(s.context.challengeUrl).toBe('/challenge/1'),
    'binding.saved': (s) => {
      expect(s.context.savedCardId).toBe('pm_12345678');
      expect(s.context.intent).toBeNull();
    },
    'binding.unavailable': (s) => expect(s.context.error).toBeTruthy(),
    'binding.failed': (s) => expect(s.context.error).toBeTruthy(),
    'cards.settingDefault': (s) => expect(s.context.busyCardId).toBe('pm_1'),
    'cards.removing': (s) => expect(s.context.busyCardId).toBe('pm_1'),
  },
});
