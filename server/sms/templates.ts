import { and, eq, ne } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { smsTemplates } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { smsTemplateLifecycle, type SmsTemplateEvent } from '../../src/machines/lifecycles/sms-template.machine';
import { SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/sms-constants';
import type { SmsTemplate } from '../../src/gateway/contract/actions/sms';
import type { Lang } from '../messages';
import { unix } from '../lib/time';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { reviewReasonText } from './review-rules';

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

export function templateData(row: SmsTemplateRow, lang: Lang): SmsTemplate {
  return {
    Id: row.id,
    TemplateId: row.templateId,
    TemplateName: row.name,
    Purpose: row.purpose,
    Language: row.language,
    Content: row.content,
    Remark: row.remark,
    Status: row.status,
    RejectReason: reviewReasonText(row.rejectReason, lang),
    VariableCount: row.variableCount,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
    ReviewTime: unix(row.reviewedAt),
  };
}

/** The caller's template of a channel (never another account's, never a deleted one), or NotFound. */
export async function ownedTemplate(
  db: Db,
  userId: number,
  templateId: string,
  lock = false,
  channel = 'sms',
): Promise<SmsTemplateRow> {
  const query = db
    .select()
    .from(smsTemplates)
    .where(
      and(
        eq(smsTemplates.templateId, templateId),
        eq(smsTemplates.userId, userId),
        eq(smsTemplates.channel, channel),
        ne(smsTemplates.status, SMS_TEMPLATE_STATUS.Deleted),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Queues the sandbox review of a template revision after the reviewer's delay. */
export async function queueReview(deps: ServerDeps, row: { id: number; revision: number }) {
  await enqueueAfterCommit(
    deps,
    QUEUE.templateReview,
    { id: row.id, revision: row.revision },
    { startAfterMs: deps.smsSettings.reviewDelayMs },
  );
}

/** The status a template lifecycle event leads to from the row's, or IllegalTransition. */
export function nextTemplateStatus(row: Pick<SmsTemplateRow, 'status'>, event: SmsTemplateEvent): number {
  const next = smsTemplateLifecycle.next(row.status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}
