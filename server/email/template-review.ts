import { and, eq, inArray, lte } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import { emailTemplates } from '../db/schema';
import { emailChannel } from '../channels/email';
import { QUEUE } from '../queue';
import { EMAIL_TEMPLATE_STATUS } from '../../src/gateway/contract/email/template-rules';

/**
 * The sandbox review of an e-mail template revision: pending review -> in review -> passed, or
 * rejected with the kernel reviewer's reason (a blocked word or a link shortener). A word the kernel
 * would flag for a person is left to the review of each send task, so the template passes. A stale job
 * (the template was edited since) changes nothing: the edit queued its own review.
 */
export async function reviewEmailTemplate(deps: ServerDeps, id: number, revision: number): Promise<void> {
  const lifecycle = emailChannel.lifecycles.template;
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.id, id), eq(emailTemplates.revision, revision)))
      .for('update');
    if (!row) return;
    const inReview = lifecycle.next(row.status, 'review.start')?.status;
    if (inReview === undefined) return;
    const verdict = emailChannel.reviewTemplate({
      subject: row.subject,
      previewText: row.previewText,
      text: row.textPart,
    });
    const rejected = verdict.verdict === 'reject';
    const final = lifecycle.next(inReview, rejected ? 'review.reject' : 'review.pass')?.status;
    if (final === undefined) return;
    await tx
      .update(emailTemplates)
      .set({ status: final, rejectReason: rejected ? verdict.reason : '', reviewedAt: deps.clock.now() })
      .where(eq(emailTemplates.id, id));
  });
}

/** Templates whose review job may be lost (a failed enqueue, a killed worker): queued again. */
export async function sweepEmailTemplates(deps: ServerDeps, graceMs: number): Promise<void> {
  const since = new Date(deps.clock.nowMs() - deps.smsSettings.reviewDelayMs - graceMs);
  const rows = await deps.database.db
    .select({ id: emailTemplates.id, revision: emailTemplates.revision })
    .from(emailTemplates)
    .where(
      and(
        inArray(emailTemplates.status, [EMAIL_TEMPLATE_STATUS.PendingReview, EMAIL_TEMPLATE_STATUS.InReview]),
        lte(emailTemplates.updatedAt, since),
      ),
    );
  for (const row of rows) await deps.jobs.send(QUEUE.emailTemplateReview, row);
}
