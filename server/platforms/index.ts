import type { ServerConfig } from '../context';
import { telegramAdapter } from './telegram/adapter';
import type { MessagingPlatform } from './platform';
import { socialAdapter } from './social/adapter';
import type { SocialPlatform } from './social/social-platform';
import type { SocialPlatformType } from '../../src/gateway/contract/social/platforms';

export type { MessagingPlatform } from './platform';
export { PlatformError } from './platform';
export type { SocialPlatform, SocialAccount, SocialPublication } from './social/social-platform';

/** The sandbox's path on the gateway: the default Bot API when TELEGRAM_API_URL is unset. */
export const TELEGRAM_SANDBOX_PATH = '/sandbox/telegram';

/** TELEGRAM_API_URL, or the gateway's own sandbox at its public address. */
export function telegramApiUrl(config: ServerConfig): string {
  if (config.telegramApiUrl) return config.telegramApiUrl.replace(/\/+$/, '');
  return `${(config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}${TELEGRAM_SANDBOX_PATH}`;
}

export const telegramPlatform = (config: ServerConfig): MessagingPlatform =>
  telegramAdapter({ baseUrl: telegramApiUrl(config) });

/** The sandbox social platforms' path on the gateway: the default when SOCIAL_API_URL is unset. */
export const SOCIAL_SANDBOX_BASE = '/sandbox/social';

/** SOCIAL_API_URL, or the gateway's own sandbox at its public address (the browser opens its consent page). */
export function socialApiUrl(config: ServerConfig): string {
  if (config.socialApiUrl) return config.socialApiUrl.replace(/\/+$/, '');
  return `${(config.publicUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')}${SOCIAL_SANDBOX_BASE}`;
}

export type SocialPlatforms = (platformType: SocialPlatformType) => SocialPlatform;

export const socialPlatforms =
  (config: ServerConfig): SocialPlatforms =>
  (platformType) =>
    socialAdapter(platformType, { baseUrl: socialApiUrl(config) });
