import type { Context, Hono } from 'hono';
import type { ServerDeps } from '../../context';
import { socketAddress } from '../../client-address';
import { requestLang } from '../../messages';
import { SHORT_CODE_PATTERN, SHORT_LINK_PATH } from '../../../src/gateway/contract/short-links';
import { liveLinkByCode } from '../../short-links/store';
import { describeVisit } from '../../short-links/visit';
import { daySalt } from '../../short-links/salts';
import { hitRecorderOf } from '../../short-links/recorders';
import { renderShortLinkNotFound } from './not-found-page';

// The gateway's own redirect path (spec 001 §3): GET /s/:code answers 302 to the link's stored original
// URL and nothing else (no visitor query is ever a destination, so it is no open redirect); ?origin=qr_code
// marks a QR scan. Every hit is recorded in the batch buffer (server/short-links/hit-recorder.ts).

/** Codes are looked up once per this long per process: a deleted link stops redirecting within it. */
export const CODE_CACHE_MS = 5_000;
const CODE_CACHE_MAX = 10_000;

export const HIT_KIND = { Click: 1, QrScan: 2 } as const;

export function registerShortLinkRoutes(app: Hono, deps: ServerDeps): void {
  const cache = new Map<string, { link: { id: number; originalUrl: string } | null; until: number }>();
  const recorder = hitRecorderOf(deps.database);
  const db = deps.database.db;

  const lookup = async (code: string) => {
    const now = Date.now();
    const known = cache.get(code);
    if (known && known.until > now) return known.link;
    const link = await liveLinkByCode(db, code);
    if (cache.size >= CODE_CACHE_MAX) cache.clear();
    cache.set(code, { link, until: now + CODE_CACHE_MS });
    return link;
  };

  const notFound = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.html(renderShortLinkNotFound(requestLang(c.req.header('cookie'), c.req.header('accept-language'))), 404);
  };

  app.get(`${SHORT_LINK_PATH}/:code`, async (c) => {
    const code = c.req.param('code');
    if (!SHORT_CODE_PATTERN.test(code)) return notFound(c);
    const link = await lookup(code);
    if (!link) return notFound(c);
    const at = deps.clock.now();
    const facts = describeVisit(
      {
        ip: socketAddress(c) ?? '',
        userAgent: c.req.header('user-agent') ?? '',
        referer: c.req.header('referer') ?? '',
        acceptLanguage: c.req.header('accept-language') ?? '',
      },
      await daySalt(db, at),
    );
    recorder.record({
      linkId: link.id,
      at,
      kind: c.req.query('origin') === 'qr_code' ? HIT_KIND.QrScan : HIT_KIND.Click,
      ...facts,
    });
    // no-store: every visit comes back here and is counted.
    c.header('Cache-Control', 'no-store');
    return c.redirect(link.originalUrl, 302);
  });
}
