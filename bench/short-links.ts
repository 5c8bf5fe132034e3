import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { createApp } from '../server/app';
import { memoryJobQueue } from '../server/queue/memory';
import { createShortLink } from '../server/short-links/store';
import { flushShortLinkHits } from '../server/short-links/recorders';
import { refreshShortLinkStats } from '../server/short-links/aggregate';
import { rowsOf } from '../server/db/rows';
import { freePort } from './lib/server';

// Issue 16's short-link figures. (1) The redirect: GET /s/:code under autocannon (20 connections), each
// answered 302 after its hit went into the batch buffer; every hit is then found in the database (batched
// multi-row INSERTs). (2) The statistics refresh over BENCH_SHORT_LINK_HITS hits of one link (1,000,000 by
// default): totals, the six breakdowns and the per-day series, on the embedded database.

const DURATION_S = Number(process.env.BENCH_SHORT_LINK_SECONDS ?? 10);
const STATS_HITS = Number(process.env.BENCH_SHORT_LINK_HITS ?? 1_000_000);

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

type LoadResult = Parameters<Parameters<typeof autocannon>[1]>[1];

function run(url: string, duration: number) {
  return new Promise<LoadResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'GET',
        connections: 20,
        duration,
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36',
          'accept-language': 'zh-CN',
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export async function benchShortLinks(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-short-links-'));
  const deps = await boot({ dataDir, skipSeed: true, jobs: memoryJobQueue() });
  const app = createApp(deps);
  const port = await freePort(8290);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  try {
    const db = deps.database.db;
    const link = await createShortLink({ db, clock: deps.clock }, 1, {
      Title: 'bench',
      Url: 'https://shop.example.com/spring',
      UtmSource: 'bench',
      UtmMedium: 'load',
      UtmCampaign: 'redirects',
    });
    const url = `http://127.0.0.1:${port}/s/${link.code}`;
    await run(url, 2); // warm-up
    await flushShortLinkHits(deps.database);
    const [before] = await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM short_link_hits`);
    const cpu = process.cpuUsage();
    const result = await run(url, DURATION_S);
    const redirectCpuS = cpuSeconds(process.cpuUsage(cpu));
    await flushShortLinkHits(deps.database);
    const [after] = await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM short_link_hits`);
    const recorded = Number(after.n) - Number(before.n);

    // (2) One link with STATS_HITS hits over 30 days, 50 visitors a day, spread over the dimensions.
    const big = await createShortLink({ db, clock: deps.clock }, 1, {
      Title: 'bench-stats',
      Url: 'https://shop.example.com/big',
      UtmSource: 'bench',
      UtmMedium: 'stats',
      UtmCampaign: 'million',
    });
    const insertStart = performance.now();
    await db.execute(sql`
      INSERT INTO short_link_hits (link_id, at, kind, visitor, referrer, device, os, browser, language, country)
      SELECT ${big.id}, now() - (i % 30) * interval '1 day', 1 + (i % 3 = 0)::int, 'v' || (i % 1500),
             (ARRAY['direct','t.co','mail.example.com','news.example.org'])[1 + i % 4],
             (ARRAY['desktop','mobile','tablet'])[1 + i % 3], (ARRAY['Windows','iOS','Android','Mac OS'])[1 + i % 4],
             (ARRAY['Chrome','Mobile Safari','Firefox','Edge','Samsung Internet'])[1 + i % 5],
             (ARRAY['en-US','zh-CN','fr','de-DE'])[1 + i % 4], (ARRAY['US','CN','DE','FR','unknown'])[1 + i % 5]
      FROM generate_series(1, ${STATS_HITS}) AS i`);
    const insertMs = performance.now() - insertStart;
    const refreshStart = performance.now();
    await refreshShortLinkStats({ db, clock: deps.clock });
    const refreshMs = performance.now() - refreshStart;
    const [stats] = await rowsOf<{ pv: string }>(db, sql`SELECT pv FROM short_link_stats WHERE link_id = ${big.id}`);

    return {
      'redirects/s (20 connections)': Math.round(result.requests.average),
      'redirect p50 ms': result.latency.p50,
      'redirect p99 ms': result.latency.p99,
      'redirects answered': result.requests.total,
      'answers not 2xx (all 302 expected)': result.non2xx,
      'errors and time-outs': result.errors + result.timeouts,
      'hits recorded / redirects': `${recorded} / ${result.requests.total}`,
      'redirects per CPU-second (server and load in one process)': Math.round(result.requests.total / redirectCpuS),
      [`insert ${STATS_HITS.toLocaleString('en-US')} hits (one INSERT…SELECT) ms`]: Math.round(insertMs),
      [`statistics refresh over ${STATS_HITS.toLocaleString('en-US')} hits ms`]: Math.round(refreshMs),
      'refreshed PV': Number(stats?.pv ?? 0),
    };
  } finally {
    server.close();
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchShortLinks());
