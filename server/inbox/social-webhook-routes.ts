import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerDeps } from '../context';
import { readInboundWebhook, WEBHOOK_PLATFORMS } from '../platforms/social/inbound-shapes';
import { socialVerifyToken, socialWebhookSecret, verifySocialWebhook } from '../platforms/social/webhook-signature';
import { SOCIAL_PLATFORM } from '../../src/gateway/contract/social/platforms';
import { storeSocialInbound } from './social-inbound';

// The social platforms' webhook, /webhooks/social/{platform type} for the platforms that push (Facebook 1,
// Instagram 2, LinkedIn 3, TikTok 6; docs/decisions.md "Social messages in the inbox"). GET answers Meta's
// subscription handshake (Facebook and Instagram). POST: a missing or wrong signature is 401 and stores
// nothing; a body that is not JSON is 400; anything else is 200 once stored (the platforms retry other
// answers; a replay is dropped by the message id). Another platform type is 404.

const MAX_BODY = 1_048_576;
const META: readonly number[] = [SOCIAL_PLATFORM.Facebook, SOCIAL_PLATFORM.Instagram];

export function registerSocialWebhookRoutes(app: Hono, deps: ServerDeps): void {
  const db = deps.database.db;
  app.get('/webhooks/social/:type', async (c) => {
    if (!META.includes(Number(c.req.param('type')))) return c.text('Not Found', 404);
    const verifyToken = await socialVerifyToken(db, deps.config);
    if (c.req.query('hub.mode') === 'subscribe' && c.req.query('hub.verify_token') === verifyToken)
      return c.text(c.req.query('hub.challenge') ?? '', 200);
    return c.text('Forbidden', 403);
  });
  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.text('Payload Too Large', 413) });
  app.post('/webhooks/social/:type', limit, async (c) => {
    const platformType = Number(c.req.param('type'));
    if (!WEBHOOK_PLATFORMS.includes(platformType)) return c.text('Not Found', 404);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const secret = await socialWebhookSecret(db, deps.config, platformType);
    const nowSeconds = Math.floor(deps.clock.nowMs() / 1000);
    if (!verifySocialWebhook(platformType, secret, raw, (name) => c.req.header(name), nowSeconds))
      return c.text('Unauthorized', 401);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return c.text('Bad Request', 400);
    }
    if (!body || typeof body !== 'object') return c.text('Bad Request', 400);
    const now = deps.clock.now();
    return c.json(await storeSocialInbound(db, platformType, readInboundWebhook(platformType, body, now), now), 200);
  });
}
