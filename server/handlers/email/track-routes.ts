import type { Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { resolveTrackToken, TRACK_CLICK_PATH, TRACK_OPEN_PATH } from '../../email/tracking';
import { trackRecorderOf } from '../../email/track-recorder';

/** A transparent 1×1 GIF: the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = { 'Cache-Control': 'no-store, max-age=0', 'X-Robots-Tag': 'noindex' };

/**
 * The public tracking gateway of e-mail (docs/decisions.md "E-mail tracking"): GET /t/o/<token>.gif
 * counts an open and answers the pixel; GET /t/c/<token> counts a click and redirects to the task's own
 * link at the token's index. A token that is malformed, forged, of another kind or names no recipient
 * or link is a plain 404: nothing is counted and nothing redirects. Hits are counted in batches
 * (track-recorder.ts): the answer does not wait for the write.
 */
export function registerTrackRoutes(app: Hono, deps: ServerDeps): void {
  const { db } = deps.database;
  const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

  app.get(`${TRACK_OPEN_PATH}/:file`, async (c) => {
    const file = c.req.param('file');
    const hit = file.endsWith('.gif') ? await resolveTrackToken(db, 'o', file.slice(0, -4)) : null;
    if (!hit) return notFound();
    trackRecorderOf(db).record({ ...hit, kind: 'open', at: deps.clock.now() });
    return new Response(new Uint8Array(PIXEL), { headers: { 'Content-Type': 'image/gif', ...NO_STORE } });
  });

  app.get(`${TRACK_CLICK_PATH}/:token`, async (c) => {
    const hit = await resolveTrackToken(db, 'c', c.req.param('token'));
    if (!hit) return notFound();
    trackRecorderOf(db).record({ ...hit, kind: 'click', at: deps.clock.now() });
    return new Response(null, { status: 302, headers: { Location: hit.url, ...NO_STORE } });
  });
}
