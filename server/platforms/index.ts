import type { ServerConfig } from '../context';
import { telegramAdapter } from './telegram/adapter';
import type { MessagingPlatform } from './platform';

export type { MessagingPlatform } from './platform';
export { PlatformError } from './platform';

/** The sandbox's path on the gateway: the default Bot API when TELEGRAM_API_URL is unset. */
export const TELEGRAM_SANDBOX_PATH = '/sandbox/telegram';

/** TELEGRAM_API_URL, or the gateway's own sandbox at its public address. */
export function telegramApiUrl(config: ServerConfig): string {
  if (config.telegramApiUrl) return config.telegramApiUrl.replace(/\/+$/, '');
  return `${(config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}${TELEGRAM_SANDBOX_PATH}`;
}

export const telegramPlatform = (config: ServerConfig): MessagingPlatform =>
  telegramAdapter({ baseUrl: telegramApiUrl(config) });
