import type { Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { sandboxFor, WEBHOOK_PATH } from '../../providers/payments';
import { SIGNATURE_HEADER } from '../../providers/payments/signing';
import { registerSandboxProviderRoutes } from '../../providers/payments/sandbox-routes';
import { receivePaymentWebhook } from '../../money/webhooks';

/**
 * POST /webhooks/payments: the provider's signed events (400 when the signature or its time is wrong,
 * so the provider does not keep a forged delivery; 200 for processed, duplicate and unknown events).
 * And, with the sandbox provider, its own card-entry and challenge API.
 */
export function registerMoneyRoutes(app: Hono, deps: ServerDeps): void {
  app.post(WEBHOOK_PATH, async (c) => {
    const raw = await c.req.text();
    const outcome = await receivePaymentWebhook(deps, raw, c.req.header(SIGNATURE_HEADER));
    return c.json({ received: outcome !== 'rejected', outcome }, outcome === 'rejected' ? 400 : 200);
  });
  registerSandboxProviderRoutes(app, () => sandboxFor(deps));
}
