import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waTemplates } from '../db/schema';
import { WA_TEMPLATE_STATUS } from '../../src/gateway/contract/wa-templates';
import { waTemplateLifecycle, type WaTemplateEvent } from '../../src/machines/lifecycles/wa-template.machine';
import { wabaRefOf } from './rows';
import { EVENTS_BY_PLATFORM_STATUS } from './sync';

// The signed webhook's `message_template_status_update` (docs/decisions.md "WhatsApp templates over the
// Graph adapter"): the platform's verdict on one template, applied as the list's sync would (only as the
// lifecycle allows, only if the row did not change meanwhile). The template is found by its platform id
// within the business account the entry names, so another account's template is never touched.

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Answers whether a template moved. */
export async function applyTemplateStatusUpdate(
  db: Db,
  waba: string,
  value: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const platformId = text(value.message_template_id);
  const status = text(value.event).toUpperCase();
  if (!platformId || !status) return false;
  const rows = await db.select().from(waTemplates).where(eq(waTemplates.platformId, platformId));
  const row = rows.find((candidate) => wabaRefOf(candidate) === waba);
  if (!row || row.status === status) return false;
  const event: WaTemplateEvent['type'] | undefined =
    status === WA_TEMPLATE_STATUS.DELETED
      ? 'deletion.confirm'
      : (EVENTS_BY_PLATFORM_STATUS[status] ?? []).find((e) => waTemplateLifecycle.can(row.status, e));
  const next = event ? waTemplateLifecycle.next(row.status, event)?.status : undefined;
  if (!next) return false;
  const reason = next === WA_TEMPLATE_STATUS.REJECTED ? text(value.reason) || 'UNKNOWN' : '';
  const moved = await db
    .update(waTemplates)
    .set({ status: next, rejectReason: reason, reviewedAt: now, updatedAt: now })
    .where(and(eq(waTemplates.id, row.id), eq(waTemplates.revision, row.revision), eq(waTemplates.status, row.status)))
    .returning({ id: waTemplates.id });
  return moved.length > 0;
}
