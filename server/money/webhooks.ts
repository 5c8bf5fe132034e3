import { eq } from 'drizzle-orm';
import { paymentWebhookEvents, payments } from '../db/schema';
import { paymentsFor } from '../providers/payments';
import { WebhookVerificationError } from '../providers/payments/types';
import { settlePayment, syncPayment, type MoneyDeps } from './card-payments';

// The provider's webhooks: verified (signature and timestamp tolerance), deduplicated by event id, and
// processed by re-reading the intent from the provider rather than trusting the event's copy, so an
// old event arriving after a newer one cannot move a payment backwards. Settlement is idempotent, so
// an event processed twice (a crash between processing and the dedup row) still credits once.

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected';

export async function receivePaymentWebhook(
  deps: MoneyDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const provider = paymentsFor(deps);
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature, deps.clock.now());
  } catch (error) {
    if (error instanceof WebhookVerificationError) return 'rejected';
    throw error;
  }
  const db = deps.database.db;
  const [seen] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, event.id));
  if (seen) return 'duplicate';
  const paymentId = event.data?.object?.metadata?.paymentId;
  const [row] = paymentId ? await db.select().from(payments).where(eq(payments.id, paymentId)) : [];
  if (row) {
    const fresh = row.providerIntentId ? await provider.getPaymentIntent(row.providerIntentId) : null;
    // The intent id may not be written yet (the webhook beat the create call's answer): the event's
    // intent is then read back from the provider by its own id.
    const intent = fresh ?? (await provider.getPaymentIntent(event.data.object.id));
    if (intent) await settlePayment(deps, row.id, intent);
    else await syncPayment(deps, row);
  }
  await db
    .insert(paymentWebhookEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: deps.clock.now() })
    .onConflictDoNothing();
  return row ? 'processed' : 'ignored';
}
