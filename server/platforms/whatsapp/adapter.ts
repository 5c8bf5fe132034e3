import { PlatformError } from '../platform';
import { waQualityOf, waStatusOf, waTierOf } from '../../../src/gateway/contract/whatsapp';
import type { WhatsAppPhoneNumber, WhatsAppPlatform } from './platform';
import { graphRequest, type GraphError } from './graph-http';

// The WhatsApp Cloud API over HTTP (Graph API shape): GET <base>/oauth/access_token?code=… for the
// business token, GET <base>/debug_token to find the WABA it was granted, GET <base>/<waba-id>,
// GET <base>/<waba-id>/phone_numbers, POST <base>/<waba-id>/subscribed_apps, POST <base>/<number-id>/messages
// (a text, the inbox's replies; a template, WhatsApp sending). Errors are
// {error: {message, type, code}}. The base URL is WHATSAPP_API_URL (https://graph.facebook.com/v21.0 for
// the real service) or the gateway's sandbox at /sandbox/whatsapp.

export interface WhatsAppAdapterOptions {
  baseUrl: string;
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface GraphNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  status?: string;
  quality_rating?: string;
  messaging_limit_tier?: string;
}

function refusalOf(status: number, body: GraphError | null): PlatformError {
  const message = body?.error?.message ?? `HTTP ${status}`;
  const code = body?.error?.code;
  if (status === 401 || code === 190) return new PlatformError('unauthorized', message);
  if (status === 403 || code === 10 || code === 200) return new PlatformError('forbidden', message);
  if (status === 404) return new PlatformError('notFound', message);
  if (status === 429 || code === 4 || code === 80007) return new PlatformError('rateLimited', message);
  if (status === 400) return new PlatformError('badRequest', message);
  return new PlatformError('unavailable', message);
}

export function whatsappAdapter(options: WhatsAppAdapterOptions): WhatsAppPlatform {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    token?: string,
    query: Record<string, string> = {},
    json?: object,
  ) {
    const unreachable = (message: string) => new PlatformError('unavailable', message);
    const answer = await graphRequest<T>(options, method, path, { token, query, json, unreachable });
    if (!answer.ok) throw refusalOf(answer.status, answer.body);
    return answer.body as T;
  }
  const appToken = () => `${options.appId}|${options.appSecret}`;

  return {
    kind: 'whatsapp',
    async exchangeCode(code, redirectUri) {
      const { access_token: token } = await call<{ access_token: string }>('GET', 'oauth/access_token', undefined, {
        client_id: options.appId,
        client_secret: options.appSecret,
        redirect_uri: redirectUri,
        code,
      });
      const debug = await call<{ data: { granular_scopes?: { scope: string; target_ids?: string[] }[] } }>(
        'GET',
        'debug_token',
        appToken(),
        { input_token: token },
      );
      const wabaId = debug.data.granular_scopes?.find((s) => s.scope === 'whatsapp_business_management')
        ?.target_ids?.[0];
      if (!wabaId) throw new PlatformError('forbidden', 'The sign-up granted no WhatsApp Business Account');
      const waba = await call<{ id: string; name: string }>('GET', wabaId, token, { fields: 'id,name' });
      return { wabaId, name: waba.name, token };
    },
    async phoneNumbers({ wabaId, token }) {
      const page = await call<{ data: GraphNumber[] }>('GET', `${wabaId}/phone_numbers`, token, {
        fields: 'id,display_phone_number,verified_name,status,quality_rating,messaging_limit_tier',
      });
      return page.data.map((n): WhatsAppPhoneNumber => ({
        phoneNumberId: n.id,
        displayPhone: n.display_phone_number,
        verifiedName: n.verified_name,
        status: waStatusOf(n.status),
        quality: waQualityOf(n.quality_rating),
        tier: waTierOf(n.messaging_limit_tier),
      }));
    },
    async subscribe({ wabaId, token }) {
      await call<{ success: boolean }>('POST', `${wabaId}/subscribed_apps`, token);
    },
    async sendText({ phoneNumberId, token }, message) {
      const sent = await call<{ messages: { id: string }[] }>(
        'POST',
        `${phoneNumberId}/messages`,
        token,
        {},
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'text',
          text: { preview_url: false, body: message.text },
          ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
        },
      );
      return sent.messages[0]?.id ?? '';
    },
    async sendTemplate({ phoneNumberId, token }, message) {
      const sent = await call<{ messages: { id: string }[] }>(
        'POST',
        `${phoneNumberId}/messages`,
        token,
        {},
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: {
            name: message.name,
            language: { code: message.language },
            components: message.params.length
              ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }]
              : [],
          },
        },
      );
      return sent.messages[0]?.id ?? '';
    },
  };
}
