import type { HandlerMap } from '../../context';
import {
  createEmailTemplate,
  deleteEmailTemplates,
  emailTemplateData,
  listEmailTemplates,
  ownedEmailTemplate,
  updateEmailTemplate,
} from '../../email/templates';
import { prepareHtml } from '../../email/template-content';

// E-mail template Actions (docs/decisions.md "E-mail templates"): thin over server/email/templates.ts.

const saved = (row: { templateId: string; id: number; status: number }) => ({
  TemplateId: row.templateId,
  Id: row.id,
  Status: row.status,
});

export const emailTemplateHandlers: HandlerMap = {
  async CreateEmailTemplate(input, ctx) {
    return saved(await createEmailTemplate(ctx, ctx.user.id, input));
  },
  async UpdateEmailTemplate(input, ctx) {
    return saved(await updateEmailTemplate(ctx, ctx.user.id, input));
  },
  async PreviewEmailTemplate(input) {
    const content = prepareHtml(input.Html);
    return { Html: content.html, Text: content.text, MergeTags: content.mergeTags };
  },
  async GetEmailTemplateList(input, ctx) {
    const { total, rows } = await listEmailTemplates(ctx.db, ctx.user.id, input);
    return {
      Total: total,
      Templates: rows.map((row) => {
        const { Design: _design, Html: _html, ...data } = emailTemplateData(row, ctx.lang);
        return data;
      }),
    };
  },
  async GetEmailTemplate(input, ctx) {
    return emailTemplateData(await ownedEmailTemplate(ctx.db, ctx.user.id, input.TemplateId), ctx.lang);
  },
  async DeleteEmailTemplate(input, ctx) {
    await deleteEmailTemplates(ctx.db, ctx.user.id, input.TemplateIds, ctx.clock.now());
    return {};
  },
};
