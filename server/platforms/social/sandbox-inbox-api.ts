import type { Context, Hono } from 'hono';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { outbox, sandboxSocialComments } from '../../db/schema';
import {
  isSocialPlatformType,
  socialPlatformName,
  SOCIAL_PLATFORM,
  type SocialPlatformType,
} from '../../../src/gateway/contract/social/platforms';
import { POLLED_COMMENT_PLATFORMS } from './inbound-shapes';
import { readToken, REFUSE_MARKER, REFUSE_REASON, sandboxAccount } from './sandbox-rules';
import { SANDBOX_DM_PLATFORMS } from './sandbox-inbox';

// The sandbox social platforms' inbox endpoints (rules: sandbox-inbox.ts): X's and YouTube's comment reads in
// their real shapes, and the comment replies and direct messages Herald sends, kept in the outbox.

const bearer = (c: Context) => (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
const fail = (c: Context, status: 400 | 401 | 404, error: string, description: string) =>
  c.json({ error, error_description: description }, status);
const MAX_POLLED = 100;

export function registerSocialSandboxInbox(app: Hono, deps: ServerDeps, base: string): void {
  const db = deps.database.db;
  const caller = (c: Context) => {
    const platform = Number(c.req.param('type'));
    if (!isSocialPlatformType(platform)) return { platform, name: null, known: false };
    return { platform, name: readToken(bearer(c), platform, true), known: true };
  };

  app.get(`${base}/:type/comments`, async (c) => {
    const { platform, name, known } = caller(c);
    if (!known || !POLLED_COMMENT_PLATFORMS.includes(platform))
      return fail(c, 404, 'not_found', 'No comment list here');
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const since = new Date(c.req.query('since') ?? '');
    if (Number.isNaN(since.getTime())) return fail(c, 400, 'invalid_request', 'since is an ISO 8601 time');
    const rows = await db
      .select()
      .from(sandboxSocialComments)
      .where(
        and(
          eq(sandboxSocialComments.platformType, platform),
          eq(sandboxSocialComments.accountId, sandboxAccount(platform as SocialPlatformType, name).id),
          gte(sandboxSocialComments.createdAt, since),
        ),
      )
      .orderBy(asc(sandboxSocialComments.createdAt))
      .limit(MAX_POLLED);
    if (platform === SOCIAL_PLATFORM.Twitter)
      return c.json({
        data: rows.map((r) => ({
          id: r.commentId,
          text: r.text,
          author_id: r.authorId,
          conversation_id: r.postId,
          created_at: r.createdAt.toISOString(),
        })),
        includes: { users: rows.map((r) => ({ id: r.authorId, name: r.authorName, username: r.authorName })) },
        meta: { result_count: rows.length },
      });
    return c.json({
      kind: 'youtube#commentThreadListResponse',
      items: rows.map((r) => ({
        kind: 'youtube#commentThread',
        id: r.commentId,
        snippet: {
          videoId: r.postId,
          topLevelComment: {
            id: r.commentId,
            snippet: {
              videoId: r.postId,
              textOriginal: r.text,
              textDisplay: r.text,
              authorDisplayName: r.authorName,
              publishedAt: r.createdAt.toISOString(),
            },
          },
        },
      })),
    });
  });

  /** Keeps a reply once per key in the outbox; answers its id. */
  async function keep(c: Context, platform: number, name: string, to: string, text: string) {
    const key = c.req.header('idempotency-key') ?? '';
    if (!key) return fail(c, 400, 'invalid_request', 'Idempotency-Key is required');
    if (!text.trim()) return fail(c, 400, 'invalid_request', 'text is required');
    if (text.includes(REFUSE_MARKER)) return fail(c, 400, 'content_refused', REFUSE_REASON);
    const subject = `reply:${key}`;
    const [kept] = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'social'), eq(outbox.subject, subject)));
    const id =
      kept?.id ??
      (
        await db
          .insert(outbox)
          .values({
            channel: 'social',
            to: `${socialPlatformName(platform)}: ${name} → ${to}`,
            subject,
            text,
            createdAt: deps.clock.now(),
          })
          .returning({ id: outbox.id })
      )[0].id;
    return c.json({ id: `r${id}`, message_id: `m_r${id}` });
  }

  app.post(`${base}/:type/comments/:commentId/replies`, async (c) => {
    const { platform, name, known } = caller(c);
    if (!known) return fail(c, 404, 'not_found', 'Unknown platform');
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const body = (await c.req.json().catch(() => ({}))) as { text?: unknown };
    return keep(c, platform, name, `comment ${c.req.param('commentId')}`, String(body.text ?? ''));
  });

  app.post(`${base}/:type/messages`, async (c) => {
    const { platform, name, known } = caller(c);
    if (!known || !SANDBOX_DM_PLATFORMS.includes(platform)) return fail(c, 404, 'not_found', 'No direct messages here');
    if (name === null) return fail(c, 401, 'invalid_token', 'The access token expired or was revoked');
    const body = (await c.req.json().catch(() => ({}))) as {
      recipient?: { id?: unknown };
      message?: { text?: unknown };
    };
    const recipient = String(body.recipient?.id ?? '');
    if (!recipient) return fail(c, 400, 'invalid_request', 'recipient.id is required');
    return keep(c, platform, name, `message to ${recipient}`, String(body.message?.text ?? ''));
  });
}
