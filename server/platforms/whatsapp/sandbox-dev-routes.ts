import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { waAccounts, waNumbers } from '../../db/schema';
import { WA_NUMBER_STATUSES } from '../../../src/gateway/contract/whatsapp';
import {
  accountUpdateBody,
  deliverSandboxWebhook,
  feedbackBody,
  inboundMessageBody,
  qualityUpdateBody,
  type SandboxNumberRef,
} from './sandbox-webhooks';

// /dev/whatsapp: the sandbox platform's side for a newcomer. Every connected sandbox number, and forms that
// make the platform send a signed webhook: a customer writes in, blocks or reports the number, the number's
// status changes, or it is flagged / upgraded. POST /dev/whatsapp/event takes the same fields as JSON and
// answers the delivery (tests and e2e use it). Loopback only, like every /dev page. A message may say it was
// written `hoursAgo` (0-720; the webhook's timestamp), so a newcomer or an e2e can try the 24-hour window.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const TIERS = ['TIER_50', 'TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'];

type Fields = Record<string, string>;

/** When a customer's message was written: now, or `hoursAgo` (0-720) before it. */
const writtenAt = (now: Date, hoursAgo: string | undefined): Date => {
  const hours = Number(hoursAgo ?? 0);
  return Number.isFinite(hours) && hours > 0 && hours <= 720 ? new Date(now.getTime() - hours * 3_600_000) : now;
};

async function fieldsOf(c: Context): Promise<Fields> {
  const type = c.req.header('content-type') ?? '';
  const raw = type.includes('json')
    ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>)
    : ((await c.req.parseBody()) as Record<string, unknown>);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
}

function bodyFor(n: SandboxNumberRef, f: Fields, now: Date): object | null {
  const from = /^\d{6,15}$/.test(f.from ?? '') ? f.from : '15550009999';
  switch (f.event) {
    case 'message':
      return (f.text ?? '').trim()
        ? inboundMessageBody(n, from, f.name || 'Sandbox customer', f.text, writtenAt(now, f.hoursAgo))
        : null;
    case 'block':
    case 'report':
      return feedbackBody(n, from, f.event, now);
    case 'status':
      return (WA_NUMBER_STATUSES as readonly string[]).includes(f.status) ? accountUpdateBody(n, f.status) : null;
    case 'flagged':
    case 'unflagged':
    case 'upgrade':
      return TIERS.includes(f.tier)
        ? qualityUpdateBody(
            n,
            f.event === 'upgrade' ? 'UPGRADE' : f.event === 'flagged' ? 'FLAGGED' : 'UNFLAGGED',
            f.tier,
          )
        : null;
    default:
      return null;
  }
}

function page(rows: (typeof waNumbers.$inferSelect)[], note: string): string {
  const options = (values: readonly string[]) => values.map((v) => `<option>${v}</option>`).join('');
  const items = rows
    .map((n) => {
      const hidden = `<input type="hidden" name="phoneNumberId" value="${escapeHtml(n.phoneNumberId)}">`;
      return `<article><h2>${escapeHtml(n.displayPhone)} · ${escapeHtml(n.displayName)}</h2>
<p>${escapeHtml(n.status)} · quality ${escapeHtml(n.quality)} · tier ${escapeHtml(n.tier)} · id <code>${escapeHtml(n.phoneNumberId)}</code></p>
<form method="post" action="/dev/whatsapp/event">${hidden}<input type="hidden" name="event" value="message">
<input name="from" value="15550009999" aria-label="Customer number"><input name="name" value="Sandbox customer" aria-label="Customer name">
<input name="text" placeholder="Message" aria-label="Message" required><button>Customer writes in</button></form>
<form method="post" action="/dev/whatsapp/event">${hidden}<button name="event" value="block">Customer blocks</button><button name="event" value="report">Customer reports</button></form>
<form method="post" action="/dev/whatsapp/event">${hidden}<input type="hidden" name="event" value="status"><select name="status" aria-label="Status">${options(WA_NUMBER_STATUSES)}</select><button>Set status</button></form>
<form method="post" action="/dev/whatsapp/event">${hidden}<select name="tier" aria-label="Tier">${options(TIERS)}</select><button name="event" value="flagged">Flag</button><button name="event" value="unflagged">Unflag</button><button name="event" value="upgrade">Upgrade</button></form></article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Herald sandbox WhatsApp</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1e293b}
article{border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:16px;margin:0}form{margin:6px 0;display:flex;gap:6px;flex-wrap:wrap}
.note{background:#f0fdf4;border:1px solid #86efac;padding:8px 12px;border-radius:6px}</style></head><body>
<h1>Sandbox WhatsApp</h1><p>Every number connected from the sandbox sign-up. Each button makes the sandbox platform send a signed webhook to /webhooks/whatsapp (rules: docs/decisions.md "WhatsApp numbers").</p>
${note ? `<p class="note" role="status">${escapeHtml(note)}</p>` : ''}${items || '<p>No sandbox numbers connected yet: connect one at /whatsapp/number.</p>'}</body></html>`;
}

export function registerWhatsAppSandboxDevRoutes(app: Hono, deps: ServerDeps): void {
  const db = deps.database.db;
  app.get('/dev/whatsapp', async (c) => {
    const rows = await db.select().from(waNumbers).orderBy(waNumbers.userId, waNumbers.displayPhone).limit(200);
    return c.html(page(rows, c.req.query('note') ?? ''));
  });
  app.post('/dev/whatsapp/event', async (c) => {
    const f = await fieldsOf(c);
    const json = (c.req.header('content-type') ?? '').includes('json');
    const [number] = await db
      .select()
      .from(waNumbers)
      .where(eq(waNumbers.phoneNumberId, f.phoneNumberId ?? ''));
    const [account] = number ? await db.select().from(waAccounts).where(eq(waAccounts.userId, number.userId)) : [];
    const body = number && account ? bodyFor({ ...number, wabaId: account.wabaId }, f, deps.clock.now()) : null;
    if (!body) return json ? c.json({ error: 'unknown number or event' }, 400) : c.text('Unknown number or event', 400);
    const delivery = await deliverSandboxWebhook(deps, body);
    if (json) return c.json(delivery);
    const note = delivery.delivered
      ? `Webhook delivered (${delivery.attempts} attempt${delivery.attempts > 1 ? 's' : ''}).`
      : `Webhook not delivered after ${delivery.attempts} attempts.`;
    return c.redirect(`/dev/whatsapp?note=${encodeURIComponent(note)}`, 303);
  });
}
