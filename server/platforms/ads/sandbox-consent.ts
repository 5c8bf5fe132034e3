import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { ServerConfig, ServerDeps } from '../../context';
import { adPlatformById, type AdPlatformId } from '../../../src/gateway/contract/advertising';
import { AD_AUTHORIZABLE_PLATFORMS } from '../../../src/gateway/contract/ad-operations';

// The sandbox ad platforms' consent page on the gateway, /sandbox/ads/{platformId}/authorize, in the shape
// of an OAuth 2 provider (docs/decisions.md "Ad operations and data report"):
// - GET shows the business to authorise Herald to (a name, default "Sandbox <Platform> business"), Allow
//   and Deny. Only Herald's own return page (/advertising/authorize-authpage) is accepted as redirect_uri.
// - Allow sends the browser back with ?code&state, Deny with ?error=access_denied&state.
// - The code names the platform and the business and is valid for CODE_TTL_SECONDS. It is signed with a
//   fixed sandbox key: the sandbox stands in for a platform, it guards nothing; Herald's single-use state
//   is what stops CSRF and replay.

export const AD_SANDBOX_PATH = '/sandbox/ads';
export const AD_AUTH_RETURN_PATH = '/advertising/authorize-authpage';
const CODE_TTL_SECONDS = 300;
const SANDBOX_KEY = 'herald-ads-sandbox';

const origin = (config: ServerConfig) => (config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '');
export const adAuthRedirectUri = (config: ServerConfig) => `${origin(config)}${AD_AUTH_RETURN_PATH}`;
export function adAuthorizeUrl(config: ServerConfig, platformId: AdPlatformId, state: string): string {
  const query = new URLSearchParams({ response_type: 'code', redirect_uri: adAuthRedirectUri(config), state });
  return `${origin(config)}${AD_SANDBOX_PATH}/${platformId}/authorize?${query}`;
}

const sign = (body: string) => createHmac('sha256', SANDBOX_KEY).update(body).digest('base64url');

export function makeAdCode(platformId: number, business: string, nowSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ p: platformId, b: business, e: nowSeconds + CODE_TTL_SECONDS })).toString(
    'base64url',
  );
  return `${body}.${sign(body)}`;
}

/** The business a code names, or null (forged, another platform, expired). */
export function readAdCode(code: string, platformId: number, nowSeconds: number): string | null {
  const [body, mac] = code.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: number; b: string; e: number };
    return payload.p === platformId && payload.e >= nowSeconds && typeof payload.b === 'string' ? payload.b : null;
  } catch {
    return null;
  }
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function platformOf(c: Context): AdPlatformId | null {
  const id = Number(c.req.param('platform'));
  return AD_AUTHORIZABLE_PLATFORMS.includes(id as AdPlatformId) ? (id as AdPlatformId) : null;
}

function consentPage(platformId: AdPlatformId, redirectUri: string, state: string): string {
  const name = adPlatformById(platformId)!.name;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} sandbox: authorize Herald</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;color:#0f172a}label,input,button{display:block;font-size:1rem}input{margin:.25rem 0 1rem;padding:.4rem;width:100%}button{margin:.5rem 0;padding:.5rem 1rem}</style></head>
<body><h1>${name} Ads (sandbox)</h1><p>Herald asks to manage the ad accounts of your business.</p>
<form method="post"><input type="hidden" name="redirect_uri" value="${escape(redirectUri)}"><input type="hidden" name="state" value="${escape(state)}">
<label for="business">Business name</label><input id="business" name="business" value="Sandbox ${escape(name)} business" maxlength="60">
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form></body></html>`;
}

export function registerAdSandbox(app: Hono, deps: ServerDeps): void {
  const allowed = (redirectUri: string) => redirectUri === adAuthRedirectUri(deps.config);
  const bad = (c: Context, status: 400 | 404, error: string) => c.json({ error }, status);
  app.get(`${AD_SANDBOX_PATH}/:platform/authorize`, (c) => {
    const platformId = platformOf(c);
    if (!platformId) return bad(c, 404, 'not_found');
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (!allowed(redirectUri)) return bad(c, 400, 'invalid_request');
    return c.html(consentPage(platformId, redirectUri, c.req.query('state') ?? ''));
  });
  app.post(`${AD_SANDBOX_PATH}/:platform/authorize`, async (c) => {
    const platformId = platformOf(c);
    if (!platformId) return bad(c, 404, 'not_found');
    const form = await c.req.parseBody();
    const redirectUri = String(form.redirect_uri ?? '');
    if (!allowed(redirectUri)) return bad(c, 400, 'invalid_request');
    const back = new URL(redirectUri);
    back.searchParams.set('state', String(form.state ?? ''));
    const business = String(form.business ?? '')
      .trim()
      .slice(0, 60);
    if (form.decision !== 'allow' || !business) back.searchParams.set('error', 'access_denied');
    else back.searchParams.set('code', makeAdCode(platformId, business, Math.floor(deps.clock.nowMs() / 1000)));
    return c.redirect(back.toString(), 302);
  });
}
