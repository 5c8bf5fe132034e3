import { PlatformError } from '../platform';
import type { SocialPlatformType } from '../../../src/gateway/contract/social/platforms';
import type { SocialAccount, SocialPlatform } from './social-platform';
import { readInsights, readPostMetrics } from './metric-shapes';
import { readPolledComments } from './inbound-shapes';

// The social platforms over HTTP, OAuth 2 shaped: <base>/<type>/authorize (the browser),
// POST <base>/<type>/token, GET <base>/<type>/me, POST <base>/<type>/posts, GET <base>/<type>/posts/<id>/metrics
// and GET <base>/<type>/insights (shapes: metric-shapes.ts) with a bearer token. The inbox's part
// (docs/decisions.md "Social messages in the inbox"): GET <base>/<type>/comments?since (X and YouTube, in their
// real shapes: inbound-shapes.ts), POST <base>/<type>/comments/<id>/replies {text} and
// POST <base>/<type>/messages {recipient: {id}, message: {text}, reply_to}, both with an Idempotency-Key.
// Errors are {error, error_description}. The base is SOCIAL_API_URL or the gateway's sandbox.

export interface SocialAdapterOptions {
  /** Without a trailing slash: http://host/sandbox/social */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function refusalOf(status: number, description: string): PlatformError {
  if (status === 401) return new PlatformError('unauthorized', description);
  if (status === 403) return new PlatformError('forbidden', description);
  if (status === 404) return new PlatformError('notFound', description);
  if (status === 429) return new PlatformError('rateLimited', description);
  if (status === 400) return new PlatformError('badRequest', description);
  return new PlatformError('unavailable', description || `HTTP ${status}`);
}

export function socialAdapter(platformType: SocialPlatformType, options: SocialAdapterOptions): SocialPlatform {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.baseUrl}/${platformType}`;
  async function request<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    } catch (error) {
      throw new PlatformError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: string; error_description?: string };
    if (!response.ok) throw refusalOf(response.status, body.error_description ?? body.error ?? '');
    return body;
  }
  const json = (token: string | null, extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  return {
    platformType,
    authorizeUrl({ redirectUri, state }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'herald',
        redirect_uri: redirectUri,
        state,
      });
      return `${base}/authorize?${query}`;
    },
    async exchange({ code, redirectUri }) {
      const body = await request<{ access_token: string; account: SocialAccount }>('/token', {
        method: 'POST',
        headers: json(null),
        body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      });
      return { accessToken: body.access_token, account: body.account };
    },
    account: (token) => request<SocialAccount>('/me', { method: 'GET', headers: json(token) }),
    async publish(token, publication) {
      const { idempotencyKey, ...post } = publication;
      const body = await request<{ id: string }>('/posts', {
        method: 'POST',
        headers: json(token, { 'idempotency-key': idempotencyKey }),
        body: JSON.stringify(post),
      });
      return { postId: body.id };
    },
    async postMetrics(token, platformPostId) {
      const body = await request<unknown>(`/posts/${encodeURIComponent(platformPostId)}/metrics`, {
        method: 'GET',
        headers: json(token),
      });
      return readPostMetrics(platformType, body);
    },
    async insights(token, since, until) {
      const query = new URLSearchParams({ since, until });
      return readInsights(await request<unknown>(`/insights?${query}`, { method: 'GET', headers: json(token) }));
    },
    async comments(token, accountId, since) {
      const query = new URLSearchParams({ since: since.toISOString() });
      const body = await request<unknown>(`/comments?${query}`, { method: 'GET', headers: json(token) });
      return readPolledComments(platformType, accountId, body, new Date());
    },
    async replyToComment(token, { commentId, text, idempotencyKey }) {
      const body = await request<{ id: string }>(`/comments/${encodeURIComponent(commentId)}/replies`, {
        method: 'POST',
        headers: json(token, { 'idempotency-key': idempotencyKey }),
        body: JSON.stringify({ text }),
      });
      return { id: String(body.id) };
    },
    async sendMessage(token, { recipientId, text, replyTo, idempotencyKey }) {
      const body = await request<{ message_id: string }>('/messages', {
        method: 'POST',
        headers: json(token, { 'idempotency-key': idempotencyKey }),
        body: JSON.stringify({ recipient: { id: recipientId }, message: { text }, reply_to: replyTo }),
      });
      return { id: String(body.message_id) };
    },
  };
}
