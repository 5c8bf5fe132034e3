import type { TFunction } from 'i18next';
import { socialPlatformName } from '../../gateway/contract/social/platforms';

/** A sign-in platform's name as the buttons and /medialogin say it. */
export const signInPlatformName = (platform: number, t: TFunction<'auth'>) =>
  socialPlatformName(platform) ? t(`social.platforms.${platform as 1}`) : t('social.unknownPlatform');
