import type { Context, Hono } from 'hono';
import { ProviderRefusedError } from './types';
import type { SandboxProvider } from './sandbox';
import { SANDBOX_PUBLIC_URL } from './sandbox';

// The sandbox processor's own public API, the part a browser talks to directly (like a processor's
// card-entry script): confirm a setup intent with the card, and complete a challenge. Card details
// arrive here and stop here; /api never sees them. Replies are the processor's JSON, not Herald's.

type Status = 200 | 400 | 404;

const error = (c: Context, err: unknown) => {
  if (err instanceof ProviderRefusedError)
    return c.json({ error: { code: err.code } }, (err.status === 404 ? 404 : 400) as Status);
  throw err;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const int = (value: unknown) => (typeof value === 'number' ? value : Number(str(value)));

export function registerSandboxProviderRoutes(app: Hono, sandbox: () => SandboxProvider | undefined): void {
  app.post(`${SANDBOX_PUBLIC_URL}/setup_intents/:id/confirm`, async (c) => {
    const provider = sandbox();
    if (!provider) return c.json({ error: { code: 'not_found' } }, 404);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    try {
      const result = await provider.confirmSetup(c.req.param('id'), {
        clientSecret: str(body.client_secret),
        number: str(body.number),
        expMonth: int(body.exp_month),
        expYear: int(body.exp_year),
        cvc: str(body.cvc),
        name: str(body.name),
      });
      return c.json({ id: result.id, status: result.status, payment_method: result.paymentMethod });
    } catch (err) {
      return error(c, err);
    }
  });

  app.post(`${SANDBOX_PUBLIC_URL}/payment_intents/:id/challenge`, async (c) => {
    const provider = sandbox();
    if (!provider) return c.json({ error: { code: 'not_found' } }, 404);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    try {
      const intent = await provider.completeChallenge(
        c.req.param('id'),
        str(body.client_secret),
        body.outcome === 'pass',
      );
      return c.json({ id: intent.id, status: intent.status, failure_code: intent.failureCode });
    } catch (err) {
      return error(c, err);
    }
  });
}
