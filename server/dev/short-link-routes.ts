import type { Hono } from 'hono';
import type { ServerDeps } from '../context';
import { refreshShortLinkStats } from '../short-links/aggregate';
import { flushShortLinkHits } from '../short-links/recorders';

// POST /dev/short-links/refresh: writes the buffered hits and runs the statistics refresh now, instead of
// waiting for the 10-minute job (e2e and a newcomer trying a link). Dev tools only, loopback only (app.ts).
export function registerShortLinkDevRoutes(app: Hono, deps: ServerDeps): void {
  app.post('/dev/short-links/refresh', async (c) => {
    await flushShortLinkHits(deps.database);
    const result = await refreshShortLinkStats({ db: deps.database.db, clock: deps.clock });
    return c.json({ links: result.links, refreshedAt: result.refreshedAt.toISOString() });
  });
}
