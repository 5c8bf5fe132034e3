import {
  WaPlatformRefused,
  WaPlatformUnavailable,
  type GraphTemplate,
  type PlatformTemplate,
  type WhatsAppTemplatePlatform,
} from './platform';
import { graphRequest } from '../platforms/whatsapp/graph-http';

// WhatsApp templates over the Graph API (docs/decisions.md "WhatsApp templates over the Graph adapter"): the
// message_templates edge of a business account, over HTTP like the numbers' adapter
// (server/platforms/whatsapp/adapter.ts), against WHATSAPP_API_URL or the gateway's sandbox at
// /sandbox/whatsapp. POST /{waba}/message_templates submits, POST /{template-id} edits, DELETE
// /{waba}/message_templates?name= deletes every language of a name, GET /{waba}/message_templates lists.
// The verdict of a review also arrives by the signed webhook (`message_template_status_update`).

export interface GraphTemplateOptions {
  baseUrl: string;
  /** The bearer token for a business account reference (its business token; see waTemplateToken). */
  tokenOf: (waba: string) => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const LIST_FIELDS = 'id,name,language,category,components,status,rejected_reason';

export function graphTemplatePlatform(options: GraphTemplateOptions): WhatsAppTemplatePlatform {
  /** A refusal of the platform (4xx but 429) is WaPlatformRefused; anything else cannot be reached. */
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    waba: string,
    query: Record<string, string> = {},
    json?: object,
  ): Promise<T> {
    const token = await options.tokenOf(waba);
    const unreachable = (message: string) => new WaPlatformUnavailable(message);
    const answer = await graphRequest<T>(options, method, path, { token, query, json, unreachable });
    if (answer.ok) return answer.body as T;
    const message = answer.body?.error?.message ?? `HTTP ${answer.status}`;
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) throw new WaPlatformRefused(message);
    throw new WaPlatformUnavailable(message);
  }
  return {
    submit: (waba, template: GraphTemplate) =>
      call<{ id: string; status: string; category: string }>('POST', `${waba}/message_templates`, waba, {}, template),
    edit: (waba, id, template) =>
      call<{ success: boolean }>(
        'POST',
        encodeURIComponent(id),
        waba,
        {},
        {
          category: template.category,
          components: template.components,
        },
      ),
    deleteByName: (waba, name) => call<{ success: boolean }>('DELETE', `${waba}/message_templates`, waba, { name }),
    async list(waba, query = {}) {
      try {
        return await call<{ data: PlatformTemplate[] }>('GET', `${waba}/message_templates`, waba, {
          fields: LIST_FIELDS,
          limit: '1000',
          ...(query.name ? { name: query.name } : {}),
        });
      } catch (error) {
        // templates that cannot be fetched are 17109, whatever the reason
        if (error instanceof WaPlatformRefused) throw new WaPlatformUnavailable(error.message);
        throw error;
      }
    },
  };
}
