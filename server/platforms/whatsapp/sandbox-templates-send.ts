import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { ServerDeps } from '../../context';
import { outbox, waTemplates } from '../../db/schema';
import { fillWaBody } from '../../../src/gateway/contract/wa-send';
import { WA_TEMPLATE_STATUS } from '../../../src/gateway/contract/wa-templates';
import { graphError } from './sandbox-graph-error';
import { wabaIdOf, type SandboxGrant, type SandboxNumber } from './sandbox-rules';
import { deliverSandboxWebhook, sandboxWamid } from './sandbox-webhooks';

// The sandbox Cloud API's template messages (docs/decisions.md "WhatsApp sending"; rules in sandbox-api.ts):
// taken when the WABA has the APPROVED template, then signed status webhooks a moment later (for a recipient
// ending in SANDBOX_STATUS_FIRST_ENDING, before the send is answered).

export interface SandboxMessageBody {
  to?: string;
  type?: string;
  text?: { body?: string };
  template?: { name?: string; language?: { code?: string }; components?: { parameters?: { text?: string }[] }[] };
}

/** Recipients ending in this fail after `sent` (131026); ending in SANDBOX_READ_ENDING they read it too. */
export const SANDBOX_UNDELIVERABLE_ENDING = '13';
export const SANDBOX_READ_ENDING = '12';
/**
 * Recipients ending in this have their statuses posted (and answered 200) before the send itself is
 * answered: the race a real platform can produce, where Herald meets a status for a wamid it has not stored.
 */
export const SANDBOX_STATUS_FIRST_ENDING = '77';
/** The delay of the first status webhook, then of each next one. */
export const SANDBOX_STATUS_STEP_MS = 300;

/** The statuses the sandbox reports for a template message to `to`, in order. */
export function sandboxTemplateStatuses(to: string): string[] {
  if (to.endsWith(SANDBOX_UNDELIVERABLE_ENDING)) return ['sent', 'failed'];
  return to.endsWith(SANDBOX_READ_ENDING) ? ['sent', 'delivered', 'read'] : ['sent', 'delivered'];
}

export function statusBody(wabaId: string, number: SandboxNumber, wamid: string, to: string, status: string, at: Date) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.display_phone_number.replace(/\D/g, ''),
                phone_number_id: number.id,
              },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  recipient_id: to,
                  ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export async function sandboxTemplateMessage(
  c: Context,
  deps: ServerDeps,
  grant: SandboxGrant,
  number: SandboxNumber,
  body: SandboxMessageBody,
) {
  const to = String(body.to ?? '').replace(/\D/g, '');
  const name = String(body.template?.name ?? '');
  const language = String(body.template?.language?.code ?? '');
  if (!to || !name || !language) return graphError(c, 400, 100, 'Invalid parameter');
  const wabaId = wabaIdOf(grant);
  const [template] = await deps.database.db
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.wabaId, wabaId),
        eq(waTemplates.name, name),
        eq(waTemplates.language, language),
        eq(waTemplates.status, WA_TEMPLATE_STATUS.APPROVED),
      ),
    );
  if (!template) return graphError(c, 404, 132001, 'Template name does not exist in the translation');
  const params = (body.template?.components ?? [])
    .flatMap((part) => part.parameters ?? [])
    .map((p) => String(p.text ?? ''));
  await deps.database.db.insert(outbox).values({
    channel: 'whatsapp',
    to: `+${to}`,
    subject: number.display_phone_number,
    text: fillWaBody(template.body, params),
    createdAt: deps.clock.now(),
  });
  const wamid = sandboxWamid();
  const statuses = sandboxTemplateStatuses(to);
  if (to.endsWith(SANDBOX_STATUS_FIRST_ENDING)) {
    for (const status of statuses)
      await deliverSandboxWebhook(deps, statusBody(wabaId, number, wamid, to, status, deps.clock.now()));
    return c.json({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] });
  }
  void (async () => {
    for (const status of statuses) {
      await new Promise((resolve) => setTimeout(resolve, SANDBOX_STATUS_STEP_MS));
      await deliverSandboxWebhook(deps, statusBody(wabaId, number, wamid, to, status, deps.clock.now()));
    }
  })();
  return c.json({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] });
}
