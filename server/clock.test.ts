import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock, DAY_MS, HOUR_MS } from './clock';
import { createTestServer, signInDemo, type TestServer } from './testing/harness';
import { RetCode } from '../src/gateway/contract/retcodes';

describe('Clock', () => {
  it('moves forward, is set, and resets to real time', () => {
    const clock = new Clock();
    const real = Date.now();
    expect(Math.abs(clock.nowMs() - real)).toBeLessThan(1_000);
    clock.advance(DAY_MS);
    expect(clock.nowMs() - Date.now()).toBeGreaterThan(DAY_MS - 1_000);
    expect(clock.now().getTime()).toBeCloseTo(clock.nowMs(), -3);
    clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(Math.abs(clock.nowMs() - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(1_000);
    clock.reset();
    expect(Math.abs(clock.nowMs() - Date.now())).toBeLessThan(1_000);
  });
});

describe('POST /dev/clock (HERALD_TEST_CLOCK=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  }, 120_000);
  afterAll(() => server.close());

  const move = async (body: unknown) => {
    const response = await server.app.request('/dev/clock', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    return ((await response.json()) as { now: string }).now;
  };

  it('moves the server time, and the token rules follow it', async () => {
    const { AccessToken } = await signInDemo(server);
    const before = Date.parse(await move({}));
    const after = Date.parse(await move({ advanceMs: 25 * HOUR_MS }));
    expect(after - before).toBeGreaterThanOrEqual(25 * HOUR_MS);
    expect((await server.api('GetUserInfo', {}, { token: AccessToken })).RetCode).toBe(RetCode.NotLoggedIn);
    const reset = Date.parse(await move({ reset: true }));
    expect(Math.abs(reset - Date.now())).toBeLessThan(1_000);
    expect((await server.api('GetUserInfo', {}, { token: AccessToken })).RetCode).toBe(0);
  });

  it('ignores a malformed body', async () => {
    const now = Date.parse(await move({ advanceMs: 'soon' }));
    expect(Math.abs(now - server.clock.nowMs())).toBeLessThan(1_000);
  });

  it('is absent unless the test clock is on', async () => {
    const plain = await createTestServer({ config: { testClock: false } });
    try {
      expect((await plain.app.request('/dev/clock', { method: 'POST', body: '{"advanceMs":1}' })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
