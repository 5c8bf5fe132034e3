import type { ServerConfig } from '../../context';
import type { Db } from '../../db/database';
import { serverSecret } from '../../db/server-secrets';
import { whatsappAdapter } from './adapter';
import type { WhatsAppPlatform } from './platform';

// Herald's WhatsApp app: where its API and sign-up live, and the secrets that sign webhooks and answer
// the verify handshake. Unset secrets are made per deployment (server_secrets), so the sandbox and every
// gateway process agree on them.

export const WHATSAPP_SANDBOX_PATH = '/sandbox/whatsapp';
export const SANDBOX_APP_ID = 'herald-sandbox-app';

const origin = (config: ServerConfig) => (config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '');

export const usesWhatsAppSandbox = (config: ServerConfig) => !config.whatsapp?.apiUrl;

export function whatsappApiUrl(config: ServerConfig): string {
  return (config.whatsapp?.apiUrl ?? `${origin(config)}${WHATSAPP_SANDBOX_PATH}`).replace(/\/+$/, '');
}

/** The embedded sign-up's address for this state; it returns to the number page. */
export function whatsappSignUpUrl(config: ServerConfig, state: string): string {
  const url = new URL(
    usesWhatsAppSandbox(config)
      ? `${origin(config)}${WHATSAPP_SANDBOX_PATH}/signup`
      : (config.whatsapp?.signUpUrl ?? 'https://www.facebook.com/v21.0/dialog/oauth'),
  );
  url.searchParams.set('client_id', config.whatsapp?.appId ?? SANDBOX_APP_ID);
  url.searchParams.set('redirect_uri', whatsappRedirectUri(config));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

export const whatsappRedirectUri = (config: ServerConfig) => `${origin(config)}/whatsapp/number`;

export async function whatsappAppSecret(db: Db, config: ServerConfig): Promise<string> {
  return config.whatsapp?.appSecret ?? (await serverSecret(db, 'whatsapp-app-secret')).toString('hex');
}

export async function whatsappVerifyToken(db: Db, config: ServerConfig): Promise<string> {
  return config.whatsapp?.verifyToken ?? (await serverSecret(db, 'whatsapp-verify-token')).toString('hex');
}

export async function whatsappPlatform(db: Db, config: ServerConfig): Promise<WhatsAppPlatform> {
  return whatsappAdapter({
    baseUrl: whatsappApiUrl(config),
    appId: config.whatsapp?.appId ?? SANDBOX_APP_ID,
    appSecret: await whatsappAppSecret(db, config),
  });
}
