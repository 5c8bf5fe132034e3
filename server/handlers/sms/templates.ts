import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/rows';
import type { HandlerMap } from '../../context';
import { smsTemplates } from '../../db/schema';
import { SMS_TEMPLATE_STATUS } from '../../../src/gateway/contract/sms-constants';
import {
  renderTemplate,
  smsTemplateContentField,
  templateVariableCount,
} from '../../../src/gateway/contract/sms-template';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';
import { newPublicId } from '../../lib/ids';
import { notFound } from '../../errors';
import { supportedCountry } from '../../sms/countries';
import { nextTemplateStatus, ownedTemplate, queueReview, templateData } from '../../sms/templates';

export const smsTemplateHandlers: HandlerMap = {
  async CreateUSMSTemplate(input, ctx) {
    if (input.RecreateTemplateId) await ownedTemplate(ctx.db, ctx.user.id, input.RecreateTemplateId);
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(smsTemplates)
      .values({
        templateId: newPublicId('UT'),
        userId: ctx.user.id,
        name: input.TemplateName,
        purpose: input.Purpose,
        language: input.Language,
        content: input.Content,
        remark: input.Remark,
        status: SMS_TEMPLATE_STATUS.PendingReview,
        variableCount: templateVariableCount(input.Content),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await queueReview(ctx, row);
    return { TemplateId: row.templateId, Id: row.id, Status: row.status };
  },

  async UpdateUSMSTemplate(input, ctx) {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await ownedTemplate(tx, ctx.user.id, input.TemplateId, true);
      const status = nextTemplateStatus(current, { type: 'template.update' });
      const [updated] = await tx
        .update(smsTemplates)
        .set({
          name: input.TemplateName,
          purpose: input.Purpose,
          language: input.Language,
          content: input.Content,
          remark: input.Remark,
          status,
          rejectReason: '',
          variableCount: templateVariableCount(input.Content),
          revision: current.revision + 1,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(smsTemplates.id, current.id))
        .returning();
      return updated;
    });
    await queueReview(ctx, row);
    return { TemplateId: row.templateId, Status: row.status };
  },

  async DeleteUSMSTemplate(input, ctx) {
    await ctx.db.transaction(async (tx) => {
      const ids = [...new Set(input.TemplateIds)];
      const rows = await tx
        .select()
        .from(smsTemplates)
        .where(
          and(
            inArray(smsTemplates.templateId, ids),
            eq(smsTemplates.userId, ctx.user.id),
            eq(smsTemplates.channel, 'sms'),
            ne(smsTemplates.status, SMS_TEMPLATE_STATUS.Deleted),
          ),
        )
        .for('update');
      if (rows.length !== ids.length) throw notFound();
      for (const row of rows) nextTemplateStatus(row, { type: 'template.delete' });
      await tx
        .update(smsTemplates)
        .set({ status: SMS_TEMPLATE_STATUS.Deleted, updatedAt: ctx.clock.now() })
        .where(
          inArray(
            smsTemplates.id,
            rows.map((r) => r.id),
          ),
        );
    });
    return {};
  },

  async GetUSMSTemplate(input, ctx) {
    return templateData(await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId), ctx.lang);
  },

  async QueryUSMSTemplate(input, ctx) {
    const conditions: (SQL | undefined)[] = [
      eq(smsTemplates.userId, ctx.user.id),
      eq(smsTemplates.channel, 'sms'),
      ne(smsTemplates.status, SMS_TEMPLATE_STATUS.Deleted),
    ];
    if (input.Keyword) {
      const like = containsPattern(input.Keyword);
      conditions.push(
        or(ilike(smsTemplates.name, like), ilike(smsTemplates.templateId, like), ilike(smsTemplates.content, like)),
      );
    }
    if (input.Status?.length) conditions.push(inArray(smsTemplates.status, input.Status));
    if (input.Purpose !== undefined) conditions.push(eq(smsTemplates.purpose, input.Purpose));
    if (input.HasVariables !== undefined)
      conditions.push(input.HasVariables ? sql`${smsTemplates.variableCount} > 0` : eq(smsTemplates.variableCount, 0));
    const where = and(...conditions);
    const [{ total }] = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(smsTemplates)
      .where(where);
    const rows = await ctx.db
      .select()
      .from(smsTemplates)
      .where(where)
      .orderBy(desc(smsTemplates.createdAt), desc(smsTemplates.id))
      .limit(input.NumPerPage)
      .offset((input.Page - 1) * input.NumPerPage);
    return { Total: total, Templates: rows.map((row) => templateData(row, ctx.lang)) };
  },

  async PreviewUSMSTemplateInfo(input, ctx) {
    const content = input.TemplateId
      ? (await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId)).content
      : (input.Content ?? '');
    if (input.CountryCode) supportedCountry(input.CountryCode);
    const checked = smsTemplateContentField.safeParse(content);
    const issues = checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))];
    const rendered = renderTemplate(content, input.Params);
    const count = countSmsSegments(rendered, input.CountryCode);
    return {
      Content: rendered,
      VariableCount: templateVariableCount(content),
      Encoding: count.encoding,
      Units: count.units,
      Segments: count.segments,
      PerSegment: count.perSegment,
      Issues: issues,
    };
  },
};
