import type { z } from 'zod';
import { waTemplates } from '../db/schema';
import { unix } from '../lib/time';
import type { WaTemplate } from '../../src/gateway/contract/actions/wa-templates';
import { waTemplateContentShape, type WaTemplateContent } from '../../src/gateway/contract/wa-templates';

// A stored WhatsApp template as the Actions show it, and its content columns.

export type WaTemplateRow = typeof waTemplates.$inferSelect;
type ContentInput = z.output<z.ZodObject<typeof waTemplateContentShape>>;

/** The business account a template is filed under at the platform ('' WABA: one per Herald account). */
export const wabaRefOf = (row: { wabaId: string; userId: number }) => row.wabaId || `herald-${row.userId}`;

export function contentColumns(input: ContentInput) {
  return {
    category: input.Category,
    type: input.Type,
    headerFormat: input.HeaderFormat,
    headerText: input.HeaderFormat === 'TEXT' ? input.HeaderText.trim() : '',
    headerSample: input.HeaderFormat === 'TEXT' ? input.HeaderSample : '',
    headerMediaFileId: input.Type === 'Media' ? input.HeaderMediaFileId : '',
    body: input.Body.trim(),
    bodySamples: input.BodySamples,
    footer: input.Footer.trim(),
    buttonKind: input.ButtonKind,
    buttons: input.Buttons,
    codeExpiryMinutes: input.CodeExpiryMinutes,
  };
}

export function contentOf(row: WaTemplateRow): WaTemplateContent {
  return {
    Category: row.category as WaTemplateContent['Category'],
    Type: row.type as WaTemplateContent['Type'],
    HeaderFormat: row.headerFormat as WaTemplateContent['HeaderFormat'],
    HeaderText: row.headerText,
    HeaderSample: row.headerSample,
    HeaderMediaFileId: row.headerMediaFileId,
    Body: row.body,
    BodySamples: row.bodySamples,
    Footer: row.footer,
    ButtonKind: row.buttonKind as WaTemplateContent['ButtonKind'],
    Buttons: row.buttons,
    CodeExpiryMinutes: row.codeExpiryMinutes,
  };
}

export function waTemplateData(row: WaTemplateRow, otherLanguages: string[]): WaTemplate {
  return {
    TemplateId: row.templateId,
    Name: row.name,
    Language: row.language,
    ...contentOf(row),
    Status: row.status as WaTemplate['Status'],
    RejectReason: row.rejectReason,
    OtherLanguages: otherLanguages,
    WabaId: row.wabaId,
    CreateTime: unix(row.createdAt),
    UpdateTime: unix(row.updatedAt),
    ReviewTime: row.reviewedAt ? unix(row.reviewedAt) : null,
  };
}
