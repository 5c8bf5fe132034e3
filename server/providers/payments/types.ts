// A card processor as Herald sees it, shaped like the real flow (Stripe-like): a setup intent saves a
// card (the console sends the card straight to the provider), a payment intent charges a saved card,
// some cards ask for a challenge (3-D Secure style) first, and results also arrive asynchronously as
// signed webhooks. Herald keeps only the payment-method id, brand, last 4 and expiry.

export type IntentStatus = 'processing' | 'requires_action' | 'succeeded' | 'failed';
export type FailureCode = 'card_declined' | 'insufficient_funds' | 'challenge_failed' | 'expired_card';

export interface PaymentMethodInfo {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface SetupIntentView {
  id: string;
  /** Herald's account, as `user:<id>`: the provider refuses another customer's objects */
  customer: string;
  status: 'requires_payment_method' | 'succeeded' | 'failed';
  paymentMethod: PaymentMethodInfo | null;
  failureCode: FailureCode | null;
}

export interface PaymentIntentView {
  id: string;
  customer: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  paymentMethod: string;
  failureCode: FailureCode | null;
  /** while requires_action */
  challenge: { url: string; clientSecret: string } | null;
  /** Herald's own ids, echoed in webhooks (paymentId) */
  metadata: Record<string, string>;
}

export interface CreatePaymentIntent {
  customer: string;
  /** units, > 0 */
  amount: number;
  currency: string;
  paymentMethod: string;
  /** the same key answers the same intent: a retried create never charges twice */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface WebhookEvent {
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.requires_action';
  /** seconds */
  created: number;
  data: { object: PaymentIntentView };
}

export class WebhookVerificationError extends Error {}

/** The provider refused a request for good (unknown or detached card, wrong secret): not worth a retry. */
export class ProviderRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly status = 400,
  ) {
    super(code);
  }
}

export interface PaymentProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Where the console sends card details (the provider's own API, not /api). */
  readonly publicUrl: string;
  createSetupIntent(customer: string): Promise<{ id: string; clientSecret: string }>;
  getSetupIntent(id: string): Promise<SetupIntentView | null>;
  createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntentView>;
  getPaymentIntent(id: string): Promise<PaymentIntentView | null>;
  /** Forget a saved card at the provider. */
  detachPaymentMethod(id: string): Promise<void>;
  /** Checks the signature header against the raw body; throws WebhookVerificationError. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): WebhookEvent;
}
