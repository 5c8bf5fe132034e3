import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { smsTrialSendMachine, type SmsTrialSendContext } from '../../src/machines/sms-trial-send.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const us = { Phone: '4155550100', CountryCode: 'US' };
const gb = { Phone: '447700900100', CountryCode: 'GB' };

testModel('sms-trial-send.machine', {
  machine: smsTrialSendMachine,
  input: () => ({}),
  events: {
    'phone.pick': [{ phone: us }, { phone: gb }],
    'phone.unpick': [{ phone: us.Phone }],
    'message.choose': [{ templateId: 'UT1' }],
    'xstate.done.actor.sendTrial': [{ output: { SentCount: 1, FreeRemaining: 19 } }],
    'xstate.error.actor.sendTrial': [
      { error: new GatewayError('SendUSMSExperientialMessage', RetCode.NotFound, 'No free messages left') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTrialSendContext }) =>
    JSON.stringify([s.value, s.context.picked.map((p) => p.Phone), s.context.templateId, Boolean(s.context.error)]),
  states: {
    sending: (s) => expect(s.context.picked.length).toBeGreaterThan(0),
  },
});

describe('trial send', () => {
  it('sends to numbers of one country only', () => {
    const actor = createActor(smsTrialSendMachine, { input: {} }).start();
    actor.send({ type: 'phone.pick', phone: us });
    expect(actor.getSnapshot().can({ type: 'phone.pick', phone: gb })).toBe(false);
    actor.send({ type: 'phone.pick', phone: gb });
    expect(actor.getSnapshot().context.picked).toEqual([us]);
  });

  it("sends the chosen approved template, or Herald's sample text when none is chosen", async () => {
    const sent: unknown[] = [];
    const machine = smsTrialSendMachine.provide({
      actors: {
        sendTrial: fromPromise(async ({ input }) => {
          sent.push((input as { templateId: string }).templateId);
          return { TaskId: 't1', SentCount: 1, FreeRemaining: 19 };
        }),
      },
    });
    const actor = createActor(machine, { input: { templateId: 'UT9' } }).start();
    actor.send({ type: 'phone.pick', phone: us });
    actor.send({ type: 'trial.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'message.choose', templateId: '' });
    actor.send({ type: 'phone.pick', phone: us });
    actor.send({ type: 'trial.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['UT9', '']);
  });

  it('cannot send with nothing picked', () => {
    const actor = createActor(smsTrialSendMachine, { input: {} }).start();
    expect(actor.getSnapshot().can({ type: 'trial.send' })).toBe(false);
  });

  it('clears the picks and announces the count after a send; keeps them after a refusal', async () => {
    let fail = true;
    const machine = smsTrialSendMachine.provide({
      actors: {
        sendTrial: fromPromise(async () => {
          if (fail) throw new GatewayError('SendUSMSExperientialMessage', RetCode.NotFound, 'refused');
          return { TaskId: 't1', SentCount: 1, FreeRemaining: 19 };
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    const sent: number[] = [];
    actor.on('trial.sent', (event) => sent.push(event.freeRemaining));
    actor.send({ type: 'phone.pick', phone: us });
    actor.send({ type: 'trial.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context).toMatchObject({ picked: [us], error: 'refused' });
    fail = false;
    actor.send({ type: 'trial.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context).toMatchObject({ picked: [], error: null });
    expect(sent).toEqual([19]);
  });
});
