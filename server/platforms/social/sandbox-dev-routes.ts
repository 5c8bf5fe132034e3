import type { Context, Hono } from 'hono';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { socialPosts, socialPostTargets, socialProfiles } from '../../db/schema';
import { SOCIAL_INBOX_TYPES } from '../../../src/gateway/contract/inbox';
import { socialPlatformName } from '../../../src/gateway/contract/social/platforms';
import { SANDBOX_DM_PLATFORMS, sandboxComment, sandboxDirectMessage } from './sandbox-inbox';

// /dev/social: the sandbox social platforms' side for a newcomer (rules: sandbox-inbox.ts). Every connected
// profile of platforms 1-6 with its latest published posts: "Someone comments" on a post, and on Facebook
// and Instagram "Someone sends a direct message". POST /dev/social/event takes the same fields as JSON
// (profileId, kind comment|message, postId (default: the profile's latest published post), text, name,
// hoursAgo 0-720) and answers the delivery (tests and e2e use it). Loopback only, like every /dev page.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const POSTS_SHOWN = 5;
type Fields = Record<string, string>;

async function fieldsOf(c: Context): Promise<Fields> {
  const raw = (c.req.header('content-type') ?? '').includes('json')
    ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
    : ((await c.req.parseBody()) as Record<string, unknown>);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
}

const writtenAt = (now: Date, hoursAgo: string | undefined): Date => {
  const hours = Number(hoursAgo ?? 0);
  return Number.isFinite(hours) && hours > 0 && hours <= 720 ? new Date(now.getTime() - hours * 3_600_000) : now;
};

export function registerSocialSandboxDevRoutes(app: Hono, deps: ServerDeps): void {
  const db = deps.database.db;
  const platforms = Object.keys(SOCIAL_INBOX_TYPES).map(Number);
  const publishedPosts = (profileId: string) =>
    db
      .select({ platformPostId: socialPostTargets.platformPostId, text: socialPosts.text })
      .from(socialPostTargets)
      .innerJoin(socialPosts, eq(socialPosts.id, socialPostTargets.postId))
      .where(and(eq(socialPostTargets.profileId, profileId), eq(socialPostTargets.result, 'published')))
      .orderBy(desc(socialPosts.id))
      .limit(POSTS_SHOWN);

  app.get('/dev/social', async (c) => {
    const profiles = await db
      .select()
      .from(socialProfiles)
      .where(inArray(socialProfiles.platformType, platforms))
      .orderBy(socialProfiles.userId, socialProfiles.id)
      .limit(100);
    const items: string[] = [];
    for (const p of profiles) {
      const hidden = `<input type="hidden" name="profileId" value="${escapeHtml(p.profileId)}">`;
      const posts = (await publishedPosts(p.profileId))
        .map(
          (post) => `<li>${escapeHtml(post.text.slice(0, 80))} <code>${escapeHtml(post.platformPostId)}</code>
<form method="post" action="/dev/social/event">${hidden}<input type="hidden" name="kind" value="comment"><input type="hidden" name="postId" value="${escapeHtml(post.platformPostId)}">
<input name="name" value="Sandbox fan" aria-label="Commenter"><input name="text" placeholder="Comment" aria-label="Comment" required><input name="hoursAgo" value="0" size="3" aria-label="Hours ago"><button>Someone comments</button></form></li>`,
        )
        .join('');
      const dm = SANDBOX_DM_PLATFORMS.includes(p.platformType)
        ? `<form method="post" action="/dev/social/event">${hidden}<input type="hidden" name="kind" value="message">
<input name="name" value="Sandbox customer" aria-label="Sender"><input name="text" placeholder="Direct message" aria-label="Direct message" required><input name="hoursAgo" value="0" size="3" aria-label="Hours ago"><button>Someone sends a direct message</button></form>`
        : '';
      items.push(`<article><h2>${escapeHtml(socialPlatformName(p.platformType) ?? '')} · ${escapeHtml(p.name)}</h2>
<p>account <code>${escapeHtml(p.accountId)}</code> · profile <code>${escapeHtml(p.profileId)}</code></p>${dm}
<ul>${posts || '<li>No published post yet: publish one from /mkthub/post/social/message.</li>'}</ul></article>`);
    }
    const note = c.req.query('note') ?? '';
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Herald sandbox social</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1e293b}
article{border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:16px;margin:0}form{margin:6px 0;display:flex;gap:6px;flex-wrap:wrap}
.note{background:#f0fdf4;border:1px solid #86efac;padding:8px 12px;border-radius:6px}</style></head><body>
<h1>Sandbox social platforms</h1><p>Comments and direct messages to connected profiles, delivered as each platform would (rules: docs/decisions.md "Social messages in the inbox").</p>
${note ? `<p class="note" role="status">${escapeHtml(note)}</p>` : ''}${items.join('\n') || '<p>No social profile connected yet: connect one at /setting/profile_list.</p>'}</body></html>`);
  });

  app.post('/dev/social/event', async (c) => {
    const f = await fieldsOf(c);
    const json = (c.req.header('content-type') ?? '').includes('json');
    const refuse = (why: string) => (json ? c.json({ error: why }, 400) : c.text(why, 400));
    const [profile] = await db
      .select()
      .from(socialProfiles)
      .where(eq(socialProfiles.profileId, f.profileId ?? ''));
    const text = (f.text ?? '').trim().slice(0, 2000);
    if (!profile || !SOCIAL_INBOX_TYPES[profile.platformType]) return refuse('unknown profile');
    if (!text) return refuse('text is required');
    const inbound = {
      platformType: profile.platformType,
      accountId: profile.accountId,
      text,
      at: writtenAt(deps.clock.now(), f.hoursAgo),
    };
    let outcome: { delivered: boolean; id: string };
    if (f.kind === 'message') {
      if (!SANDBOX_DM_PLATFORMS.includes(profile.platformType)) return refuse('no direct messages on this platform');
      const sent = await sandboxDirectMessage(deps, { ...inbound, authorName: f.name || 'Sandbox customer' });
      outcome = { delivered: sent.delivered, id: sent.messageId };
    } else {
      const postId = f.postId || (await publishedPosts(profile.profileId))[0]?.platformPostId;
      if (!postId) return refuse('no published post on this profile');
      const sent = await sandboxComment(deps, { ...inbound, authorName: f.name || 'Sandbox fan' }, postId);
      outcome = { delivered: sent.delivered, id: sent.commentId };
    }
    if (json) return c.json(outcome);
    const note = outcome.delivered ? `Delivered (${outcome.id}).` : 'Not delivered: the webhook was refused.';
    return c.redirect(`/dev/social?note=${encodeURIComponent(note)}`, 303);
  });
}
