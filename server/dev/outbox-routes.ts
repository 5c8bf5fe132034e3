import type { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import { outbox } from '../db/schema';
import { latestSinkMessages, sinkMessage } from '../providers/mail/sink-store';
import { renderOutboxPage } from './outbox-page';

// /dev/outbox: system mail and codes (the outbox table) and the channel mail the sandbox SMTP sink
// accepted. Registered only in the embedded default, behind app.ts's loopback check.

/** A received mail's HTML runs in a sandboxed frame: no script, no same-origin, images and styles only. */
const MAIL_HTML_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; img-src http: https: data:; " +
  "style-src 'unsafe-inline' http: https:; font-src http: https: data:; frame-ancestors 'self'";

export function registerOutboxRoutes(app: Hono, deps: ServerDeps): void {
  const db = deps.database.db;
  const latest = () => db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
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
  app.get('/dev/outbox', async (c) => {
    const sink = deps.mail.sink();
    return c.html(
      renderOutboxPage(await latest(), {
        address: sink ? `${sink.host}:${sink.port}` : null,
        messages: await latestSinkMessages(db, 50),
      }),
    );
  });
  app.get('/dev/outbox/mail.json', async (c) =>
    c.json(
      (await latestSinkMessages(db, 200)).map((m) => ({
        id: m.id,
        receivedAt: m.receivedAt.toISOString(),
        envelopeFrom: m.envelopeFrom,
        envelopeTo: m.envelopeTo,
        from: m.fromHeader,
        to: m.toHeader,
        subject: m.subject,
        messageId: m.messageId,
        headers: m.headers,
        dkim: m.dkimResult,
        dkimDetail: m.dkimDetail,
        complaint: m.complaint,
        text: m.textBody,
        html: m.html,
      })),
    ),
  );
  const byId = (id: string) => (/^\d{1,15}$/.test(id) ? sinkMessage(db, Number(id)) : Promise.resolve(undefined));
  app.get('/dev/outbox/mail/:id/html', async (c) => {
    const mail = await byId(c.req.param('id'));
    if (!mail?.html) return c.text('No such message', 404);
    c.header('Content-Security-Policy', MAIL_HTML_CSP);
    c.header('X-Frame-Options', 'SAMEORIGIN');
    // Links open outside the frame, as a webmail opens them.
    return c.html(`<base target="_blank">${mail.html}`);
  });
  app.get('/dev/outbox/mail/:id/raw', async (c) => {
    const mail = await byId(c.req.param('id'));
    if (!mail) return c.text('No such message', 404);
    c.header('Content-Security-Policy', "default-src 'none'");
    return c.text(mail.raw);
  });
}
