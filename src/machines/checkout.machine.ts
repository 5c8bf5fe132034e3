import { assign, emit, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import { failureText } from '../gateway/client/failures';
import { answerPaymentChallenge, createInpourPayment, waitForPayment } from '../gateway/client/mutations/billing';
import type { Payment } from '../gateway/contract/billing/payments';
import { minRechargeUnits, parseMoneyInput } from '../gateway/contract/billing/rules';
import { retCodeMessageKey } from '../gateway/contract/retcodes';

// A top-up of the main wallet or a sub-wallet on /bill/management (issue 10, spec 001 §5, §6):
// amount → method (a saved card, or bank transfer) → confirm → challenge when the card asks →
// processing → succeeded or failed. One idempotency key per checkout: a double click or a retry after
// a lost answer sends the same key, so the gateway charges once; a new attempt after a decline gets a
// new key. Without the top-up permission key the checkout never starts.

export const CHECKOUT_NETWORK_FAILURE_KEY = 'billing:errors.network';

export type PaymentMethod = { kind: 'card'; cardId: string } | { kind: 'bank' };

export interface CheckoutContext {
  canTopUp: boolean;
  /** 0 the main wallet, else the sub-wallet's product type (9, 6003, 6011, 6026) */
  wallet: number;
  amountText: string;
  /** i18n key of the amount's problem, shown after Next */
  amountError: string | null;
  method: PaymentMethod | null;
  idempotencyKey: string;
  paymentId: string | null;
  /** while the card's issuer asks: where the provider takes the answer */
  challenge: Payment['Challenge'];
  challengeAnswer: 'pass' | 'fail';
  /** the server's message or an i18n key */
  error: string | null;
}

export type CheckoutEvent =
  | { type: 'wallet.change'; wallet: number }
  | { type: 'amount.change'; text: string }
  | { type: 'amount.next' }
  | { type: 'method.choose'; method: PaymentMethod }
  | { type: 'method.next' }
  | { type: 'checkout.back' }
  | { type: 'checkout.pay' }
  | { type: 'challenge.complete' }
  | { type: 'challenge.cancel' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.restart' };

export type CheckoutEmitted = { type: 'payment.settled'; paymentId: string; succeeded: boolean };

export interface CheckoutInput {
  canTopUp: boolean;
  wallet?: number;
  defaultCardId?: string | null;
}

/** The amount's problem as an i18n key, or null when it may be paid (spec 001 §5). */
export function amountProblem(text: string, wallet: number): string | null {
  const units = parseMoneyInput(text);
  if (units === null) return 'billing:recharge.errors.invalid';
  return units < minRechargeUnits(wallet) ? 'billing:recharge.errors.minimum' : null;
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    pay: fromPromise(({ input }: { input: { key: string; wallet: number; amountText: string; cardId: string } }) =>
      createInpourPayment({
        IdempotencyKey: input.key,
        ProductType: input.wallet as 0,
        Amount: parseMoneyInput(input.amountText)!,
        PaymentMethodId: input.cardId,
      }),
    ),
    answerChallenge: fromPromise(
      ({ input }: { input: { paymentId: string; challenge: Payment['Challenge']; answer: 'pass' | 'fail' } }) =>
        answerPaymentChallenge(input.paymentId, input.challenge!, input.answer),
    ),
    waitForResult: fromPromise(({ input, signal }: { input: { paymentId: string }; signal: AbortSignal }) =>
      waitForPayment(input.paymentId, signal),
    ),
  },
  guards: {
    canTopUp: ({ context }) => context.canTopUp,
    amountValid: ({ context }) => amountProblem(context.amountText, context.wallet) === null,
    cardChosen: ({ context }) => context.method?.kind === 'card',
    bankChosen: ({ context }) => context.method?.kind === 'bank',
    succeeded: (_, outcome: Payment) => outcome.Status === 'succeeded',
    needsChallenge: (_, outcome: Payment) => outcome.Status === 'requires_action',
    isProcessing: (_, outcome: Payment) => outcome.Status === 'processing',
  },
  actions: {
    setWallet: assign(({ context, event }) =>
      event.type === 'wallet.change'
        ? {
            wallet: event.wallet,
            amountError: context.amountError && amountProblem(context.amountText, event.wallet),
          }
        : {},
    ),
    setAmount: assign(({ context, event }) =>
      event.type === 'amount.change'
        ? { amountText: event.text, amountError: context.amountError && amountProblem(event.text, context.wallet) }
        : {},
    ),
    showAmountError: assign(({ context }) => ({ amountError: amountProblem(context.amountText, context.wallet) })),
    setMethod: assign(({ event }) => (event.type === 'method.choose' ? { method: event.method } : {})),
    clearError: assign({ error: null }),
    keepPayment: assign((_, outcome: Payment) => ({ paymentId: outcome.PaymentId, challenge: outcome.Challenge })),
    // the RetCode names the reason (declined, insufficient funds…) in the user's language
    keepDecline: assign((_, outcome: Payment) => ({
      paymentId: outcome.PaymentId,
      error:
        (outcome.FailureRetCode !== null && retCodeMessageKey(outcome.FailureRetCode)) || 'billing:recharge.declined',
    })),
    keepFailure: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, CHECKOUT_NETWORK_FAILURE_KEY),
    })),
    // a settled payment is final: the next attempt is a new payment with its own key
    startNewAttempt: assign(() => ({
      idempotencyKey: newIdempotencyKey(),
      paymentId: null,
      challenge: null,
      error: null,
    })),
    startOver: assign(() => ({
      idempotencyKey: newIdempotencyKey(),
      paymentId: null,
      challenge: null,
      error: null,
      amountText: '',
      method: null,
    })),
    announceSettled: emit(({ context }, params: { succeeded: boolean }) => ({
      type: 'payment.settled' as const,
      paymentId: context.paymentId ?? '',
      succeeded: params.succeeded,
    })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    canTopUp: input.canTopUp,
    wallet: input.wallet ?? 0,
    amountText: '',
    amountError: null,
    method: input.defaultCardId ? { kind: 'card', cardId: input.defaultCardId } : null,
    idempotencyKey: newIdempotencyKey(),
    paymentId: null,
    challenge: null,
    challengeAnswer: 'pass',
    error: null,
  }),
  initial: 'gate',
  states: {
    gate: { always: [{ guard: 'canTopUp', target: 'amount' }, { target: 'noPermission' }] },
    // spec 001 §6: the page says to contact operations staff
    noPermission: {},
    amount: {
      on: {
        'wallet.change': { actions: 'setWallet' },
        'amount.change': { actions: 'setAmount' },
        'amount.next': [{ guard: 'amountValid', target: 'method' }, { actions: 'showAmountError' }],
      },
    },
    method: {
      on: {
        'method.choose': { actions: 'setMethod' },
        'method.next': [
          { guard: 'cardChosen', target: 'confirm' },
          { guard: 'bankChosen', target: 'bankTransfer' },
        ],
        'checkout.back': 'amount',
      },
    },
    // bank details and the account's reference code; the transfer is credited when staff record it
    bankTransfer: { on: { 'checkout.back': 'method' } },
    confirm: {
      on: {
        'checkout.pay': { target: 'paying', actions: 'clearError' },
        'checkout.back': 'method',
      },
    },
    paying: {
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          key: context.idempotencyKey,
          wallet: context.wallet,
          amountText: context.amountText,
          cardId: context.method?.kind === 'card' ? context.method.cardId : '',
        }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: { type: 'keepPayment', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'needsChallenge', params: ({ event }) => event.output },
            target: 'challenge',
            actions: { type: 'keepPayment', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isProcessing', params: ({ event }) => event.output },
            target: 'processing',
            actions: { type: 'keepPayment', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'keepDecline', params: ({ event }) => event.output } },
        ],
        // the answer was lost or refused before any charge: Pay again sends the same key
        onError: {
          target: 'confirm',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    challenge: {
      on: {
        'challenge.complete': { target: 'answeringChallenge', actions: assign({ challengeAnswer: 'pass' as const }) },
        // declining the check fails the payment at the provider (CardChallengeFailed): nothing is charged
        'challenge.cancel': { target: 'answeringChallenge', actions: assign({ challengeAnswer: 'fail' as const }) },
      },
    },
    answeringChallenge: {
      invoke: {
        id: 'answerChallenge',
        src: 'answerChallenge',
        input: ({ context }) => ({
          paymentId: context.paymentId ?? '',
          challenge: context.challenge,
          answer: context.challengeAnswer,
        }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'succeeded' },
          { guard: { type: 'isProcessing', params: ({ event }) => event.output }, target: 'processing' },
          { target: 'failed', actions: { type: 'keepDecline', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'challenge',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    processing: {
      invoke: {
        id: 'waitForResult',
        src: 'waitForResult',
        input: ({ context }) => ({ paymentId: context.paymentId ?? '' }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'succeeded' },
          { target: 'failed', actions: { type: 'keepDecline', params: ({ event }) => event.output } },
        ],
        // the payment goes on at the provider: /bill/payment-status shows how it ends
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    succeeded: {
      entry: { type: 'announceSettled', params: { succeeded: true } },
      on: { 'checkout.restart': { target: 'amount', actions: 'startOver' } },
    },
    failed: {
      entry: { type: 'announceSettled', params: { succeeded: false } },
      on: {
        'checkout.retry': { target: 'method', actions: 'startNewAttempt' },
        'checkout.restart': { target: 'amount', actions: 'startOver' },
      },
    },
  },
});
