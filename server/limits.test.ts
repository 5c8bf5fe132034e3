import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../src/gateway/contract/retcodes';
import { createTestServer, signInDemo, type TestServer } from './testing/harness';
import { limitRulesFromEnv } from './limits';

// The general /api rate limit (issue 19 item 6), at small numbers: per client address and per token,
// counted in memory on the embedded database and settled with api_rate_counters on PostgreSQL, answered
// 230029 with HTTP 429 and Retry-After.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    config: {
      rateLimits: { apiPerToken: { points: 6, duration: 60 }, apiPerAddress: { points: 10, duration: 60 } },
    },
  });
}, 120_000);
afterAll(() => server.close());

const call = (ip: string, token?: string) =>
  server.raw(JSON.stringify({ Action: 'GetUserInfo' }), token ? { authorization: `Bearer ${token}` } : {}, ip);

describe('the general /api rate limit', () => {
  it('has real defaults: 1,200 a minute per token, 6,000 per address', () => {
    expect(limitRulesFromEnv({})).toMatchObject({
      apiPerToken: { points: 1200, duration: 60 },
      apiPerAddress: { points: 6000, duration: 60 },
    });
    expect(limitRulesFromEnv({ HERALD_RATE_LIMIT_PER_TOKEN: '50' }).apiPerToken.points).toBe(50);
  });

  it('refuses an address over its limit with 230029, 429 and Retry-After; other addresses go on', async () => {
    for (let i = 0; i < 10; i++) expect((await call('192.0.2.10')).status).toBe(200);
    const refused = await call('192.0.2.10');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reply = (await refused.json()) as { RetCode: number; Message: string };
    expect(reply.RetCode).toBe(RetCode.RateLimited);
    expect(reply.Message).toMatch(/Wait \d+ seconds/);
    expect((await call('192.0.2.11')).status).toBe(200);
  });

  it('refuses a token over its limit from any address', async () => {
    const { AccessToken } = await signInDemo(server);
    for (let i = 0; i < 6; i++) {
      const reply = (await (await call(`192.0.2.${20 + i}`, AccessToken)).json()) as { RetCode: number };
      expect(reply.RetCode).toBe(0);
    }
    const refused = await call('192.0.2.40', AccessToken);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { RetCode: number }).RetCode).toBe(RetCode.RateLimited);
  });

  it('counts in PostgreSQL, where every api process sees the same numbers; in memory on the embedded one', async () => {
    const counted = () =>
      server.deps.database
        .query<{ key: string; points: number }>(
          "SELECT key, points FROM api_rate_counters WHERE key = 'api-ip:192.0.2.10'",
        )
        .then(({ rows }) => rows);
    // The embedded database has one process per data directory: no write per request there. On
    // PostgreSQL a process settles its counts with the table every 100 ms (server/batched-limiter.ts); the
    // refused request is not counted.
    if (server.deps.database.kind === 'postgres')
      await expect.poll(counted, { timeout: 5_000 }).toEqual([{ key: 'api-ip:192.0.2.10', points: 10 }]);
    else expect(await counted()).toEqual([]);
  });
});
