import { assign, fromPromise, setup } from 'xstate';
import { buyPackageMutation, upgradePackageMutation } from '../gateway/client/mutations/billing';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { failureText } from '../gateway/client/failures';
import type { PERIOD_UNITS, PurchaseResult } from '../gateway/contract/actions/subscriptions';

type PeriodUnit = (typeof PERIOD_UNITS)[number];

// Buying or upgrading a subscription package from the wallet (spec 000 §4): choose, confirm the
// amount, pay, then done or failed. One IdempotencyKey per choice, kept across retries of that choice
// (a retried payment cannot charge twice) and new when the choice changes.

export type PurchaseChoice =
  | { kind: 'buy'; SubscriptionNo: string; PeriodUnit: PeriodUnit; Quantity: number }
  | { kind: 'upgrade'; SubscriptionNo: string };

export interface PackagePurchaseContext {
  client: QueryClient | null;
  newKey: () => string;
  choice: PurchaseChoice | null;
  key: string | null;
  result: PurchaseResult | null;
  /** The server's Message; '' when the gateway could not be reached (the view words that itself). */
  error: string | null;
}

export type PackagePurchaseEvent =
  { type: 'purchase.start'; choice: PurchaseChoice } | { type: 'purchase.confirm' } | { type: 'purchase.dismiss' };

const sameChoice = (a: PurchaseChoice | null, b: PurchaseChoice) => JSON.stringify(a) === JSON.stringify(b);

export const packagePurchaseMachine = setup({
  types: {
    context: {} as PackagePurchaseContext,
    events: {} as PackagePurchaseEvent,
    input: {} as { client?: QueryClient; newKey?: () => string },
  },
  actors: {
    pay: fromPromise(({ input }: { input: { client: QueryClient | null; choice: PurchaseChoice; key: string } }) => {
      const client = input.client!;
      const { choice, key } = input;
      return choice.kind === 'buy'
        ? runMutation(client, buyPackageMutation(client), {
            SubscriptionNo: choice.SubscriptionNo,
            PeriodUnit: choice.PeriodUnit,
            Quantity: choice.Quantity,
            IdempotencyKey: key,
          })
        : runMutation(client, upgradePackageMutation(client), {
            SubscriptionNo: choice.SubscriptionNo,
            IdempotencyKey: key,
          });
    }),
  },
  actions: {
    choose: assign(({ context }, params: { choice: PurchaseChoice }) => ({
      choice: params.choice,
      key: context.key && sameChoice(context.choice, params.choice) ? context.key : context.newKey(),
      error: null,
    })),
    clearError: assign({ error: null }),
    storeResult: assign((_, result: PurchaseResult) => ({ result })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, ''),
    })),
  },
}).createMachine({
  id: 'packagePurchase',
  context: ({ input }) => ({
    client: input.client ?? null,
    newKey: input.newKey ?? (() => globalThis.crypto.randomUUID()),
    choice: null,
    key: null,
    result: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'purchase.start': {
          target: 'confirming',
          actions: { type: 'choose', params: ({ event }) => ({ choice: event.choice }) },
        },
      },
    },
    confirming: {
      on: { 'purchase.confirm': 'processing', 'purchase.dismiss': { target: 'idle', actions: 'clearError' } },
    },
    processing: {
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ client: context.client, choice: context.choice!, key: context.key! }),
        onDone: { target: 'done', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Confirming again retries with the same key; the server answers a paid key with its first result. */
    failed: {
      on: { 'purchase.confirm': 'processing', 'purchase.dismiss': { target: 'idle', actions: 'clearError' } },
    },
    done: { type: 'final' },
  },
});
