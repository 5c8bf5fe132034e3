import { assign, emit, fromPromise, setup } from 'xstate';
import { failureText } from '../gateway/client/failures';
import {
  confirmCardSetup,
  createSetupIntent,
  removeCard,
  sendCardToProvider,
  setDefaultCard,
  type SavedCard,
  type SetupIntent,
} from '../gateway/client/mutations/billing';
import { answerChallenge, type ProviderSetupResult } from '../gateway/client/payment-provider';
import { cardDigits, cardFormErrors, expiryParts, type CardField, type CardForm } from './card-rules';

// Binding a card on /bill/payment-method (issue 10): a setup intent is opened, the form is checked
// here (Luhn, expiry, security code) before the card goes to the provider, the issuer's challenge is
// shown when the card asks for one, then Herald stores the card (saved) or says why not (failed).
// A second region makes a saved card the default or removes it.

export const BILLING_NETWORK_FAILURE_KEY = 'billing:errors.network';

export interface CardBindingContext {
  intent: SetupIntent | null;
  form: CardForm;
  /** i18n keys by field; shown after the first submit */
  fieldErrors: Partial<Record<CardField, string>>;
  challengeUrl: string | null;
  /** the server's message or an i18n key */
  error: string | null;
  savedCardId: string | null;
  /** the card the list region is working on */
  busyCardId: string | null;
  listError: string | null;
}

export type CardBindingEvent =
  | { type: 'card.change'; field: CardField; value: string }
  | { type: 'card.submit' }
  | { type: 'challenge.complete' }
  | { type: 'challenge.cancel' }
  | { type: 'card.retry' }
  | { type: 'card.addAnother' }
  | { type: 'card.setDefault'; cardId: string }
  | { type: 'card.remove'; cardId: string };

export type CardBindingEmitted =
  /** upgraded: this card made a trial account an upgraded one (the session reloads its user info) */
  { type: 'card.saved'; cardId: string; upgraded: boolean } | { type: 'cards.changed' };

const emptyForm: CardForm = { holder: '', number: '', expiry: '', cvc: '' };

export const cardBindingMachine = setup({
  types: {
    context: {} as CardBindingContext,
    events: {} as CardBindingEvent,
    emitted: {} as CardBindingEmitted,
  },
  actors: {
    prepare: fromPromise(() => createSetupIntent()),
    sendCard: fromPromise(({ input }: { input: { intent: SetupIntent; form: CardForm } }) => {
      const { month, year } = expiryParts(input.form.expiry)!;
      return sendCardToProvider(input.intent, {
        number: cardDigits(input.form.number),
        expMonth: month,
        expYear: year,
        cvc: input.form.cvc,
        holder: input.form.holder.trim(),
      });
    }),
    saveCard: fromPromise(async ({ input }: { input: { intent: SetupIntent | null; challengeUrl: string | null } }) => {
      // a challenged card: the issuer's page is answered first, then Herald asks the provider
      if (input.challengeUrl)
        await answerChallenge({ Url: input.challengeUrl, ClientSecret: input.intent?.ClientSecret ?? '' }, 'pass');
      return confirmCardSetup(input.intent?.SetupIntentId ?? '');
    }),
    makeDefault: fromPromise(({ input }: { input: { cardId: string } }) => setDefaultCard(input.cardId)),
    dropCard: fromPromise(({ input }: { input: { cardId: string } }) => removeCard(input.cardId)),
  },
  guards: {
    formValid: ({ context }) => Object.keys(cardFormErrors(context.form)).length === 0,
    accepted: (_, result: ProviderSetupResult) => result.status === 'succeeded',
    needsChallenge: (_, result: ProviderSetupResult) => result.status === 'requires_action',
  },
  actions: {
    keepIntent: assign((_, intent: SetupIntent) => ({ intent })),
    setField: assign(({ context, event }) =>
      event.type === 'card.change' ? { form: { ...context.form, [event.field]: event.value } } : {},
    ),
    revalidate: assign(({ context }) =>
      Object.keys(context.fieldErrors).length > 0 ? { fieldErrors: cardFormErrors(context.form) } : {},
    ),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: cardFormErrors(context.form) })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    keepChallenge: assign((_, result: ProviderSetupResult) => ({ challengeUrl: result.challengeUrl })),
    // the provider's decline reason is English for developers; the user reads the spec's sentence
    keepDecline: assign({ error: 'billing:card.declined' }),
    keepFailure: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, BILLING_NETWORK_FAILURE_KEY),
    })),
    keepSaved: assign((_, saved: SavedCard) => ({ savedCardId: saved.Card.PaymentMethodId, challengeUrl: null })),
    announceSaved: emit((_, saved: SavedCard) => ({
      type: 'card.saved' as const,
      cardId: saved.Card.PaymentMethodId,
      upgraded: saved.Upgraded,
    })),
    // a setup intent is used once: the next card gets a fresh one
    forgetIntent: assign({ intent: null, challengeUrl: null }),
    resetForm: assign({ form: emptyForm, fieldErrors: {}, error: null, savedCardId: null }),
    markBusy: assign(({ event }) =>
      event.type === 'card.setDefault' || event.type === 'card.remove'
        ? { busyCardId: event.cardId, listError: null }
        : {},
    ),
    clearBusy: assign({ busyCardId: null }),
    keepListFailure: assign((_, params: { error: unknown }) => ({
      busyCardId: null,
      listError: failureText(params.error, BILLING_NETWORK_FAILURE_KEY),
    })),
    announceCardsChanged: emit({ type: 'cards.changed' as const }),
  },
}).createMachine({
  id: 'cardBinding',
  type: 'parallel',
  context: {
    intent: null,
    form: emptyForm,
    fieldErrors: {},
    challengeUrl: null,
    error: null,
    savedCardId: null,
    busyCardId: null,
    listError: null,
  },
  states: {
    binding: {
      initial: 'preparing',
      states: {
        // the form takes typing from the first moment: a user who types while the intent is opened keeps it
        preparing: {
          on: { 'card.change': { actions: ['setField', 'revalidate'] } },
          invoke: {
            id: 'prepare',
            src: 'prepare',
            onDone: { target: 'editing', actions: { type: 'keepIntent', params: ({ event }) => event.output } },
            onError: {
              target: 'unavailable',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // the provider could not open a setup intent: nothing was sent yet
        unavailable: {
          on: { 'card.retry': 'preparing', 'card.change': { actions: ['setField', 'revalidate'] } },
        },
        editing: {
          on: {
            'card.change': { actions: ['setField', 'revalidate'] },
            'card.submit': [
              { guard: 'formValid', target: 'sendingCard', actions: 'clearErrors' },
              { actions: 'showFieldErrors' },
            ],
          },
        },
        sendingCard: {
          invoke: {
            id: 'sendCard',
            src: 'sendCard',
            input: ({ context }) => ({ intent: context.intent!, form: context.form }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'saving' },
              {
                guard: { type: 'needsChallenge', params: ({ event }) => event.output },
                target: 'challenge',
                actions: { type: 'keepChallenge', params: ({ event }) => event.output },
              },
              { target: 'failed', actions: 'keepDecline' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        challenge: {
          on: {
            'challenge.complete': 'saving',
            'challenge.cancel': { target: 'failed', actions: assign({ error: 'billing:card.challengeCancelled' }) },
          },
        },
        // Herald asks the provider whether the intent succeeded: it stores the card only then
        saving: {
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({ intent: context.intent, challengeUrl: context.challengeUrl }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'keepSaved', params: ({ event }) => event.output },
                { type: 'announceSaved', params: ({ event }) => event.output },
                'forgetIntent',
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: { on: { 'card.addAnother': { target: 'preparing', actions: 'resetForm' } } },
        // the form stays as typed for a correction or another card; a fresh intent is opened
        failed: { on: { 'card.retry': { target: 'preparing', actions: 'forgetIntent' } } },
      },
    },
    cards: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'card.setDefault': { target: 'settingDefault', actions: 'markBusy' },
            'card.remove': { target: 'removing', actions: 'markBusy' },
          },
        },
        settingDefault: {
          invoke: {
            id: 'makeDefault',
            src: 'makeDefault',
            input: ({ context }) => ({ cardId: context.busyCardId ?? '' }),
            onDone: { target: 'idle', actions: ['clearBusy', 'announceCardsChanged'] },
            onError: {
              target: 'idle',
              actions: { type: 'keepListFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        removing: {
          invoke: {
            id: 'dropCard',
            src: 'dropCard',
            input: ({ context }) => ({ cardId: context.busyCardId ?? '' }),
            onDone: { target: 'idle', actions: ['clearBusy', 'announceCardsChanged'] },
            onError: {
              target: 'idle',
              actions: { type: 'keepListFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
