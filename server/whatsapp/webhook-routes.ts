import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerDeps } from '../context';
import { whatsappAppSecret, whatsappVerifyToken } from '../platforms/whatsapp/app-credentials';
import { verifyWhatsAppSignature } from './webhook-signature';
import { handleWhatsAppWebhook, type WhatsAppWebhookBody } from './webhook';
import { keysOfWamids } from '../whatsapp-send/provider';
import { QUEUE } from '../queue';

// The WhatsApp webhook (docs/decisions.md "WhatsApp numbers"): GET answers the subscription handshake
// (hub.mode=subscribe with the verify token → hub.challenge); POST takes signed changes. A bad or missing
// X-Hub-Signature-256 is 401 and stores nothing; a body that is not JSON is 400; anything else is 200 once
// stored (the platform retries on any other answer, and replays are dropped by their change key).

const MAX_BODY = 1_048_576;

export function registerWhatsAppWebhookRoutes(app: Hono, deps: ServerDeps): void {
  const db = deps.database.db;
  app.get('/webhooks/whatsapp', async (c) => {
    const verifyToken = await whatsappVerifyToken(db, deps.config);
    if (c.req.query('hub.mode') === 'subscribe' && c.req.query('hub.verify_token') === verifyToken)
      return c.text(c.req.query('hub.challenge') ?? '', 200);
    return c.text('Forbidden', 403);
  });
  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.text('Payload Too Large', 413) });
  app.post('/webhooks/whatsapp', limit, async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const secret = await whatsappAppSecret(db, deps.config);
    if (!verifyWhatsAppSignature(secret, raw, c.req.header('x-hub-signature-256'))) return c.text('Unauthorized', 401);
    let body: WhatsAppWebhookBody;
    try {
      body = JSON.parse(new TextDecoder().decode(raw)) as WhatsAppWebhookBody;
    } catch {
      return c.text('Bad Request', 400);
    }
    if (!body || typeof body !== 'object' || !Array.isArray(body.entry)) return c.text('Bad Request', 400);
    const { reported, ...outcome } = await handleWhatsAppWebhook(db, body, deps.clock.now());
    // final statuses of WhatsApp sending's messages: the kernel records them (docs/decisions.md "WhatsApp sending")
    // (a failure's refund was made with its status, in the webhook's transaction)
    for (const { userId, wamids } of reported) {
      const keys = await keysOfWamids(db, userId, wamids);
      if (keys.length) await deps.jobs.send(QUEUE.carrierReports, { keys });
    }
    return c.json(outcome, 200);
  });
}
