import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { cardBrand, expiryValid, luhnValid, TEST_CARDS } from '../../../src/gateway/contract/billing/test-cards';
import { sandboxPayIntents, sandboxPayMethods, sandboxPaySetups } from './sandbox-schema';
import { signWebhook, SIGNATURE_HEADER, verifySignature } from './signing';
import {
  ProviderRefusedError,
  WebhookVerificationError,
  type FailureCode,
  type PaymentIntentView,
  type PaymentProvider,
  type WebhookEvent,
} from './types';

// The sandbox card processor, inside the server: it behaves by the documented test-card rules
// (src/gateway/contract/billing/test-cards.ts), keeps its records in its own tables, and posts signed
// webhooks over real HTTP to the gateway's own endpoint, retried with back-off.

export const SANDBOX_PUBLIC_URL = '/provider-sandbox/v1';
/** The sandbox's shared webhook secret (HERALD_PAYMENTS_WEBHOOK_SECRET overrides it). */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_herald_sandbox';
/** A failsLater card's charge stays processing this long, then fails by webhook. */
export const FAILS_LATER_MS = 3_000;
const RETRY_DELAYS_MS = [1_000, 5_000, 25_000];

type IntentRow = typeof sandboxPayIntents.$inferSelect;

export interface SandboxOptions {
  db: Db;
  clock: Clock;
  secret?: string;
  /** Where webhooks go (the gateway's own /webhooks/payments); none: results are only read back. */
  webhookUrl?: () => string | undefined;
  /** Bench and tests: deliver every event this many times (a processor may redeliver). */
  deliveries?: number;
}

export interface CardInput {
  clientSecret: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** The sandbox's refusals are the interface's: a 4xx of the provider's API. */
export { ProviderRefusedError as SandboxError };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface SandboxProvider extends PaymentProvider {
  confirmSetup(setupId: string, card: CardInput): Promise<{ id: string; status: string; paymentMethod: string }>;
  completeChallenge(intentId: string, clientSecret: string, pass: boolean): Promise<PaymentIntentView>;
  /** Resolves when every webhook delivery started so far has finished (tests, bench). */
  idle(): Promise<void>;
}

export function sandboxPaymentProvider(options: SandboxOptions): SandboxProvider {
  const { db, clock } = options;
  const secret = options.secret ?? SANDBOX_WEBHOOK_SECRET;
  const inFlight = new Set<Promise<void>>();

  function view(row: IntentRow): PaymentIntentView {
    return {
      id: row.id,
      customer: row.customer,
      status: row.status as PaymentIntentView['status'],
      amount: row.amount,
      currency: row.currency,
      paymentMethod: row.paymentMethod,
      failureCode: row.failureCode as FailureCode | null,
      challenge:
        row.status === 'requires_action'
          ? { url: `${SANDBOX_PUBLIC_URL}/payment_intents/${row.id}/challenge`, clientSecret: row.clientSecret }
          : null,
      metadata: row.metadata,
    };
  }

  async function post(url: string, event: WebhookEvent, attempt: number): Promise<void> {
    const body = JSON.stringify(event);
    const at = Math.floor(clock.now().getTime() / 1000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body, at) },
        body,
      });
      if (response.ok) return;
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.warn(`[payments] webhook ${event.id} not delivered: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref?.());
      await post(url, event, attempt + 1);
    }
  }

  function emit(row: IntentRow): void {
    const url = options.webhookUrl?.();
    if (!url || row.status === 'processing') return;
    const type =
      row.status === 'succeeded'
        ? 'payment_intent.succeeded'
        : row.status === 'failed'
          ? 'payment_intent.payment_failed'
          : 'payment_intent.requires_action';
    const event: WebhookEvent = {
      id: id('evt'),
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object: view(row) },
    };
    for (let i = 0; i < (options.deliveries ?? 1); i++) {
      const delivery = post(url, event, 0).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
  }

  /** A failsLater charge turns failed at settle_at: on read, and by timer for the webhook. */
  async function settleDue(row: IntentRow): Promise<IntentRow> {
    if (row.status !== 'processing' || !row.settleAt || row.settleAt > clock.now()) return row;
    const [settled] = await db
      .update(sandboxPayIntents)
      .set({ status: 'failed', failureCode: 'card_declined' })
      .where(and(eq(sandboxPayIntents.id, row.id), eq(sandboxPayIntents.status, 'processing')))
      .returning();
    if (settled) emit(settled);
    return settled ?? (await db.select().from(sandboxPayIntents).where(eq(sandboxPayIntents.id, row.id)))[0];
  }

  return {
    name: 'sandbox',
    sandbox: true,
    publicUrl: SANDBOX_PUBLIC_URL,

    async createSetupIntent(customer) {
      const row = { id: id('seti'), customer, clientSecret: id('secret'), status: 'requires_payment_method' };
      await db.insert(sandboxPaySetups).values({ ...row, createdAt: clock.now() });
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async getSetupIntent(setupId) {
      const [row] = await db.select().from(sandboxPaySetups).where(eq(sandboxPaySetups.id, setupId));
      if (!row) return null;
      const [method] = row.paymentMethod
        ? await db.select().from(sandboxPayMethods).where(eq(sandboxPayMethods.id, row.paymentMethod))
        : [];
      return {
        id: row.id,
        customer: row.customer,
        status: row.status as 'requires_payment_method' | 'succeeded' | 'failed',
        paymentMethod: method
          ? {
              id: method.id,
              brand: method.brand,
              last4: method.last4,
              expMonth: method.expMonth,
              expYear: method.expYear,
              holderName: method.holderName,
            }
          : null,
        failureCode: row.failureCode as FailureCode | null,
      };
    },

    async confirmSetup(setupId, card) {
      const [setup] = await db.select().from(sandboxPaySetups).where(eq(sandboxPaySetups.id, setupId));
      if (!setup || setup.clientSecret !== card.clientSecret) throw new ProviderRefusedError('resource_missing', 404);
      if (setup.status === 'succeeded')
        return { id: setup.id, status: setup.status, paymentMethod: setup.paymentMethod ?? '' };
      const digits = card.number.replace(/[\s-]/g, '');
      if (!luhnValid(digits)) throw new ProviderRefusedError('invalid_number');
      if (!expiryValid(card.expMonth, card.expYear, clock.now())) throw new ProviderRefusedError('expired_card');
      if (!/^\d{3,4}$/.test(card.cvc)) throw new ProviderRefusedError('invalid_cvc');
      const outcome = TEST_CARDS.find((t) => t.number === digits)?.outcome ?? 'succeeds';
      const methodId = id('pm');
      await db.insert(sandboxPayMethods).values({
        id: methodId,
        customer: setup.customer,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        holderName: card.name.slice(0, 100),
        outcome,
      });
      await db
        .update(sandboxPaySetups)
        .set({ status: 'succeeded', paymentMethod: methodId })
        .where(eq(sandboxPaySetups.id, setupId));
      return { id: setupId, status: 'succeeded', paymentMethod: methodId };
    },

    async createPaymentIntent(input) {
      const [existing] = await db
        .select()
        .from(sandboxPayIntents)
        .where(
          and(
            eq(sandboxPayIntents.customer, input.customer),
            eq(sandboxPayIntents.idempotencyKey, input.idempotencyKey),
          ),
        );
      if (existing) return view(await settleDue(existing));
      const [method] = await db.select().from(sandboxPayMethods).where(eq(sandboxPayMethods.id, input.paymentMethod));
      if (!method || method.customer !== input.customer || method.detached)
        throw new ProviderRefusedError('resource_missing', 404);
      const now = clock.now();
      let status = 'succeeded';
      let failureCode: FailureCode | null = null;
      let settleAt: Date | null = null;
      if (!expiryValid(method.expMonth, method.expYear, now)) [status, failureCode] = ['failed', 'expired_card'];
      else if (method.outcome === 'declined') [status, failureCode] = ['failed', 'card_declined'];
      else if (method.outcome === 'insufficientFunds') [status, failureCode] = ['failed', 'insufficient_funds'];
      else if (method.outcome === 'challenge') status = 'requires_action';
      else if (method.outcome === 'failsLater') {
        status = 'processing';
        settleAt = new Date(now.getTime() + FAILS_LATER_MS);
      }
      const [row] = await db
        .insert(sandboxPayIntents)
        .values({
          id: id('pi'),
          customer: input.customer,
          idempotencyKey: input.idempotencyKey,
          amount: input.amount,
          currency: input.currency,
          paymentMethod: method.id,
          clientSecret: id('secret'),
          status,
          failureCode,
          settleAt,
          metadata: input.metadata,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return (await this.createPaymentIntent(input)) as PaymentIntentView;
      emit(row);
      if (settleAt) {
        const timer = setTimeout(() => void settleDue(row).catch(() => undefined), FAILS_LATER_MS);
        timer.unref?.();
      }
      return view(row);
    },

    async getPaymentIntent(intentId) {
      const [row] = await db.select().from(sandboxPayIntents).where(eq(sandboxPayIntents.id, intentId));
      return row ? view(await settleDue(row)) : null;
    },

    async completeChallenge(intentId, clientSecret, pass) {
      const [row] = await db.select().from(sandboxPayIntents).where(eq(sandboxPayIntents.id, intentId));
      if (!row || row.clientSecret !== clientSecret) throw new ProviderRefusedError('resource_missing', 404);
      if (row.status !== 'requires_action') return view(row);
      const [done] = await db
        .update(sandboxPayIntents)
        .set(pass ? { status: 'succeeded' } : { status: 'failed', failureCode: 'challenge_failed' })
        .where(and(eq(sandboxPayIntents.id, intentId), eq(sandboxPayIntents.status, 'requires_action')))
        .returning();
      if (!done) return view((await db.select().from(sandboxPayIntents).where(eq(sandboxPayIntents.id, intentId)))[0]);
      emit(done);
      return view(done);
    },

    async detachPaymentMethod(methodId) {
      await db.update(sandboxPayMethods).set({ detached: true }).where(eq(sandboxPayMethods.id, methodId));
    },

    verifyWebhook(rawBody, header, now) {
      verifySignature(secret, rawBody, header, now);
      try {
        return JSON.parse(rawBody) as WebhookEvent;
      } catch {
        throw new WebhookVerificationError('not JSON');
      }
    },

    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
