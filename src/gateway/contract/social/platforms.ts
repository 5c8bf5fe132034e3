// The social platforms (spec 001 §2: platform types 1 Facebook, 2 Instagram, 3 LinkedIn, 4 Twitter,
// 5 YouTube, 6 Tiktok, 7 Telegram) and a connected profile's status (docs/decisions.md "Social profiles
// and posts").

export const SOCIAL_PLATFORM = {
  Facebook: 1,
  Instagram: 2,
  LinkedIn: 3,
  Twitter: 4,
  YouTube: 5,
  TikTok: 6,
  Telegram: 7,
} as const;
export type SocialPlatformName = keyof typeof SOCIAL_PLATFORM;
export type SocialPlatformType = (typeof SOCIAL_PLATFORM)[SocialPlatformName];

export const SOCIAL_PLATFORM_TYPES = Object.values(SOCIAL_PLATFORM) as SocialPlatformType[];

const nameByType = new Map<number, SocialPlatformName>(
  (Object.entries(SOCIAL_PLATFORM) as [SocialPlatformName, SocialPlatformType][]).map(([name, type]) => [type, name]),
);

export function socialPlatformName(type: number): SocialPlatformName | undefined {
  return nameByType.get(type);
}

export function isSocialPlatformType(type: number): type is SocialPlatformType {
  return nameByType.has(type);
}

/** 1 connected; 2 error: the platform refused the token (expired or revoked), reconnect it. */
export const SOCIAL_PROFILE_STATUS = { Connected: 1, Error: 2 } as const;
export type SocialProfileStatus = (typeof SOCIAL_PROFILE_STATUS)[keyof typeof SOCIAL_PROFILE_STATUS];

/**
 * The platforms offered for signing in to Herald (docs/decisions.md "Post statistics and social sign-in"):
 * the ones whose real services offer a consumer "log in with" (Facebook Login, Sign In with LinkedIn,
 * Log in with X, Login Kit for TikTok). Instagram and YouTube sign in through Facebook and Google accounts,
 * Telegram bots are no identity.
 */
export const SOCIAL_SIGNIN_PLATFORMS = [
  SOCIAL_PLATFORM.Facebook,
  SOCIAL_PLATFORM.LinkedIn,
  SOCIAL_PLATFORM.Twitter,
  SOCIAL_PLATFORM.TikTok,
] as const satisfies readonly SocialPlatformType[];

export const isSocialSignInPlatform = (type: number) => (SOCIAL_SIGNIN_PLATFORMS as readonly number[]).includes(type);

/** How long a connect's state value is accepted after GetSocialMediaAuthUrl made it. */
export const SOCIAL_AUTH_STATE_TTL_SECONDS = 600;
