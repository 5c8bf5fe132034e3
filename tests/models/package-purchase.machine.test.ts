import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  packagePurchaseMachine,
  type PackagePurchaseContext,
  type PurchaseChoice,
} from '../../src/machines/package-purchase.machine';
import type { PurchaseResult } from '../../src/gateway/contract/actions/subscriptions';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const starter = { kind: 'buy' as const, SubscriptionNo: 'starter', PeriodUnit: 'month' as const, Quantity: 1 };
const growth = { kind: 'upgrade' as const, SubscriptionNo: 'growth' };
const result = { RecordId: 'r1', Amount: 290_000, Currency: 'usd', EndTime: 1, StartTime: 0 };

let keys = 0;
testModel('package-purchase.machine', {
  machine: packagePurchaseMachine,
  input: () => ({ newKey: () => `key-${++keys}` }),
  events: {
    'purchase.start': [{ choice: starter }, { choice: growth }],
    'xstate.done.actor.pay': [{ output: result }],
    'xstate.error.actor.pay': [
      { error: new GatewayError('BuySubscriptionPackage', RetCode.NotFound, 'Your wallet balance is too low') },
    ],
  },
  serializeState: (s: { value: unknown; context: PackagePurchaseContext }) =>
    JSON.stringify([s.value, s.context.choice?.SubscriptionNo ?? null, Boolean(s.context.error)]),
  states: {
    processing: (s) => expect(s.context.key).toMatch(/^key-\d+$/),
    failed: (s) => expect(s.context.error).toBe('Your wallet balance is too low'),
    done: (s) => expect(s.context.result).toEqual(result),
  },
});

describe('paying for a plan', () => {
  const failing = (keysSent: string[]) =>
    packagePurchaseMachine.provide({
      actors: {
        pay: fromPromise<PurchaseResult, { client: QueryClient | null; choice: PurchaseChoice; key: string }>(
          async ({ input }) => {
            keysSent.push(input.key);
            throw new GatewayError('BuySubscriptionPackage', RetCode.NotFound, 'refused');
          },
        ),
      },
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('retries a failed payment with the same idempotency key', async () => {
    const sent: string[] = [];
    let n = 0;
    const actor = createActor(failing(sent), { input: { newKey: () => `k${++n}` } }).start();
    actor.send({ type: 'purchase.start', choice: starter });
    actor.send({ type: 'purchase.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'purchase.confirm' });
    await settle();
    actor.send({ type: 'purchase.dismiss' });
    actor.send({ type: 'purchase.start', choice: starter });
    actor.send({ type: 'purchase.confirm' });
    await settle();
    expect(sent).toEqual(['k1', 'k1', 'k1']);
  });

  it('takes a new key when the choice changes', async () => {
    const sent: string[] = [];
    let n = 0;
    const actor = createActor(failing(sent), { input: { newKey: () => `k${++n}` } }).start();
    actor.send({ type: 'purchase.start', choice: starter });
    actor.send({ type: 'purchase.confirm' });
    await settle();
    actor.send({ type: 'purchase.dismiss' });
    actor.send({ type: 'purchase.start', choice: { ...starter, Quantity: 3 } });
    actor.send({ type: 'purchase.confirm' });
    await settle();
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('pays nothing before the confirm', () => {
    const sent: string[] = [];
    const actor = createActor(failing(sent), { input: {} }).start();
    actor.send({ type: 'purchase.start', choice: growth });
    actor.send({ type: 'purchase.dismiss' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
