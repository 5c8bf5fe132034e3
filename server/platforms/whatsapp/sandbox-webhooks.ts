import { randomBytes } from 'node:crypto';
import type { ServerDeps } from '../../context';
import { signWhatsAppBody } from '../../whatsapp/webhook-signature';
import { whatsappAppSecret } from './app-credentials';

// The sandbox platform's webhooks: Cloud API payloads, signed with the app secret (X-Hub-Signature-256)
// and posted to the gateway's /webhooks/whatsapp like the real platform would, retried after 1, 2 and 4
// seconds when the answer is not 200. /dev/whatsapp (sandbox-dev-routes.ts) lets a newcomer make a
// customer write in, block or report, and change a number's status or tier.

export const SANDBOX_WEBHOOK_RETRY_MS = [1000, 2000, 4000];

export interface SandboxNumberRef {
  wabaId: string;
  phoneNumberId: string;
  displayPhone: string;
}

const envelope = <V extends object>(wabaId: string, field: string, value: V) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: wabaId, changes: [{ field, value }] }],
});
const metadataOf = (n: SandboxNumberRef) => ({
  display_phone_number: n.displayPhone.replace(/\D/g, ''),
  phone_number_id: n.phoneNumberId,
});
const seconds = (now: Date) => String(Math.floor(now.getTime() / 1000));
export const sandboxWamid = () => `wamid.SBX${randomBytes(18).toString('base64url')}`;

export function inboundMessageBody(n: SandboxNumberRef, from: string, name: string, text: string, now: Date) {
  return envelope(n.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadataOf(n),
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id: sandboxWamid(), timestamp: seconds(now), type: 'text', text: { body: text } }],
  });
}

export function feedbackBody(n: SandboxNumberRef, from: string, kind: 'block' | 'report', now: Date) {
  return envelope(n.wabaId, 'user_feedback', {
    metadata: metadataOf(n),
    feedback: [{ id: `fb.${randomBytes(9).toString('base64url')}`, wa_id: from, kind, timestamp: seconds(now) }],
  });
}

export function accountUpdateBody(n: SandboxNumberRef, status: string) {
  return envelope(n.wabaId, 'account_update', {
    phone_number_id: n.phoneNumberId,
    phone_number: n.displayPhone,
    event: 'PHONE_NUMBER_STATUS_UPDATE',
    status,
  });
}

export function qualityUpdateBody(
  n: SandboxNumberRef,
  event: 'FLAGGED' | 'UNFLAGGED' | 'UPGRADE',
  currentLimit: string,
) {
  return envelope(n.wabaId, 'phone_number_quality_update', {
    phone_number_id: n.phoneNumberId,
    display_phone_number: n.displayPhone,
    event,
    current_limit: currentLimit,
  });
}

export interface Delivery {
  attempts: number;
  delivered: boolean;
}

/** Signs and posts one webhook to the gateway, retrying on failure. */
export async function deliverSandboxWebhook(
  deps: ServerDeps,
  body: object,
  options: { retryMs?: number[]; fetch?: typeof fetch } = {},
): Promise<Delivery> {
  const raw = JSON.stringify(body);
  const signature = signWhatsAppBody(await whatsappAppSecret(deps.database.db, deps.config), raw);
  const url = `${(deps.config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}/webhooks/whatsapp`;
  const delays = options.retryMs ?? SANDBOX_WEBHOOK_RETRY_MS;
  const doFetch = options.fetch ?? fetch;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]));
    const ok = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return { attempts: attempt + 1, delivered: true };
  }
  return { attempts: delays.length + 1, delivered: false };
}
