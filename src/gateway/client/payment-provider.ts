import type { ActionData } from '../contract/actions/registry';
import { NetworkError } from './call';

// The browser's side of the card processor (issue 10): like a real processor's script, the card goes
// from the form straight to the provider with the setup intent's client secret, never to /api, so no
// card number reaches Herald's server or database. The sandbox provider serves the same shape.

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string;
}

export interface ProviderSetupResult {
  status: 'succeeded' | 'requires_action' | 'failed';
  /** the provider's payment-method id, once succeeded */
  paymentMethodId: string | null;
  /** while requires_action: the issuer's challenge page */
  challengeUrl: string | null;
  /** when failed: the provider's reason, in English (the console shows its own text) */
  declineCode: string | null;
}

type Intent = Pick<ActionData<'CreateSetupIntent'>, 'SetupIntentId' | 'ClientSecret' | 'ProviderUrl'>;

async function postToProvider(url: string, body: object): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (cause) {
    throw new NetworkError('PaymentProvider', cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * The issuer's challenge (docs/decisions.md, "Money in"): the console answers the provider's challenge
 * page with pass or fail; Herald then asks the provider how the payment stands.
 */
export async function answerChallenge(
  challenge: { Url: string; ClientSecret: string },
  outcome: 'pass' | 'fail',
): Promise<void> {
  const response = await postToProvider(challenge.Url, { client_secret: challenge.ClientSecret, outcome });
  if (!response.ok && response.status >= 500) throw new NetworkError('PaymentProvider', `HTTP ${response.status}`);
}

/** POST {ProviderUrl}/setup_intents/{id}/confirm with the card and the client secret. */
export async function confirmSetupAtProvider(intent: Intent, card: CardDetails): Promise<ProviderSetupResult> {
  const response = await postToProvider(
    `${intent.ProviderUrl}/setup_intents/${encodeURIComponent(intent.SetupIntentId)}/confirm`,
    {
      client_secret: intent.ClientSecret,
      number: card.number,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      cvc: card.cvc,
      name: card.holder,
    },
  );
  const body = (await response.json().catch(() => ({}))) as {
    status?: string;
    payment_method?: string | null;
    next_action?: { url?: string } | null;
    last_error?: { code?: string } | null;
    error?: { code?: string } | null;
  };
  const status = body.status === 'succeeded' || body.status === 'requires_action' ? body.status : 'failed';
  return {
    status,
    paymentMethodId: body.payment_method ?? null,
    challengeUrl: body.next_action?.url ?? null,
    declineCode: body.error?.code ?? body.last_error?.code ?? (response.ok ? null : `http_${response.status}`),
  };
}
