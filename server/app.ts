import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import { apiHandler } from './api';
import { isLocalClient } from './client-address';
import { requestLang, retCodeMessage } from './messages';
import { RetCode } from '../src/gateway/contract/retcodes';
import type { ServerDeps } from './context';
import { outbox } from './db/schema';
import { renderOutboxPage } from './dev/outbox-page';
import { registerUploadRoutes } from './handlers/uploads/routes';
import { registerMoneyRoutes } from './handlers/money/routes';

/** The gateway's HTTP surface, without static files: /api, and /dev/* in the embedded default. */
export function createApp(deps: ServerDeps): Hono {
  const app = new Hono();
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

  // Dev tools show every account's codes and links: loopback clients only, unless explicitly opened.
  app.use('/dev/*', async (c, next) => {
    if (!deps.config.devToolsAnyClient && !isLocalClient(c))
      return c.json({ RetCode: RetCode.Forbidden, Message: retCodeMessage(RetCode.Forbidden, 'en'), Data: {} }, 403);
    await next();
  });
  if (deps.config.devTools) {
    const latest = () => deps.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    app.get('/dev/outbox.json', async (c) =>
      c.json(
        (await latest()).map((m) => ({
          to: m.to,
          channel: m.channel,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
        })),
      ),
    );
    app.get('/dev/outbox', async (c) => c.html(renderOutboxPage(await latest())));
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
