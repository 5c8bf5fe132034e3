import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { checkoutMachine, amountProblem } from '../../src/machines/checkout.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { generatePaths, testModel } from './harness';

const payment = (id: string, Status: string) => ({
  PaymentId: id,
  Status,
  FailureRetCode: Status === 'failed' ? RetCode.CardDeclined : null,
});

const lost = new GatewayError('CreateInpourPayment', RetCode.NotFound, 'Not found');

const events = {
  'wallet.change': [{ wallet: 0 }, { wallet: 6026 }],
  'amount.change': [{ text: '50.00' }, { text: '20' }, { text: '1e308' }],
  'method.choose': [{ method: { kind: 'card', cardId: 'pm_1' } }, { method: { kind: 'bank' } }],
  'xstate.done.actor.pay': [
    { output: payment('pay_1', 'succeeded') },
    { output: payment('pay_2', 'requires_action') },
    { output: payment('pay_3', 'processing') },
    { output: payment('pay_4', 'failed') },
  ],
  'xstate.error.actor.pay': [{ error: lost }],
  'xstate.done.actor.answerChallenge': [
    { output: payment('pay_2', 'succeeded') },
    { output: payment('pay_2', 'processing') },
    { output: payment('pay_2', 'failed') },
  ],
  'xstate.error.actor.answerChallenge': [{ error: lost }],
  'xstate.done.actor.waitForResult': [
    { output: payment('pay_3', 'succeeded') },
    { output: payment('pay_3', 'failed') },
  ],
  'xstate.error.actor.waitForResult': [{ error: lost }],
};

const serializeState = (s: {
  value: unknown;
  context: { wallet: number; amountText: string; method: { kind: string } | null; error: string | null };
}) =>
  JSON.stringify([
    s.value,
    s.context.wallet,
    amountProblem(s.context.amountText, s.context.wallet),
    s.context.method?.kind ?? null,
    s.context.error !== null,
  ]);

testModel(
  'checkout.machine, with the top-up permission',
  {
    machine: checkoutMachine,
    input: () => ({ canTopUp: true }),
    events,
    serializeState,
    limit: 3000,
    states: {
      paying: (s) => {
        expect(amountProblem(s.context.amountText, s.context.wallet)).toBeNull();
        expect(s.context.method?.kind).toBe('card');
      },
      bankTransfer: (s) => expect(s.context.method?.kind).toBe('bank'),
      failed: (s) => expect(s.context.error).toBeTruthy(),
      amount: (s) => expect(s.can({ type: 'checkout.pay' })).toBe(false),
    },
  },
  { requireAllStates: false },
);

testModel(
  'checkout.machine, without the top-up permission',
  { machine: checkoutMachine, input: () => ({ canTopUp: false }), events, serializeState },
  { requireAllStates: false },
);

// The permission decides at the gate which half of the machine a checkout can reach: together the two
// models must reach every state.
describe('model: checkout.machine, both inputs', () => {
  it('reaches every state', () => {
    const reached = new Set(
      [true, false].flatMap((canTopUp) =>
        generatePaths({
          machine: checkoutMachine,
          input: () => ({ canTopUp }),
          events,
          serializeState,
          limit: 3000,
        }).flatMap((path) =>
          path.steps.flatMap((step) => (step.state as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id)),
        ),
      ),
    );
    const all = getStateNodes(checkoutMachine.root)
      .map((node) => node.id)
      .filter((id) => id !== 'checkout.gate');
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });
});
