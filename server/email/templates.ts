import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/rows';
import type { z } from 'zod';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { emailTemplates } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { Lang } from '../messages';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { reviewReasonText } from '../sms/review-rules';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_TEMPLATE_STATUS } from '../../src/gateway/contract/email/template-rules';
import type { emailTemplateActions, EmailTemplate } from '../../src/gateway/contract/actions/email-templates';
import {
  emailTemplateLifecycle,
  emailTemplateSaveEvent,
  type EmailTemplateEvent,
} from '../../src/machines/lifecycles/email-template.machine';
import { checkMergeTags, prepareHtml } from './template-content';

// E-mail templates (docs/decisions.md "E-mail templates"): one row per template of an account, its
// HTML sanitised on the way in, moved only as the template lifecycle allows, reviewed by a job.

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailTemplateInput = z.output<typeof emailTemplateActions.CreateEmailTemplate.input>;

export function emailTemplateData(row: EmailTemplateRow, lang: Lang): EmailTemplate {
  return {
    Id: row.id,
    TemplateId: row.templateId,
    TemplateName: row.name,
    Subject: row.subject,
    PreviewText: row.previewText,
    Kind: row.kind as EmailTemplate['Kind'],
    EmailType: row.emailType,
    Editor: row.editor as EmailTemplate['Editor'],
    Design: row.design,
    Html: row.html,
    Text: row.textPart,
    MergeTags: row.mergeTags,
    Status: row.status,
    RejectReason: reviewReasonText(row.rejectReason, lang),
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
    ReviewTime: unix(row.reviewedAt),
  };
}

/** The status a lifecycle event leads to from the row's, or IllegalTransition. */
export function nextEmailTemplateStatus(status: number, event: EmailTemplateEvent['type']): number {
  const next = emailTemplateLifecycle.next(status, event);
  if (next === null) throw new ApiError(RetCode.IllegalTransition);
  return next.status;
}

/** The caller's template (never another account's, never a deleted one), or NotFound. */
export async function ownedEmailTemplate(db: Db, userId: number, templateId: string, lock = false) {
  const query = db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.templateId, templateId),
        eq(emailTemplates.userId, userId),
        ne(emailTemplates.status, EMAIL_TEMPLATE_STATUS.Deleted),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The stored columns of an input: sanitised HTML, its text part and checked merge tags. */
async function contentColumns(db: Db, userId: number, input: EmailTemplateInput) {
  const content = prepareHtml(input.Html);
  const tags = await checkMergeTags(db, userId, [
    { field: 'Subject', text: input.Subject },
    { field: 'PreviewText', text: input.PreviewText },
    { field: 'Html', text: content.html },
  ]);
  return {
    name: input.TemplateName,
    subject: input.Subject,
    previewText: input.PreviewText,
    kind: input.Kind,
    emailType: input.EmailType,
    editor: input.Editor,
    design: input.Design,
    html: content.html,
    textPart: content.text,
    mergeTags: tags,
  };
}

async function queueReview(deps: ServerDeps, row: EmailTemplateRow) {
  if (row.status !== EMAIL_TEMPLATE_STATUS.PendingReview) return;
  await enqueueAfterCommit(
    deps,
    QUEUE.emailTemplateReview,
    { id: row.id, revision: row.revision },
    { startAfterMs: deps.smsSettings.reviewDelayMs },
  );
}

export async function createEmailTemplate(deps: ServerDeps, userId: number, input: EmailTemplateInput) {
  const { db } = deps.database;
  const columns = await contentColumns(db, userId, input);
  const now = deps.clock.now();
  const status = nextEmailTemplateStatus(EMAIL_TEMPLATE_STATUS.Draft, emailTemplateSaveEvent(0, input.Draft));
  const [row] = await db
    .insert(emailTemplates)
    .values({ ...columns, templateId: newPublicId('ET'), userId, status, createdAt: now, updatedAt: now })
    .returning();
  await queueReview(deps, row);
  return row;
}

export async function updateEmailTemplate(
  deps: ServerDeps,
  userId: number,
  input: EmailTemplateInput & { TemplateId: string },
) {
  const { db } = deps.database;
  const columns = await contentColumns(db, userId, input);
  const row = await db.transaction(async (tx) => {
    const current = await ownedEmailTemplate(tx as unknown as Db, userId, input.TemplateId, true);
    const status = nextEmailTemplateStatus(current.status, emailTemplateSaveEvent(current.status, input.Draft));
    const [updated] = await tx
      .update(emailTemplates)
      .set({
        ...columns,
        status,
        rejectReason: '',
        revision: sql`${emailTemplates.revision} + 1`,
        updatedAt: deps.clock.now(),
      })
      .where(eq(emailTemplates.id, current.id))
      .returning();
    return updated;
  });
  await queueReview(deps, row);
  return row;
}

export async function listEmailTemplates(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string; Status?: number[]; Kind?: string },
) {
  const conditions: (SQL | undefined)[] = [
    eq(emailTemplates.userId, userId),
    ne(emailTemplates.status, EMAIL_TEMPLATE_STATUS.Deleted),
  ];
  if (query.Keyword) {
    const like = containsPattern(query.Keyword);
    conditions.push(
      or(ilike(emailTemplates.name, like), ilike(emailTemplates.templateId, like), ilike(emailTemplates.subject, like)),
    );
  }
  if (query.Status?.length) conditions.push(inArray(emailTemplates.status, query.Status));
  if (query.Kind) conditions.push(eq(emailTemplates.kind, query.Kind));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(emailTemplates)
    .where(where);
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(where)
    .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes templates of the caller as the lifecycle allows; all or none. */
export async function deleteEmailTemplates(db: Db, userId: number, templateIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(templateIds)];
    const rows = await tx
      .select()
      .from(emailTemplates)
      .where(
        and(
          inArray(emailTemplates.templateId, ids),
          eq(emailTemplates.userId, userId),
          ne(emailTemplates.status, EMAIL_TEMPLATE_STATUS.Deleted),
        ),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextEmailTemplateStatus(row.status, 'template.delete');
    await tx
      .update(emailTemplates)
      .set({ status: EMAIL_TEMPLATE_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          emailTemplates.id,
          rows.map((r) => r.id),
        ),
      );
  });
}
