import type { WaTemplateContent } from '../../src/gateway/contract/wa-templates';

// The narrow way Herald talks to WhatsApp about templates (docs/decisions.md "WhatsApp templates"): the
// Cloud API's message_templates edge of a WhatsApp business account, in its own shape (name, language,
// category, components). The default is the sandbox (sandbox-platform.ts); the WhatsApp adapter of
// server/platforms/whatsapp/ implements the same interface against the Graph API.

export type GraphComponent =
  | { type: 'HEADER'; format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT'; text?: string; example?: object }
  | { type: 'BODY'; text: string; example?: { body_text: string[][] } }
  | { type: 'FOOTER'; text?: string; code_expiration_minutes?: number }
  | { type: 'BUTTONS'; buttons: GraphButton[] };

export type GraphButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string }
  | { type: 'OTP'; otp_type: 'COPY_CODE'; text: string };

export interface GraphTemplate {
  name: string;
  language: string;
  category: string;
  components: GraphComponent[];
}

export interface PlatformTemplate extends GraphTemplate {
  id: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED, IN_APPEAL, LIMIT_EXCEEDED, … */
  status: string;
  rejected_reason?: string;
}

/** The platform did not answer or refused to answer (ListWhatsAppTemplate answers 17109). */
export class WaPlatformUnavailable extends Error {}
/** The platform refused a submission, edit or deletion. */
export class WaPlatformRefused extends Error {}

export interface WhatsAppTemplatePlatform {
  /** POST /{waba}/message_templates */
  submit(waba: string, template: GraphTemplate): Promise<{ id: string; status: string; category: string }>;
  /** POST /{template-id} */
  edit(waba: string, id: string, template: GraphTemplate): Promise<{ success: boolean }>;
  /** DELETE /{waba}/message_templates?name= (every language of the name) */
  deleteByName(waba: string, name: string): Promise<{ success: boolean }>;
  /** GET /{waba}/message_templates?name= */
  list(waba: string, query?: { name?: string }): Promise<{ data: PlatformTemplate[] }>;
}

/** A template's content in the Graph API's components. */
export function graphTemplateOf(name: string, language: string, t: WaTemplateContent): GraphTemplate {
  const components: GraphComponent[] = [];
  if (t.HeaderFormat === 'TEXT')
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.HeaderText,
      ...(t.HeaderSample ? { example: { header_text: [t.HeaderSample] } } : {}),
    });
  else if (t.HeaderFormat !== 'NONE')
    components.push({ type: 'HEADER', format: t.HeaderFormat, example: { header_handle: [t.HeaderMediaFileId] } });
  components.push({
    type: 'BODY',
    text: t.Body,
    ...(t.BodySamples.length ? { example: { body_text: [t.BodySamples] } } : {}),
  });
  if (t.Category === 'AUTHENTICATION' && t.CodeExpiryMinutes !== null)
    components.push({ type: 'FOOTER', code_expiration_minutes: t.CodeExpiryMinutes });
  else if (t.Footer.trim()) components.push({ type: 'FOOTER', text: t.Footer });
  if (t.Buttons.length)
    components.push({
      type: 'BUTTONS',
      buttons: t.Buttons.map((b): GraphButton => {
        if (b.Type === 'URL') return { type: 'URL', text: b.Text, url: b.Url };
        if (b.Type === 'PHONE_NUMBER') return { type: 'PHONE_NUMBER', text: b.Text, phone_number: b.Phone };
        if (b.Type === 'COPY_CODE') return { type: 'OTP', otp_type: 'COPY_CODE', text: b.Text };
        return { type: 'QUICK_REPLY', text: b.Text };
      }),
    });
  return { name, language, category: t.Category, components };
}
