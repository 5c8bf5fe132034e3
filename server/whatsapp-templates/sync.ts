import { and, eq, ne } from 'drizzle-orm';
import { waTemplates } from '../db/schema';
import { QUEUE } from '../queue';
import { WA_TEMPLATE_STATUS } from '../../src/gateway/contract/wa-templates';
import { waTemplateLifecycle, type WaTemplateEvent } from '../../src/machines/lifecycles/wa-template.machine';
import type { PlatformTemplate } from './platform';
import { wabaRefOf } from './rows';
import { accountOf } from '../whatsapp/accounts';
import { waTemplateReviewDelayMs } from './sandbox-platform';
import type { WaTemplateDeps } from './store';

// The platform's word on an account's templates (docs/decisions.md "WhatsApp templates"): its statuses are
// read (list) and each row moves only as the lifecycle allows; a row the platform no longer lists after a
// deletion is DELETED. Run by the review job after each submission and by ListWhatsAppTemplate. A platform
// that cannot be reached throws WaPlatformUnavailable (the list answers 17109).

export const EVENTS_BY_PLATFORM_STATUS: Record<string, WaTemplateEvent['type'][]> = {
  APPROVED: ['review.approve', 'template.unpause'],
  REJECTED: ['review.reject'],
  LIMIT_EXCEEDED: ['review.limit'],
  PAUSED: ['template.pause'],
  DISABLED: ['template.disable'],
};

/** Applies the platform's statuses to the account's templates; answers how many are still PENDING. */
export async function syncWaTemplates(deps: WaTemplateDeps, userId: number): Promise<number> {
  const { db } = deps.database;
  const rows = await db
    .select()
    .from(waTemplates)
    .where(and(eq(waTemplates.userId, userId), ne(waTemplates.status, WA_TEMPLATE_STATUS.DELETED)));
  const byId = new Map<string, PlatformTemplate>();
  // Only the business accounts the account holds can be read: templates filed under a WABA it has since
  // replaced stay as last read (the platform answers them to that WABA's token only).
  const current = (await accountOf(db, userId))?.wabaId;
  const readable = (ref: string) => ref === `herald-${userId}` || ref === current;
  for (const ref of new Set(rows.map(wabaRefOf).filter(readable))) {
    for (const template of (await deps.platform.list(ref)).data) byId.set(template.id, template);
  }
  let pending = 0;
  for (const row of rows) {
    if (!readable(wabaRefOf(row))) continue;
    const seen = byId.get(row.platformId);
    let next: string | undefined;
    let reason = row.rejectReason;
    if (row.status === WA_TEMPLATE_STATUS.PENDING_DELETION) {
      if (!seen) next = waTemplateLifecycle.next(row.status, 'deletion.confirm')?.status;
    } else if (seen && seen.status !== row.status) {
      const event = (EVENTS_BY_PLATFORM_STATUS[seen.status] ?? []).find((e) => waTemplateLifecycle.can(row.status, e));
      next = event ? waTemplateLifecycle.next(row.status, event)?.status : undefined;
      reason = seen.status === WA_TEMPLATE_STATUS.REJECTED ? (seen.rejected_reason ?? 'UNKNOWN') : '';
    }
    if ((next ?? row.status) === WA_TEMPLATE_STATUS.PENDING) pending += 1;
    if (next === undefined) continue;
    await db
      .update(waTemplates)
      .set({ status: next, rejectReason: reason, reviewedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(
        and(eq(waTemplates.id, row.id), eq(waTemplates.revision, row.revision), eq(waTemplates.status, row.status)),
      );
  }
  return pending;
}

const MAX_ATTEMPTS = 30;

/** The review job: reads the platform's verdicts; while some are still pending it looks again later. */
export async function runWaTemplateReview(deps: WaTemplateDeps, job: { userId: number; attempt: number }) {
  const pending = await syncWaTemplates(deps, job.userId);
  if (pending > 0 && job.attempt < MAX_ATTEMPTS)
    await deps.jobs.send(
      QUEUE.waTemplateReview,
      { userId: job.userId, attempt: job.attempt + 1 },
      { startAfterMs: Math.max(1000, waTemplateReviewDelayMs()) },
    );
}
