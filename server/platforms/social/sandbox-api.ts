import type { Context, Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { outbox } from '../../db/schema';
import {
  isSocialPlatformType,
  socialPlatformName,
  type SocialPlatformType,
} from '../../../src/gateway/contract/social/platforms';
import { postProblems, type PostMedia } from '../../../src/gateway/contract/social/post-rules';
import { nativePostMetrics } from './metric-shapes';
import { sandboxInsights, sandboxPostMetrics } from './sandbox-metrics';
import { commentOnQuestion } from './sandbox-inbox';
import { registerSocialSandboxInbox } from './sandbox-inbox-api';
import {
  defaultAccountName,
  makeCode,
  makeToken,
  readCode,
  readToken,
  readTokenAccount,
  REFUSE_MARKER,
  REFUSE_REASON,
  sandboxAccount,
  sandboxPostId,
} from './sandbox-rules';

// The sandbox social platforms on the gateway, /sandbox/social/{type}/…: the consent page (authorize; for a
// profile or, back to /medialogin/{type}, a sign-in), the token exchange, the account read (me), publish
// (posts), a post's metrics (posts/{id}/metrics) and a profile's daily insights, in the shape of an OAuth 2
// provider. Rules: sandbox-rules.ts and sandbox-metrics.ts. What is posted lands in the outbox (/dev/outbox)
// as channel "social". The inbox's comments, direct messages and replies: sandbox-inbox.ts.

export const SOCIAL_SANDBOX_PATH = '/sandbox/social';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const fail = (c: Context, status: 400 | 401 | 404, error: string, description: string) =>
  c.json({ error, error_description: description }, status);

function platformOf(c: Context): SocialPlatformType | null {
  const type = Number(c.req.param('type'));
  return isSocialPlatformType(type) ? type : null;
}

/** Only Herald's own return page: the sandbox must not become an open redirect. */
function allowedRedirect(deps: ServerDeps, platform: SocialPlatformType, redirectUri: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.search || url.hash) return false;
  if (url.pathname !== `/mkthub/authmediapage/${platform}` && url.pathname !== `/medialogin/${platform}`) return false;
  const publicUrl = deps.config.publicUrl;
  return publicUrl ? url.origin === new URL(publicUrl).origin : url.protocol === 'http:' || url.protocol === 'https:';
}

const isSignIn = (redirectUri: string) => new URL(redirectUri).pathname.startsWith('/medialogin/');

function consentPage(platform: SocialPlatformType, redirectUri: string, state: string): string {
  const name = socialPlatformName(platform)!;
  const signIn = isSignIn(redirectUri);
  const ask = signIn
    ? 'Herald asks to know who you are and your e-mail, to sign you in.'
    : 'Herald asks to read your profile and publish posts for you.';
  const email = signIn
    ? `<label for="email">E-mail (blank: share none)</label><input id="email" name="email" type="email" value="" maxlength="254">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} sandbox: authorize Herald</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;color:#0f172a}label,input,button{display:block;font-size:1rem}input{margin:.25rem 0 1rem;padding:.4rem;width:100%}button{margin:.5rem 0;padding:.5rem 1rem}</style></head>
<body><h1>${name} (sandbox)</h1><p>${ask}</p>
<form method="post"><input type="hidden" name="redirect_uri" value="${escape(redirectUri)}"><input type="hidden" name="state" value="${escape(state)}">
<label for="account">Account name</label><input id="account" name="account" value="${escape(defaultAccountName(platform))}" maxlength="60">${email}
<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form></body></html>`;
}

const bearer = (c: Context) => (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');

export function registerSocialSandbox(app: Hono, deps: ServerDeps): void {
  const nowSeconds = () => Math.floor(deps.clock.nowMs() / 1000);
  registerSocialSandboxInbox(app, deps, SOCIAL_SANDBOX_PATH);

  app.get(`${SOCIAL_SANDBOX_PATH}/:type/authorize`, (c) => {
    const platform = platformOf(c);
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    if (!allowedRedirect(deps, platform, redirectUri))
      return fail(c, 400, 'invalid_request', 'redirect_uri is not registered');
    return c.html(consentPage(platform, redirectUri, c.req.query('state') ?? ''));
  });

  app.post(`${SOCIAL_SANDBOX_PATH}/:type/authorize`, async (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const form = await c.req.parseBody();
    const redirectUri = String(form.redirect_uri ?? '');
    if (!allowedRedirect(deps, platform, redirectUri))
      return fail(c, 400, 'invalid_request', 'redirect_uri is not registered');
    const back = new URL(redirectUri);
    back.searchParams.set('state', String(form.state ?? ''));
    if (form.decision !== 'allow') back.searchParams.set('error', 'access_denied');
    else {
      const name =
        String(form.account ?? '')
          .trim()
          .slice(0, 60) || defaultAccountName(platform);
      const email = isSignIn(redirectUri)
        ? String(form.email ?? '')
            .trim()
            .toLowerCase()
            .slice(0, 254)
        : '';
      back.searchParams.set('code', makeCode(platform, name, redirectUri, nowSeconds(), email));
    }
    return c.redirect(back.toString(), 302);
  });

  app.post(`${SOCIAL_SANDBOX_PATH}/:type/token`, async (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const body = (await c.req.json().catch(() => ({}))) as { code?: unknown; redirect_uri?: unknown };
    const granted = readCode(String(body.code ?? ''), platform, String(body.redirect_uri ?? ''), nowSeconds());
    if (granted === null) return fail(c, 400, 'invalid_grant', 'The code is invalid or expired');
    return c.json({
      access_token: makeToken(platform, granted.name, granted.email),
      token_type: 'bearer',
      account: sandboxAccount(platform, granted.name, granted.email),
    });
  });

  app.get(`${SOCIAL_SANDBOX_PATH}/:type/me`, (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const account = readTokenAccount(bearer(c), platform, true);
    if (account === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    return c.json(sandboxAccount(platform, account.name, account.email));
  });

  app.post(`${SOCIAL_SANDBOX_PATH}/:type/posts`, async (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const name = readToken(bearer(c), platform, true);
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const key = c.req.header('idempotency-key') ?? '';
    if (!key) return fail(c, 400, 'invalid_request', 'Idempotency-Key is required');
    const body = (await c.req.json().catch(() => ({}))) as {
      text?: string;
      title?: string;
      media?: PostMedia[];
      tikTok?: Record<string, unknown>;
    };
    const text = String(body.text ?? '');
    if (text.includes(REFUSE_MARKER)) return fail(c, 400, 'content_refused', REFUSE_REASON);
    const tikTok = body.tikTok ?? {};
    const problems = postProblems(platform, {
      text,
      media: Array.isArray(body.media) ? body.media : [],
      youTubeTitle: String(body.title ?? ''),
      tikTok: {
        title: String(body.title ?? ''),
        privacyLevel: (tikTok.privacyLevel as '') ?? '',
        allowDuet: Boolean(tikTok.allowDuet),
        allowStitch: Boolean(tikTok.allowStitch),
        allowComment: Boolean(tikTok.allowComment),
        brandedContent: (tikTok.brandedContent as boolean | null) ?? null,
      },
    });
    if (problems.length) return fail(c, 400, 'invalid_post', `The platform refused the post: ${problems[0].key}`);
    const postId = sandboxPostId(platform, key);
    const db = deps.database.db;
    const [kept] = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'social'), eq(outbox.subject, key)));
    if (!kept) {
      const media = (body.media ?? [])
        .map((m) => `\n[${m.kind}] ${String((m as { url?: string }).url ?? '')}`)
        .join('');
      await db.insert(outbox).values({
        channel: 'social',
        to: `${socialPlatformName(platform)}: ${name} (${postId})`,
        subject: key,
        text: `${body.title ? `${body.title}\n` : ''}${text}${media}`,
        createdAt: deps.clock.now(),
      });
      commentOnQuestion(deps, platform, sandboxAccount(platform, name).id, postId, text);
    }
    return c.json({ id: postId });
  });

  // A post's metrics: only the token's account's own post (the outbox keeps who posted it and when).
  app.get(`${SOCIAL_SANDBOX_PATH}/:type/posts/:postId/metrics`, async (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const name = readToken(bearer(c), platform, true);
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const postId = c.req.param('postId');
    const [kept] = await deps.database.db
      .select({ createdAt: outbox.createdAt })
      .from(outbox)
      .where(and(eq(outbox.channel, 'social'), eq(outbox.to, `${socialPlatformName(platform)}: ${name} (${postId})`)));
    if (!kept) return fail(c, 404, 'not_found', 'No such post of this account');
    const ageMinutes = (deps.clock.nowMs() - kept.createdAt.getTime()) / 60_000;
    return c.json(nativePostMetrics(platform, postId, sandboxPostMetrics(platform, postId, ageMinutes)));
  });

  app.get(`${SOCIAL_SANDBOX_PATH}/:type/insights`, (c) => {
    const platform = platformOf(c);
    if (!platform) return fail(c, 404, 'not_found', 'Unknown platform');
    const name = readToken(bearer(c), platform, true);
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const since = c.req.query('since') ?? '';
    const until = c.req.query('until') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || !/^\d{4}-\d{2}-\d{2}$/.test(until))
      return fail(c, 400, 'invalid_request', 'since and until are YYYY-MM-DD');
    return c.json({ data: sandboxInsights(platform, sandboxAccount(platform, name).id, since, until) });
  });
}
