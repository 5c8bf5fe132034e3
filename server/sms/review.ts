import { and, eq } from 'drizzle-orm';
import { smsTemplates } from '../db/schema';
import { smsTemplateLifecycle } from '../../src/machines/lifecycles/sms-template.machine';
import type { ServerDeps } from '../context';
import { reviewTemplateContent } from './review-rules';

/**
 * The sandbox reviewer: pending review -> in review -> passed or rejected, for the revision it was
 * asked about (an edit in between queues its own review, so a stale job changes nothing).
 */
export async function reviewTemplate(deps: ServerDeps, id: number, revision: number): Promise<void> {
  const { database, clock } = deps;
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsTemplates)
      .where(and(eq(smsTemplates.id, id), eq(smsTemplates.revision, revision)))
      .for('update');
    if (!row) return;
    const inReview = smsTemplateLifecycle.next(row.status, 'review.start')?.status ?? null;
    if (inReview === null) return;
    const decision = reviewTemplateContent(row.content, row.purpose);
    const final = smsTemplateLifecycle.next(inReview, decision.pass ? 'review.pass' : 'review.reject')?.status ?? null;
    if (final === null) return;
    await tx
      .update(smsTemplates)
      .set({ status: final, rejectReason: decision.pass ? '' : decision.reason, reviewedAt: clock.now() })
      .where(eq(smsTemplates.id, id));
  });
}
