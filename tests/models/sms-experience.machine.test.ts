import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { smsExperienceMachine, type ExperienceContext } from '../../src/machines/sms-experience.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const info = {
  Upgraded: false,
  Phones: [{ Phone: '4155550100', CountryCode: 'US', Verified: true, CreateTime: 1 }],
  MaxPhones: 5,
  FreeTotal: 20,
  FreeUsed: 0,
  FreeRemaining: 20,
};

testModel('sms-experience.machine', {
  machine: smsExperienceMachine,
  input: () => ({}),
  events: {
    'field.change': [
      { field: 'country', value: 'US' },
      { field: 'phone', value: '4155550100' },
      { field: 'code', value: '123456' },
    ],
    'xstate.done.actor.sendCode': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.sendCode': [
      { error: new GatewayError('AddUSMSExperientialPhone', RetCode.TrialPhoneLimit, 'At most 5 numbers') },
    ],
    'xstate.done.actor.verifyCode': [{ output: info }],
    'xstate.error.actor.verifyCode': [
      { error: new GatewayError('VerifyUSMSExperientialPhone', RetCode.TrialCodeInvalid, 'Wrong code') },
    ],
  },
  serializeState: (s: { value: unknown; context: ExperienceContext }) =>
    JSON.stringify([
      s.value,
      Boolean(s.context.country),
      Boolean(s.context.phone),
      Boolean(s.context.code),
      s.context.canResend,
    ]),
  states: {
    verified: (s) => expect(s.context.info).toEqual(info),
    verifying: (s) => expect(s.context.code).toMatch(/^\d{6}$/),
  },
});

describe('trial verification rules', () => {
  it('needs a country and a number before a code is sent', () => {
    const actor = createActor(smsExperienceMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'phone', value: '4155550100' });
    actor.send({ type: 'code.send' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors.country).toMatch(/^validation:/);
  });

  it('does not resend before the countdown ends', () => {
    const actor = createActor(smsExperienceMachine, { input: { country: 'US' } });
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
  });
});
