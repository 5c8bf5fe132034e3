import type { Context, Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { outbox } from '../../db/schema';
import { graphError } from './sandbox-graph-error';
import { sandboxTemplateMessage, type SandboxMessageBody } from './sandbox-templates-send';
import { registerSandboxMessageTemplates } from './sandbox-message-templates';
import {
  SANDBOX_BUSINESSES,
  grantOfCode,
  grantOfToken,
  sandboxCode,
  sandboxNumbers,
  tokenOf,
  wabaIdOf,
  type SandboxBusinessKey,
} from './sandbox-rules';

// The sandbox WhatsApp Cloud API on the gateway, /sandbox/whatsapp: the embedded sign-up page and the
// Graph API paths Herald calls, with the Graph API's answer shapes. Rules: sandbox-rules.ts. A text sent
// from a number (POST /{number-id}/messages) lands in the outbox (/dev/outbox) as channel "whatsapp"; a
// number whose status is not CONNECTED or FLAGGED is refused with the Cloud API's 131031.
// A template (type "template", docs/decisions.md "WhatsApp sending") is taken when the business account
// has an APPROVED template of that name and language (else 132001); its filled body lands in the outbox
// too, and signed `statuses` webhooks follow (sandboxTemplateStatuses): sent, then delivered; to a number
// ending in 12 also read; to one ending in 13 sent, then failed (131026, message undeliverable).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sign-up may only return to the console itself (no open redirect). */
function consoleRedirect(deps: ServerDeps, uri: string): URL | null {
  const origin = (deps.config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '');
  return uri.startsWith(`${origin}/`) ? new URL(uri) : null;
}

function signUpPage(state: string, redirectUri: string): string {
  const choices = (Object.keys(SANDBOX_BUSINESSES) as SandboxBusinessKey[])
    .map(
      (key, i) =>
        `<label><input type="radio" name="business" value="${key}"${i === 0 ? ' checked' : ''}> ${escapeHtml(
          SANDBOX_BUSINESSES[key].name,
        )} <small>(${SANDBOX_BUSINESSES[key].endings.length} numbers)</small></label>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>WhatsApp sandbox sign-up</title><style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#1e293b}
label{display:block;padding:8px 0}button{font:inherit;padding:8px 16px;margin-right:8px;border-radius:6px;border:1px solid #94a3b8}
button[value=allow]{background:#16a34a;color:#fff;border-color:#16a34a}</style></head><body>
<h1>Connect WhatsApp to Herald</h1><p>Sandbox embedded sign-up: choose the business account Herald may manage.</p>
<form method="post" action="/sandbox/whatsapp/signup"><fieldset><legend>Business account</legend>${choices}</fieldset>
<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<p><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="cancel">Cancel</button></p>
</form></body></html>`;
}

export function registerWhatsAppSandbox(app: Hono, deps: ServerDeps): void {
  app.get('/sandbox/whatsapp/signup', (c) => {
    const state = c.req.query('state') ?? '';
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (!state || !consoleRedirect(deps, redirectUri)) return c.text('Bad sign-up request', 400);
    return c.html(signUpPage(state, redirectUri));
  });
  app.post('/sandbox/whatsapp/signup', async (c) => {
    const form = await c.req.parseBody();
    const state = String(form.state ?? '');
    const target = consoleRedirect(deps, String(form.redirect_uri ?? ''));
    const business = String(form.business ?? '');
    if (!state || !target) return c.text('Bad sign-up request', 400);
    target.searchParams.set('state', state);
    if (form.decision === 'allow' && Object.hasOwn(SANDBOX_BUSINESSES, business))
      target.searchParams.set('code', sandboxCode(business as SandboxBusinessKey, state));
    else target.searchParams.set('error', 'access_denied');
    return c.redirect(target.toString(), 302);
  });
  app.get('/sandbox/whatsapp/oauth/access_token', (c) => {
    const grant = grantOfCode(c.req.query('code') ?? '');
    if (grant === 'expired') return graphError(c, 400, 100, 'This authorization code has expired.');
    if (!grant) return graphError(c, 400, 100, 'Invalid verification code format.');
    return c.json({ access_token: tokenOf(grant), token_type: 'bearer' });
  });
  app.get('/sandbox/whatsapp/debug_token', (c) => {
    const grant = grantOfToken(c.req.query('input_token') ?? '');
    if (!grant) return graphError(c, 400, 190, 'Invalid OAuth access token.');
    const wabaId = wabaIdOf(grant);
    return c.json({
      data: {
        is_valid: true,
        scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
        granular_scopes: [
          { scope: 'whatsapp_business_management', target_ids: [wabaId] },
          { scope: 'whatsapp_business_messaging', target_ids: [wabaId] },
        ],
      },
    });
  });
  const ownGrant = (c: Context) => {
    const grant = grantOfToken((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, ''));
    if (!grant) return graphError(c, 401, 190, 'Invalid OAuth access token.');
    if (wabaIdOf(grant) !== c.req.param('wabaId')) return graphError(c, 403, 200, 'Permissions error');
    return grant;
  };
  app.get('/sandbox/whatsapp/:wabaId/phone_numbers', (c) => {
    const grant = ownGrant(c);
    if (grant instanceof Response) return grant;
    return c.json({ data: sandboxNumbers(grant) });
  });
  app.post('/sandbox/whatsapp/:wabaId/subscribed_apps', (c) => {
    const grant = ownGrant(c);
    return grant instanceof Response ? grant : c.json({ success: true });
  });
  app.get('/sandbox/whatsapp/:wabaId', (c) => {
    const grant = ownGrant(c);
    if (grant instanceof Response) return grant;
    return c.json({ id: wabaIdOf(grant), name: SANDBOX_BUSINESSES[grant.business].name });
  });
  app.post('/sandbox/whatsapp/:phoneNumberId/messages', async (c) => {
    const grant = grantOfToken((c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, ''));
    if (!grant) return graphError(c, 401, 190, 'Invalid OAuth access token.');
    const number = sandboxNumbers(grant).find((n) => n.id === c.req.param('phoneNumberId'));
    if (!number) return graphError(c, 403, 200, 'Permissions error');
    if (number.status !== 'CONNECTED' && number.status !== 'FLAGGED')
      return graphError(c, 400, 131031, 'Business account has been locked');
    const body = (await c.req.json().catch(() => null)) as SandboxMessageBody | null;
    if (body?.type === 'template') return sandboxTemplateMessage(c, deps, grant, number, body);
    const to = String(body?.to ?? '').replace(/\D/g, '');
    const text = String(body?.text?.body ?? '').trim();
    if (body?.type !== 'text' || !to || !text || text.length > 4096)
      return graphError(c, 400, 100, 'Invalid parameter');
    const [row] = await deps.database.db
      .insert(outbox)
      .values({
        channel: 'whatsapp',
        to: `+${to}`,
        subject: number.display_phone_number,
        text,
        createdAt: deps.clock.now(),
      })
      .returning({ id: outbox.id });
    return c.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.sandbox.${number.id}.${row.id}` }],
    });
  });
  // after the sign-up's POST: POST /{template-id} would otherwise take it
  registerSandboxMessageTemplates(app, deps);
}
