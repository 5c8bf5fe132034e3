import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailSuppressions, users } from '../db/schema';
import { createTestServer, type TestServer } from '../testing/harness';
import { fixedTxtResolver } from '../providers/mail/dkim-check';
import { sinkPortFromEnv } from '../providers/mail';
import { listUnsubscribeFor } from '../email/list-unsubscribe';

// The booted server's channel mail: the sink it starts, /dev/outbox showing what arrived, and a
// complaint from the sink suppressing the address (boot wires the sink's feedback).

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkim = {
  domainName: 'news.example.com',
  keySelector: 's1',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

let server: TestServer;
let userId: number;
beforeAll(async () => {
  server = await createTestServer({ dkimResolver: fixedTxtResolver({ 's1._domainkey.news.example.com': record }) });
  const now = server.deps.clock.now();
  [{ id: userId }] = await server.deps.database.db
    .insert(users)
    .values({ email: `outbox-sink-${process.pid}@example.com`, passwordHash: 'x', type: 1, createdAt: now })
    .returning({ id: users.id });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const marketingMail = async (to: string) => ({
  from: 'News <hello@news.example.com>',
  to,
  subject: `Autumn offers for ${to}`,
  html: '<h1>Autumn</h1><script>alert(1)</script><a href="https://example.com/offer">Offers</a>',
  text: 'Autumn offers: https://example.com/offer',
  dkim,
  listUnsubscribe: await listUnsubscribeFor(
    server.deps.database.db,
    { publicUrl: 'http://localhost:8080', ownDomain: 'herald.local' },
    { userId, taskId: 1, address: to },
  ),
});

describe('/dev/outbox with the sandbox SMTP sink', () => {
  it('shows the received mail: subject, sender, DKIM verdict, framed HTML, text and raw source', async () => {
    const transport = await server.deps.mail.transport();
    expect(await transport.send(await marketingMail('shopper@example.org'))).toMatchObject({ result: 'deliver' });
    const page = await (await server.app.request('/dev/outbox')).text();
    expect(page).toContain(`smtp://127.0.0.1:${server.deps.mail.sink()!.port}`);
    expect(page).toContain('Autumn offers for shopper@example.org');
    expect(page).toContain('DKIM pass');
    expect(page).toContain('<code>550 5.1.1 User unknown</code>');
    const list = (await (await server.app.request('/dev/outbox/mail.json')).json()) as { id: number; dkim: string }[];
    const id = list[0].id;
    expect(list[0].dkim).toBe('pass');
    expect(page).toContain(
      `sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy" src="/dev/outbox/mail/${id}/html"`,
    );

    const html = await server.app.request(`/dev/outbox/mail/${id}/html`);
    expect(html.headers.get('content-security-policy')).toMatch(
      /^sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'/,
    );
    expect(await html.text()).toContain('<h1>Autumn</h1>');
    const raw = await (await server.app.request(`/dev/outbox/mail/${id}/raw`)).text();
    expect(raw).toMatch(/^DKIM-Signature: /m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect((await server.app.request('/dev/outbox/mail/999999999/html')).status).toBe(404);
  });

  it('keeps the system mail list and its JSON', async () => {
    await server.deps.messenger.sendMail({ to: 'new@example.org', subject: 'Activate', text: 'code 123456' });
    const system = (await (await server.app.request('/dev/outbox.json')).json()) as { to: string }[];
    expect(system[0].to).toBe('new@example.org');
    expect(await (await server.app.request('/dev/outbox')).text()).toContain('code 123456');
  });

  it('a complaint reported by the sink suppresses the address for the sending account', async () => {
    const transport = await server.deps.mail.transport();
    expect(await transport.send(await marketingMail('complain-1@example.org'))).toMatchObject({ result: 'deliver' });
    const rows = await server.deps.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.userId, userId));
    expect(rows.map((r) => [r.address, r.reason])).toEqual([['complain-1@example.org', 'complaint']]);
  });
});

describe('HERALD_SMTP_SINK_PORT', () => {
  it('fixes the port, or leaves it to the system; nonsense is refused at start', () => {
    expect(sinkPortFromEnv({ HERALD_SMTP_SINK_PORT: '2525' })).toBe(2525);
    expect(sinkPortFromEnv({})).toBeUndefined();
    expect(() => sinkPortFromEnv({ HERALD_SMTP_SINK_PORT: 'smtp' })).toThrow(/port number/);
  });
});
