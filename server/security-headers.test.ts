import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/harness';

// Issue 19 item 7: CSP without inline script, nosniff, Referrer-Policy, frame-ancestors 'none', and
// HSTS only when PUBLIC_URL is https. (e2e/security-headers.spec.ts runs the built console under them.)
let plain: TestServer;
let secure: TestServer;
beforeAll(async () => {
  plain = await createTestServer();
  secure = await createTestServer({ config: { publicUrl: 'https://console.example.com' } });
}, 120_000);
afterAll(async () => {
  await plain.close();
  await secure.close();
});

const csp = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('are on /api, /healthz and the dev pages', async () => {
    const answers = [
      await plain.raw(JSON.stringify({ Action: 'GetUserInfo' })),
      await plain.app.request('/healthz'),
      await plain.app.request('/dev/outbox'),
      await plain.app.request('/no/such/route'),
    ];
    for (const response of answers) {
      const policy = csp(response);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('add HSTS when PUBLIC_URL is https', async () => {
    const response = await secure.app.request('/healthz');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });
});
