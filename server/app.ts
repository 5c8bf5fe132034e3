import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { apiHandler } from './api';
import { isLocalClient } from './client-address';
import { requestLang, retCodeMessage } from './messages';
import { RetCode } from '../src/gateway/contract/retcodes';
import type { ServerConfig, ServerDeps } from './context';
import { registerOutboxRoutes } from './dev/outbox-routes';
import { registerUnsubscribeRoutes } from './handlers/email/unsubscribe-routes';
import { registerTrackRoutes } from './handlers/email/track-routes';
import { registerUploadRoutes } from './handlers/uploads/routes';
import { registerMoneyRoutes } from './handlers/money/routes';
import { registerShortLinkRoutes } from './handlers/short-links/redirect-routes';
import { registerShortLinkDevRoutes } from './dev/short-link-routes';
import { registerLibraryDevRoutes } from './dev/library-routes';
import { registerLibraryRoutes } from './handlers/library-routes';
import { registerTelegramSandbox } from './platforms/telegram/sandbox-api';
import { registerWhatsAppSandbox } from './platforms/whatsapp/sandbox-api';
import { registerWhatsAppSandboxDevRoutes } from './platforms/whatsapp/sandbox-dev-routes';
import { usesWhatsAppSandbox } from './platforms/whatsapp/app-credentials';
import { registerWhatsAppWebhookRoutes } from './whatsapp/webhook-routes';
import { registerSocialSandbox } from './platforms/social/sandbox-api';
import { registerSocialSandboxDevRoutes } from './platforms/social/sandbox-dev-routes';
import { registerSocialWebhookRoutes } from './inbox/social-webhook-routes';
import { registerAdSandbox } from './platforms/ads/sandbox-consent';

/** The gateway's HTTP surface, without static files: /api, and /dev/* in the embedded default. */
export function createApp(deps: ServerDeps): Hono {
  const app = new Hono();
  app.use('*', securityHeaders(deps.config));
  // Whatever a route throws, the client gets the gateway's envelope, never a plain-text 500.
  app.onError((error, c) => {
    console.error(`[http] ${c.req.method} ${c.req.path}`, error);
    const lang = requestLang(c.req.header('cookie'), c.req.header('accept-language'));
    return c.json({ RetCode: RetCode.SystemBusy, Message: retCodeMessage(RetCode.SystemBusy, lang), Data: {} }, 500);
  });
  app.post('/api', apiHandler(deps));
  app.all('/api', (c) => c.json({ RetCode: 230000, Message: 'POST only', Data: {} }, 405));
  app.get('/healthz', (c) => c.json({ ok: true }));
  registerUploadRoutes(app, deps);
  registerMoneyRoutes(app, deps);
  registerUnsubscribeRoutes(app, deps);
  registerTrackRoutes(app, deps);
  registerShortLinkRoutes(app, deps);
  registerLibraryRoutes(app, deps);
  // The sandbox Bot API only while no real one is configured (TELEGRAM_API_URL).
  if (!deps.config.telegramApiUrl) registerTelegramSandbox(app, deps);
  registerWhatsAppWebhookRoutes(app, deps);
  // The sandbox WhatsApp Cloud API and sign-up only while no real one is configured (WHATSAPP_API_URL).
  if (usesWhatsAppSandbox(deps.config)) registerWhatsAppSandbox(app, deps);
  // The sandbox social platforms only while no real ones are configured (SOCIAL_API_URL).
  if (!deps.config.socialApiUrl) registerSocialSandbox(app, deps);
  registerSocialWebhookRoutes(app, deps);
  // The sandbox ad platforms' consent page (every ad platform is the sandbox until a real one is configured).
  registerAdSandbox(app, deps);

  // Dev tools show every account's codes and links: loopback clients only, unless explicitly opened.
  app.use('/dev/*', async (c, next) => {
    if (!deps.config.devToolsAnyClient && !isLocalClient(c))
      return c.json({ RetCode: RetCode.Forbidden, Message: retCodeMessage(RetCode.Forbidden, 'en'), Data: {} }, 403);
    await next();
  });
  if (deps.config.devTools) {
    registerOutboxRoutes(app, deps);
    registerShortLinkDevRoutes(app, deps);
    registerLibraryDevRoutes(app, deps);
    if (usesWhatsAppSandbox(deps.config)) registerWhatsAppSandboxDevRoutes(app, deps);
    if (!deps.config.socialApiUrl) registerSocialSandboxDevRoutes(app, deps);
  }
  if (deps.config.testClock) {
    app.post('/dev/clock', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { advanceMs?: unknown; reset?: unknown };
      if (body.reset === true) deps.clock.reset();
      if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs)) deps.clock.advance(body.advanceMs);
      return c.json({ now: deps.clock.now().toISOString() });
    });
  }
  return app;
}

/**
 * Security headers on every answer: the console, /api, files and the dev pages (issue 19 item 7), with
 * hono's secure-headers middleware. The CSP allows no inline script (the built index.html loads its
 * module by URL); inline styles stay allowed for the dev pages and libraries that set style elements.
 * A route that set its own header keeps it (files: `default-src 'none'`). HSTS only when PUBLIC_URL is
 * https: on plain http it would be ignored, and on localhost it would pin the browser to https.
 */
export function securityHeaders(config: ServerConfig) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: true,
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    overwrite: false,
  });
}
