import type { Hono } from 'hono';
import type { ServerDeps } from '../context';
import type { LoopbackRecords } from '../providers/dns/loopback-dns';

// HERALD_DNS_SANDBOX=1 (the e2e server; docs/decisions.md "E-mail domains and senders"): the process
// starts a loopback DNS server (dns2, a devDependency, loaded only then) and verifies e-mail domains
// against it; PUT /dev/dns sets a name's records, so a test "publishes" them as a DNS host would.
// Only in the embedded default's dev tools (loopback clients), only when asked for.

export async function startDnsSandbox(app: Hono, deps: ServerDeps): Promise<string> {
  const { startLoopbackDns } = await import('../providers/dns/loopback-dns');
  const dns = await startLoopbackDns();
  deps.config.dns = { servers: [dns.address], timeoutMs: 1_000, tries: 1 };
  app.put('/dev/dns', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { name?: unknown; records?: LoopbackRecords | null };
    if (typeof body.name !== 'string' || !body.name) return c.json({ error: 'name is required' }, 400);
    if (body.records) dns.set(body.name, body.records);
    else dns.remove(body.name);
    return c.json({ ok: true });
  });
  app.get('/dev/dns.json', (c) => c.json(dns.zone()));
  return dns.address;
}
