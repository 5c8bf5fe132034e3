import type { BadgeTone } from '../../ui/Badge';
import type { WaTemplateStatus } from '../../../gateway/contract/wa-templates';

export const WA_STATUS_TONE: Record<WaTemplateStatus, BadgeTone> = {
  APPROVED: 'success',
  PENDING: 'progress',
  PENDING_DELETION: 'muted',
  DISABLED: 'muted',
  IN_APPEAL: 'info',
  REJECTED: 'danger',
  DELETED: 'muted',
  PAUSED: 'warning',
  LIMIT_EXCEEDED: 'warning',
};

export const WA_TEMPLATE_LIST_PATH = '/whatsapp/template';
export const WA_NEW_TEMPLATE_PATH = '/whatsapp/new-template';

/** The spec's edit path: {templateName}/{templateId}/{account}/{phone} (the WABA id and its display phone). */
export const waUpdatePath = (t: { Name: string; TemplateId: string; WabaId: string }) =>
  `/whatsapp/update-template/${encodeURIComponent(t.Name)}/${t.TemplateId}/${encodeURIComponent(t.WabaId || '-')}/-`;

/** A language code's name in the interface language ("en_US" -> "English (United States)"). */
export function languageName(code: string, lang: string): string {
  try {
    return (
      new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(code.replace('_', '-')) ?? code
    );
  } catch {
    return code;
  }
}
