import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  waAgentCreateMachine,
  waAgentEstimate,
  waAgentFormErrors,
  type WaAgentCreateContext,
} from '../../src/machines/wa-agent-create.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { RecipientList } from '../../src/workers/sms-recipients';
import { testModel } from './harness';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const list: RecipientList = {
  text: '12025550101\n12025550102',
  count: 3,
  columns: 1,
  invalid: 1,
  duplicates: 0,
  skippedHeader: false,
  sample: ['12025550101'],
};
const filled = [
  { field: 'Name', value: 'Spring sale' },
  { field: 'CountryCode', value: 'US' },
  { field: 'TimeZone', value: 'UTC' },
  { field: 'ExpectedSendTime', value: '2026-06-02 01:00' },
  { field: 'Content', value: 'Hello' },
];

const events = {
  'field.change': [...filled, { field: 'ExpectedSendTime', value: '2026-06-01 23:00' }],
  'recipients.paste': [{ text: '2025550101\n2025550102\nbad' }],
  'xstate.done.actor.parseRecipients': [{ output: list }],
  'xstate.error.actor.parseRecipients': [{ error: new Error('fileParseFailed') }],
  'xstate.done.actor.submitTask': [{ output: 'AG0000000000000001' }],
  'xstate.error.actor.submitTask': [
    { error: new GatewayError('CreateWaAgentTask', RetCode.WaAgentSendTimeTooSoon, 'too soon') },
  ],
};
const serializeState = (s: { value: unknown; context: WaAgentCreateContext }) =>
  JSON.stringify([
    s.value,
    Object.keys(waAgentFormErrors(s.context.form, s.context.list, NOW)).length === 0,
    Boolean(s.context.list),
    Boolean(s.context.error),
  ]);

testModel(
  'wa-agent-create.machine',
  {
    machine: waAgentCreateMachine,
    input: () => ({ now: () => NOW }),
    events,
    serializeState,
    states: {
      submitting: (s) => expect(waAgentFormErrors(s.context.form, s.context.list, NOW)).toEqual({}),
      submitted: (s) => expect(s.context.taskId).toBe('AG0000000000000001'),
    },
  },
  { requireAllStates: false },
);

describe('agent campaign form', () => {
  it('shows the 24-hour rule at the field as it is typed, in the chosen zone', () => {
    const actor = createActor(waAgentCreateMachine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'field.change', field: 'TimeZone', value: 'UTC' });
    actor.send({ type: 'field.change', field: 'ExpectedSendTime', value: '2026-06-01T23:00' });
    expect(actor.getSnapshot().context.fieldErrors.ExpectedSendTime).toBe('validation:waAgentTooSoon');
    actor.send({ type: 'field.change', field: 'ExpectedSendTime', value: '2026-06-02T01:00' });
    expect(actor.getSnapshot().context.fieldErrors.ExpectedSendTime).toBeUndefined();
    // The same wall time in Shanghai (UTC+8) is only 17 hours ahead.
    actor.send({ type: 'field.change', field: 'TimeZone', value: 'Asia/Shanghai' });
    expect(actor.getSnapshot().context.fieldErrors.ExpectedSendTime).toBe('validation:waAgentTooSoon');
  });

  it('checks the list again when the country changes, and estimates valid recipients × price', async () => {
    const prefixes: string[] = [];
    const machine = waAgentCreateMachine.provide({
      actors: {
        parseRecipients: fromPromise(async ({ input }: { input: { prefix: string } }) => {
          prefixes.push(input.prefix);
          return list;
        }) as never,
      },
    });
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'field.change', field: 'CountryCode', value: 'US' });
    actor.send({ type: 'recipients.paste', text: '2025550101' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'field.change', field: 'CountryCode', value: 'GB' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefixes).toEqual(['1', '44']);
    expect(waAgentEstimate(actor.getSnapshot().context.list)).toBe(2 * 500);
  });
});
