import { eq, like, lt, and, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import {
  serverSecrets,
  shortLinkRefresh,
  shortLinkStats,
  type StoredBreakdown,
  type StoredCount,
  type StoredDay,
} from '../db/schema';
import type { Clock } from '../clock';
import { SALT_PREFIX, saltName } from './salts';

// The statistics refresh (spec 001 §9: every 10 minutes), run by the short-link-stats job: every link with
// hits after its last refresh is counted again from its raw hits, up to the newest hit seen now, in SQL
// (one scan per link for the breakdowns, with GROUPING SETS). Recounting from the raw hits makes the job
// idempotent: a retried or doubled run writes the same figures.

/** How many rows each breakdown keeps (largest first). */
export const BREAKDOWN_TOP = 20;
/** Links refreshed per run at most; the rest wait for the next run (they stay dirty). */
export const REFRESH_BATCH = 5000;

const DIMENSIONS = ['country', 'referrer', 'device', 'os', 'browser', 'language'] as const;
type Dimension = (typeof DIMENSIONS)[number];
const BREAKDOWN_OF: Record<Dimension, keyof StoredBreakdown> = {
  country: 'locations',
  referrer: 'referrers',
  device: 'devices',
  os: 'systems',
  browser: 'browsers',
  language: 'languages',
};

export interface RefreshResult {
  links: number;
  refreshedAt: Date;
}

export async function refreshShortLinkStats(deps: { db: Db; clock: Clock }): Promise<RefreshResult> {
  const { db } = deps;
  const refreshedAt = deps.clock.now();
  const dirty = await rowsOf<{ link_id: string; last: string }>(
    db,
    sql`SELECT h.link_id, max(h.id) AS last
        FROM short_link_hits h LEFT JOIN short_link_stats s ON s.link_id = h.link_id
        WHERE h.id > coalesce(s.last_hit_id, 0)
        GROUP BY h.link_id
        LIMIT ${REFRESH_BATCH}`,
  );
  for (const link of dirty) await refreshLink(db, Number(link.link_id), Number(link.last), refreshedAt);
  await db
    .insert(shortLinkRefresh)
    .values({ id: 1, refreshedAt })
    .onConflictDoUpdate({ target: shortLinkRefresh.id, set: { refreshedAt } });
  // Yesterday's salt is still needed by today's late hits near midnight; older ones are forgotten.
  const yesterday = new Date(refreshedAt.getTime() - 86_400_000);
  await db
    .delete(serverSecrets)
    .where(and(like(serverSecrets.name, `${SALT_PREFIX}%`), lt(serverSecrets.name, saltName(yesterday))));
  return { links: dirty.length, refreshedAt };
}

async function refreshLink(db: Db, linkId: number, lastHitId: number, refreshedAt: Date): Promise<void> {
  const scope = sql`link_id = ${linkId} AND id <= ${lastHitId}`;
  const [totals] = await rowsOf<{ pv: string; uv: string; clicks: string; qr: string }>(
    db,
    sql`SELECT count(*) AS pv, count(DISTINCT visitor) AS uv,
               count(*) FILTER (WHERE kind = 1) AS clicks, count(*) FILTER (WHERE kind = 2) AS qr
        FROM short_link_hits WHERE ${scope}`,
  );
  const groups = await rowsOf<Record<Dimension, string | null> & { g: number; n: string }>(
    db,
    sql`SELECT country, referrer, device, os, browser, language,
               GROUPING(country, referrer, device, os, browser, language) AS g, count(*) AS n
        FROM short_link_hits WHERE ${scope}
        GROUP BY GROUPING SETS ((country), (referrer), (device), (os), (browser), (language))`,
  );
  const daily = await rowsOf<{ day: string; pv: string; uv: string }>(
    db,
    sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS pv, count(DISTINCT visitor) AS uv
        FROM short_link_hits WHERE ${scope} GROUP BY 1 ORDER BY 1`,
  );
  const values = {
    lastHitId,
    pv: Number(totals.pv),
    uv: Number(totals.uv),
    clicks: Number(totals.clicks),
    qrScans: Number(totals.qr),
    breakdown: breakdownOf(groups),
    daily: daily.map((d): StoredDay => ({ day: d.day, pv: Number(d.pv), uv: Number(d.uv) })),
    refreshedAt,
  };
  await db
    .insert(shortLinkStats)
    .values({ linkId, ...values })
    .onConflictDoUpdate({ target: shortLinkStats.linkId, set: values });
}

/** GROUPING(...) has a 1 bit for every column not grouped: the one dimension grouped has its bit clear. */
function breakdownOf(groups: (Record<Dimension, string | null> & { g: number; n: string })[]): StoredBreakdown {
  const breakdown: StoredBreakdown = {
    locations: [],
    referrers: [],
    devices: [],
    systems: [],
    browsers: [],
    languages: [],
  };
  DIMENSIONS.forEach((dimension, index) => {
    const bit = 1 << (DIMENSIONS.length - 1 - index);
    const rows: StoredCount[] = groups
      .filter((row) => (Number(row.g) & bit) === 0)
      .map((row) => ({ name: row[dimension] ?? '', count: Number(row.n) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, BREAKDOWN_TOP);
    breakdown[BREAKDOWN_OF[dimension]] = rows;
  });
  return breakdown;
}

export async function statsOf(db: Db, linkId: number) {
  const [row] = await db.select().from(shortLinkStats).where(eq(shortLinkStats.linkId, linkId));
  const [refresh] = await db.select().from(shortLinkRefresh).where(eq(shortLinkRefresh.id, 1));
  return { row: row ?? null, lastRefresh: refresh?.refreshedAt ?? null };
}
