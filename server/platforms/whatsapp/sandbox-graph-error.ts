import type { Context } from 'hono';

/** A Graph API error answer of the sandbox Cloud API. */
export const graphError = (c: Context, status: 400 | 401 | 403 | 404 | 500, code: number, message: string) =>
  c.json({ error: { message, type: 'OAuthException', code, fbtrace_id: 'sandbox' } }, status);
