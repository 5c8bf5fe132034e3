import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/rows';
import type { Db } from '../db/database';
import { files, smsTemplates, type StoredMmsImage } from '../db/schema';
import { fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { Lang } from '../messages';
import type { ServerDeps } from '../context';
import { SMS_TEMPLATE_PURPOSE, SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/sms-constants';
import { MMS_IMAGE_TYPES, MMS_LIMITS, mmsContentJson, mmsVariableCount } from '../../src/gateway/contract/mms-content';
import type { MmsTemplate } from '../../src/gateway/contract/actions/mms';
import { nextTemplateStatus, ownedTemplate, queueReview, type SmsTemplateRow } from '../sms/templates';
import { reviewReasonText } from '../sms/review-rules';

// MMS templates (docs/decisions.md "MMS"): rows of the template table with channel 'mms', a subject
// and images; reviewed by the same job and lifecycle as SMS templates (the reviewer reads subject and text).

export const MMS_CHANNEL = 'mms';

export function mmsTemplateData(row: SmsTemplateRow, lang: Lang): MmsTemplate {
  return {
    Id: row.id,
    TemplateId: row.templateId,
    TemplateName: row.name,
    Language: row.language,
    Subject: row.subject,
    Text: row.content,
    Images: row.images.map((i) => ({ FileId: i.fileId, FileName: i.name, ContentType: i.contentType, Size: i.size })),
    Remark: row.remark,
    Status: row.status,
    RejectReason: reviewReasonText(row.rejectReason, lang),
    VariableCount: row.variableCount,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
    ReviewTime: unix(row.reviewedAt),
  };
}

/** The content a task of this template stores (JSON: subject, text, image ids). */
export const mmsTaskContent = (row: SmsTemplateRow) =>
  mmsContentJson({ Subject: row.subject, Text: row.content, Images: row.images.map((i) => i.fileId) });

export const ownedMmsTemplate = (db: Db, userId: number, templateId: string) =>
  ownedTemplate(db, userId, templateId, false, MMS_CHANNEL);

/**
 * The caller's stored uploads as MMS images, each refused by field (Images.n) unless PNG/JPEG/GIF of at
 * most 300 KB; an image the template already has (`kept`) stays as stored.
 */
async function mmsImages(
  db: Db,
  userId: number,
  fileIds: string[],
  kept = new Map<string, StoredMmsImage>(),
): Promise<StoredMmsImage[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.userId, userId), eq(files.status, 'stored')));
  return fileIds.map((id, index) => {
    const old = kept.get(id);
    if (old) return old;
    const file = rows.find((r) => r.id === id);
    const field = `Images.${index}`;
    if (!file) throw fieldError(field, 'validation:mmsImageRequired');
    if (!(MMS_IMAGE_TYPES as readonly string[]).includes(file.contentType))
      throw fieldError(field, 'validation:mmsImageType');
    if ((file.size ?? 0) > MMS_LIMITS.imageMaxBytes) throw fieldError(field, 'validation:mmsImageTooLarge');
    return { fileId: file.id, name: file.name, contentType: file.contentType, size: file.size ?? 0 };
  });
}

export interface MmsTemplateInput {
  TemplateName: string;
  Language: string;
  Subject: string;
  Text: string;
  Images: string[];
  Remark: string;
}

/** Stores a template pending review and queues its review; nothing is stored when an image is refused. */
export async function createMmsTemplate(deps: ServerDeps & { db: Db }, userId: number, input: MmsTemplateInput) {
  const images = await mmsImages(deps.db, userId, input.Images);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(smsTemplates)
    .values({
      templateId: newPublicId('UM'),
      channel: MMS_CHANNEL,
      userId,
      name: input.TemplateName,
      purpose: SMS_TEMPLATE_PURPOSE.General,
      language: input.Language,
      subject: input.Subject,
      content: input.Text,
      images,
      remark: input.Remark,
      status: SMS_TEMPLATE_STATUS.PendingReview,
      variableCount: mmsVariableCount(input.Subject, input.Text),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await queueReview(deps, row);
  return row;
}

export async function listMmsTemplates(
  db: Db,
  userId: number,
  query: { Page: number; NumPerPage: number; Keyword?: string; Status?: number[] },
) {
  const conditions: (SQL | undefined)[] = [
    eq(smsTemplates.userId, userId),
    eq(smsTemplates.channel, MMS_CHANNEL),
    ne(smsTemplates.status, SMS_TEMPLATE_STATUS.Deleted),
  ];
  if (query.Keyword) {
    const like = containsPattern(query.Keyword);
    conditions.push(
      or(ilike(smsTemplates.name, like), ilike(smsTemplates.templateId, like), ilike(smsTemplates.subject, like)),
    );
  }
  if (query.Status?.length) conditions.push(inArray(smsTemplates.status, query.Status));
  const where = and(...conditions);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsTemplates)
    .where(where);
  const rows = await db
    .select()
    .from(smsTemplates)
    .where(where)
    .orderBy(desc(smsTemplates.createdAt), desc(smsTemplates.id))
    .limit(query.NumPerPage)
    .offset((query.Page - 1) * query.NumPerPage);
  return { total, rows };
}

/** Deletes templates of the caller as the template lifecycle allows; all or none. */
export async function deleteMmsTemplates(db: Db, userId: number, templateIds: string[], now: Date) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(templateIds)];
    const rows = await tx
      .select()
      .from(smsTemplates)
      .where(
        and(
          inArray(smsTemplates.templateId, ids),
          eq(smsTemplates.userId, userId),
          eq(smsTemplates.channel, MMS_CHANNEL),
          ne(smsTemplates.status, SMS_TEMPLATE_STATUS.Deleted),
        ),
      )
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) nextTemplateStatus(row, { type: 'template.delete' });
    await tx
      .update(smsTemplates)
      .set({ status: SMS_TEMPLATE_STATUS.Deleted, updatedAt: now })
      .where(
        inArray(
          smsTemplates.id,
          rows.map((r) => r.id),
        ),
      );
  });
}

/**
 * Edits the caller's template as the template lifecycle allows (`template.update`), then queues its
 * review again. Images it already has are kept as stored; a new one is checked as on create.
 */
export async function updateMmsTemplate(
  deps: ServerDeps & { db: Db },
  userId: number,
  templateId: string,
  input: MmsTemplateInput,
) {
  const row = await deps.db.transaction(async (tx) => {
    const current = await ownedTemplate(tx, userId, templateId, true, MMS_CHANNEL);
    const status = nextTemplateStatus(current, { type: 'template.update' });
    const kept = new Map(current.images.map((image) => [image.fileId, image]));
    const images = await mmsImages(tx, userId, input.Images, kept);
    const [updated] = await tx
      .update(smsTemplates)
      .set({
        name: input.TemplateName,
        language: input.Language,
        subject: input.Subject,
        content: input.Text,
        images,
        remark: input.Remark,
        status,
        rejectReason: '',
        variableCount: mmsVariableCount(input.Subject, input.Text),
        revision: current.revision + 1,
        updatedAt: deps.clock.now(),
      })
      .where(eq(smsTemplates.id, current.id))
      .returning();
    return updated;
  });
  await queueReview(deps, row);
  return row;
}
