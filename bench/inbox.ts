import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { createApp } from '../server/app';
import { memoryJobQueue } from '../server/queue/memory';
import { waAccounts, waNumbers } from '../server/db/schema';
import { rowsOf } from '../server/db/rows';
import { whatsappAppSecret } from '../server/platforms/whatsapp/app-credentials';
import { inboundMessageBody } from '../server/platforms/whatsapp/sandbox-webhooks';
import { signWhatsAppBody } from '../server/whatsapp/webhook-signature';
import { listMessages, unreadCount } from '../server/inbox/store';
import { freePort } from './lib/server';

// Issue 15's inbound figure: signed WhatsApp webhooks posted over HTTP to /webhooks/whatsapp (each one
// customer message; every tenth a replay of one already sent), BENCH_INBOX_CONCURRENCY at a time. Counted:
// webhooks and new messages per second, that every message is in the inbox exactly once, and how long the
// inbox's first page and unread count take over what arrived.

const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_INBOX_CONCURRENCY ?? 10);

export async function benchInbox(): Promise<Record<string, string | number>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-inbox-'));
  const deps = await boot({ dataDir, skipSeed: true, jobs: memoryJobQueue() });
  const app = createApp(deps);
  const port = await freePort(8295);
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  try {
    const db = deps.database.db;
    const now = deps.clock.now();
    const ref = { wabaId: '9000000000001', phoneNumberId: '900000000000140', displayPhone: '+1 555-010-0040' };
    await db.insert(waAccounts).values({ userId: 1, wabaId: ref.wabaId, name: 'Bench', token: 'x', connectedAt: now });
    await db.insert(waNumbers).values({
      phoneNumberId: ref.phoneNumberId,
      userId: 1,
      wabaId: ref.wabaId,
      displayPhone: ref.displayPhone,
      displayName: 'Bench',
      status: 'CONNECTED',
      quality: 'green',
      tier: 'TIER_100K',
      updatedAt: now,
    });
    const secret = await whatsappAppSecret(db, deps.config);
    const bodies: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const replay = i % 10 === 9;
      bodies.push(
        replay
          ? bodies[i - 5]
          : JSON.stringify(
              inboundMessageBody(ref, `1415555${String(i).padStart(4, '0')}`, `Customer ${i}`, `Hello ${i}`, now),
            ),
      );
    }
    const unique = new Set(bodies).size;
    let next = 0;
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const reply = await fetch(`http://127.0.0.1:${port}/webhooks/whatsapp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsAppBody(secret, body) },
            body,
          });
          if (reply.status !== 200) failed++;
          await reply.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [{ stored }] = await rowsOf<{ stored: number }>(
      db,
      sql`SELECT count(*)::int AS stored FROM inbox_messages WHERE user_id = 1`,
    );
    const listStart = performance.now();
    const page = await listMessages(db, 1, deps.clock.now(), { Page: 1, NumPerPage: 20, View: 'all' });
    const listMs = performance.now() - listStart;
    const countStart = performance.now();
    const unread = await unreadCount(db, 1, deps.clock.now());
    const countMs = performance.now() - countStart;
    const figures = {
      webhooks: bodies.length,
      replays: bodies.length - unique,
      failed,
      stored,
      storedExactlyOnce: stored === unique && unread === unique ? 'yes' : 'NO',
      webhooksPerSecond: Math.round(bodies.length / seconds),
      messagesPerSecond: Math.round(stored / seconds),
      firstPageMs: Math.round(listMs * 10) / 10,
      firstPageTotal: page.total,
      unreadCountMs: Math.round(countMs * 10) / 10,
    };
    console.log(
      `\nInbound WhatsApp webhooks → smart inbox (${CONCURRENCY} at a time, embedded database)\n` +
        Object.entries(figures)
          .map(([k, v]) => `  ${k}: ${v}`)
          .join('\n'),
    );
    return figures;
  } finally {
    server.close();
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
