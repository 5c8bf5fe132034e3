import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc } from '@fast-check/vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { createAccount } from '../handlers/sms/sms-test-helpers';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { shortLinkHits, type ShortLinkHitInsert } from '../db/schema';
import type { ShortLink } from '../../src/gateway/contract/actions/short-links';
import { ownedShortLink } from './store';
import { flushShortLinkHits } from './recorders';
import { refreshShortLinkStats } from './aggregate';

// Short links end to end on the gateway: the Actions (tenant-scoped), the redirect (never an open one),
// the recorded hits and the refresh that counts them.

let server: TestServer;
let owner: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  server = await createTestServer();
  owner = await createAccount(server);
  other = await createAccount(server);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const form = {
  Title: 'Spring sale',
  Url: 'https://shop.example.com/spring?ref=1',
  UtmSource: 'newsletter',
  UtmMedium: 'email',
  UtmCampaign: 'spring',
};

async function create(input: Record<string, unknown> = form, token = owner.token) {
  return server.api<ShortLink>('CreateShortLink', input, { token });
}

const visit = (path: string, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  server.app.request(path, { headers }, { incoming: { socket: { remoteAddress: ip } } });

async function refresh() {
  await flushShortLinkHits(server.deps.database);
  await refreshShortLinkStats({ db: server.deps.database.db, clock: server.deps.clock });
}

describe('CreateShortLink', () => {
  it('stores the link with the UTM parameters on its original URL and a base62 code', async () => {
    const reply = await create({ ...form, UtmTerm: 'shoes', UtmContent: '' });
    expect(reply.RetCode).toBe(0);
    const link = reply.Data;
    const original = new URL(link.OriginalUrl);
    expect(original.searchParams.get('ref')).toBe('1');
    expect(original.searchParams.get('utm_source')).toBe('newsletter');
    expect(original.searchParams.get('utm_term')).toBe('shoes');
    expect(original.searchParams.has('utm_content')).toBe(false);
    expect(link.ShortLink).toMatch(/^s\/[0-9A-Za-z]{8}$/);
    expect(link.QrUrl).toBe(`${link.ShortUrl}?origin=qr_code`);
    expect(link.ShortUrl).toBe(`${link.Proto}://${link.ShortLinkDomain}/${link.ShortLink}`);
  });

  it.each(['javascript:alert(1)', 'ftp://x', 'shop.example.com', 'https://'])(
    'refuses the destination %s at its field',
    async (url) => {
      const reply = await create({ ...form, Url: url }, owner.token);
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect(reply.Data).toMatchObject({ Fields: [{ Field: 'Url' }] });
    },
  );

  it('needs source, medium and campaign, and says so in Chinese too', async () => {
    const reply = await server.api('CreateShortLink', { ...form, UtmMedium: ' ' }, { token: owner.token, lang: 'zh' });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(reply.Data).toMatchObject({ Fields: [{ Field: 'UtmMedium', Key: 'validation:utmMediumRequired' }] });
    expect(reply.Message).toContain('UTM 媒介');
  });

  it('refuses unknown fields', async () => {
    expect((await create({ ...form, Code: 'abcdefgh' })).RetCode).toBe(RetCode.ValidationError);
  });
});

describe('tenants', () => {
  it('never see or change each other’s links or statistics', async () => {
    const link = (await create()).Data;
    for (const action of ['GetShortLink', 'GetShortLinkStatistics', 'DeleteShortLink'])
      expect((await server.api(action, { LinkId: link.LinkId }, { token: other.token })).RetCode).toBe(
        RetCode.NotFound,
      );
    const theirs = await server.api<{ Links: ShortLink[] }>('ListShortLink', {}, { token: other.token });
    expect(theirs.Data.Links.map((l) => l.LinkId)).not.toContain(link.LinkId);
    const mine = await server.api<{ Links: ShortLink[] }>(
      'ListShortLink',
      { Keyword: 'spring' },
      { token: owner.token },
    );
    expect(mine.Data.Links.map((l) => l.LinkId)).toContain(link.LinkId);
  });
});

describe('the redirect', () => {
  it('goes only to the stored original URL, whatever the visitor adds', async () => {
    const link = (await create()).Data;
    const path = `/${link.ShortLink}`;
    for (const query of [
      '',
      '?url=https://evil.example',
      '?origin=qr_code&next=//evil.example',
      '?origin=https://evil.example',
    ]) {
      const response = await visit(path + query);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(link.OriginalUrl);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    for (const bad of [
      '/s/zzzzzzzz',
      '/s/https:%2F%2Fevil.example',
      '/s/' + encodeURIComponent('//evil.example'),
      '/s/abc',
    ]) {
      const response = await visit(bad);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('stops at a deleted link', async () => {
    const link = (await create()).Data;
    await server.api('DeleteShortLink', { LinkId: link.LinkId }, { token: owner.token });
    // the code cache of the route may hold it for CODE_CACHE_MS; a fresh code was never looked up
    expect((await visit(`/${link.ShortLink}`)).status).toBe(404);
  });

  it('records every hit: kind, country, browser, language, referrer, no raw IP', async () => {
    const link = (await create()).Data;
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    await visit(
      `/${link.ShortLink}`,
      { 'user-agent': chrome, 'accept-language': 'zh-CN,zh;q=0.9', referer: 'https://t.co/x' },
      '8.8.8.8',
    );
    await visit(`/${link.ShortLink}`, { 'user-agent': chrome, 'accept-language': 'zh-CN,zh;q=0.9' }, '8.8.8.8');
    await visit(
      `/${link.ShortLink}?origin=qr_code`,
      { 'user-agent': iphone, 'accept-language': 'en-us' },
      '192.168.1.9',
    );
    await refresh();
    const stats = await server.api<Record<string, unknown>>(
      'GetShortLinkStatistics',
      { LinkId: link.LinkId },
      { token: owner.token },
    );
    expect(stats.Data).toMatchObject({ Pv: 3, Uv: 2, Clicks: 2, QrScans: 1 });
    expect(stats.Data.Locations).toEqual([
      { Name: 'US', Count: 2 },
      { Name: 'unknown', Count: 1 },
    ]);
    expect(stats.Data.Languages).toEqual([
      { Name: 'zh-CN', Count: 2 },
      { Name: 'en-US', Count: 1 },
    ]);
    expect(stats.Data.Browsers).toEqual([
      { Name: 'Chrome', Count: 2 },
      { Name: 'Mobile Safari', Count: 1 },
    ]);
    expect(stats.Data.Devices).toEqual([
      { Name: 'desktop', Count: 2 },
      { Name: 'mobile', Count: 1 },
    ]);
    expect(stats.Data.Referrers).toEqual([
      { Name: 'direct', Count: 2 },
      { Name: 't.co', Count: 1 },
    ]);
    expect(stats.Data.RefreshTime).toBeGreaterThan(0);
    const listed = await server.api<{ Links: ShortLink[] }>(
      'GetShortLink',
      { LinkId: link.LinkId },
      { token: owner.token },
    );
    expect(listed.Data).toMatchObject({ Pv: 3, Uv: 2 });
    const { rows } = await server.deps.database.query<Record<string, string>>(
      `SELECT * FROM short_link_hits WHERE link_id = (SELECT id FROM short_links WHERE link_id = '${link.LinkId}')`,
    );
    expect(JSON.stringify(rows)).not.toContain('8.8.8.8');
    expect(JSON.stringify(rows)).not.toContain('192.168');
  });
});

describe('the statistics refresh', () => {
  const hitArb = fc.record({
    dayOffset: fc.integer({ min: 0, max: 3 }),
    kind: fc.constantFrom(1, 2),
    visitor: fc.constantFrom('v1', 'v2', 'v3', 'v4'),
    referrer: fc.constantFrom('direct', 't.co', 'mail.example.com'),
    device: fc.constantFrom('desktop', 'mobile', 'tablet'),
    os: fc.constantFrom('Windows', 'iOS', 'Android'),
    browser: fc.constantFrom('Chrome', 'Firefox', 'Mobile Safari'),
    language: fc.constantFrom('en-US', 'zh-CN', 'fr'),
    country: fc.constantFrom('US', 'CN', 'unknown'),
  });

  const tally = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts]
      .map(([Name, Count]) => ({ Name, Count }))
      .sort((a, b) => b.Count - a.Count || a.Name.localeCompare(b.Name));
  };

  it('equals the raw counts of the recorded hits, however they are added', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(hitArb, { maxLength: 25 }), { minLength: 1, maxLength: 3 }),
        async (batches) => {
          const link = (await create()).Data;
          const { id } = await ownedShortLink(server.deps.database.db, owner.id, link.LinkId);
          const base = Date.UTC(2026, 10, 20, 12);
          const all: (typeof batches)[number] = [];
          // Hits arrive between refreshes too: each batch is followed by a refresh.
          for (const batch of batches) {
            if (batch.length > 0)
              await server.deps.database.db.insert(shortLinkHits).values(
                batch.map((h): ShortLinkHitInsert => ({
                  linkId: id,
                  at: new Date(base + h.dayOffset * 86_400_000),
                  kind: h.kind,
                  // the key is per day, as the day's salt makes it
                  visitor: `${h.visitor}-${h.dayOffset}`,
                  referrer: h.referrer,
                  device: h.device,
                  os: h.os,
                  browser: h.browser,
                  language: h.language,
                  country: h.country,
                })),
              );
            all.push(...batch);
            await refresh();
          }
          const stats = (
            await server.api<Record<string, unknown>>(
              'GetShortLinkStatistics',
              { LinkId: link.LinkId },
              { token: owner.token },
            )
          ).Data;
          const keys = new Set(all.map((h) => `${h.visitor}-${h.dayOffset}`));
          expect(stats.Pv).toBe(all.length);
          expect(stats.Uv).toBe(keys.size);
          expect(stats.Clicks).toBe(all.filter((h) => h.kind === 1).length);
          expect(stats.QrScans).toBe(all.filter((h) => h.kind === 2).length);
          expect(stats.Locations).toEqual(tally(all.map((h) => h.country)));
          expect(stats.Referrers).toEqual(tally(all.map((h) => h.referrer)));
          expect(stats.Devices).toEqual(tally(all.map((h) => h.device)));
          expect(stats.Systems).toEqual(tally(all.map((h) => h.os)));
          expect(stats.Browsers).toEqual(tally(all.map((h) => h.browser)));
          expect(stats.Languages).toEqual(tally(all.map((h) => h.language)));
          const days = [...new Set(all.map((h) => h.dayOffset))].sort();
          expect(stats.Daily).toEqual(
            days.map((d) => ({
              Day: new Date(base + d * 86_400_000).toISOString().slice(0, 10),
              Pv: all.filter((h) => h.dayOffset === d).length,
              Uv: new Set(all.filter((h) => h.dayOffset === d).map((h) => h.visitor)).size,
            })),
          );
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
