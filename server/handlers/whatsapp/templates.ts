import type { HandlerMap, UserContext } from '../../context';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { waTemplateDeps } from '../../whatsapp-templates';
import { WaPlatformUnavailable } from '../../whatsapp-templates/platform';
import { syncWaTemplates } from '../../whatsapp-templates/sync';
import { waTemplateData } from '../../whatsapp-templates/rows';
import {
  createWaTemplate,
  deleteWaTemplate,
  listWaTemplates,
  otherLanguagesOf,
  ownedWaTemplate,
  updateWaTemplate,
} from '../../whatsapp-templates/store';

// WhatsApp template Actions (issue 15 item 3; docs/decisions.md "WhatsApp templates").

const saved = (row: { templateId: string; status: string }) => ({
  TemplateId: row.templateId,
  Status: row.status as 'PENDING',
});

/** The platform's statuses first; a platform that cannot be reached is spec 001's 17109. */
async function synced(ctx: UserContext) {
  try {
    await syncWaTemplates(waTemplateDeps(ctx), ctx.user.id);
  } catch (error) {
    if (error instanceof WaPlatformUnavailable) throw new ApiError(RetCode.WhatsAppGetTemplates);
    throw error;
  }
}

export const waTemplateHandlers: HandlerMap = {
  async CreateWhatsAppTemplate(input, ctx) {
    return saved(await createWaTemplate(waTemplateDeps(ctx), ctx.user.id, input));
  },
  async UpdateWhatsAppTemplate(input, ctx) {
    return saved(await updateWaTemplate(waTemplateDeps(ctx), ctx.user.id, input));
  },
  async ListWhatsAppTemplate(query, ctx) {
    await synced(ctx);
    const { total, rows } = await listWaTemplates(ctx.db, ctx.user.id, query);
    const others = await otherLanguagesOf(ctx.db, ctx.user.id, rows);
    return { Total: total, Templates: rows.map((row) => waTemplateData(row, others(row))) };
  },
  async GetWhatsAppTemplate({ TemplateId }, ctx) {
    const row = await ownedWaTemplate(ctx.db, ctx.user.id, TemplateId);
    const others = await otherLanguagesOf(ctx.db, ctx.user.id, [row]);
    return waTemplateData(row, others(row));
  },
  async DeleteWhatsAppTemplate({ TemplateId }, ctx) {
    return { Deleted: await deleteWaTemplate(waTemplateDeps(ctx), ctx.user.id, TemplateId) };
  },
};
