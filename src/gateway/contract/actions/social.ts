import { z } from 'zod';
import { defineAction } from './define';
import { pageFields, unixSeconds } from './sms-common';
import { idempotencyKeyField } from './subscriptions';
import { isSocialSignInPlatform, SOCIAL_PLATFORM_TYPES } from '../social/platforms';
import { SOCIAL_POST_LIMITS, TIKTOK_PRIVACY_LEVELS } from '../social/post-rules';
import { isConsolePath } from '../service-path';

// Social profiles and posts (issue 16 items 1 and 3; docs/decisions.md "Social profiles and posts").
// GetSocialMediaAuthUrl is spec 000 §7's; the rest are Herald's.

export const socialProfileIdField = z
  .string()
  .trim()
  .regex(/^SP[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const socialPostIdField = z
  .string()
  .trim()
  .regex(/^PS[0-9A-Za-z]{6,40}$/, 'validation:invalid');
/**
 * profile: connect a social profile to the signed-in account; signin: sign in to Herald with the platform;
 * link: link another sign-in identity to the signed-in account (Settings, docs/decisions.md "Social sign-in").
 */
export const SOCIAL_AUTH_PURPOSES = ['profile', 'signin', 'link'] as const;
export type SocialAuthPurpose = (typeof SOCIAL_AUTH_PURPOSES)[number];

export const platformTypeField = z
  .number()
  .int()
  .refine((type) => (SOCIAL_PLATFORM_TYPES as number[]).includes(type), 'validation:socialPlatformInvalid');

const profile = z.object({
  ProfileId: z.string(),
  PlatformType: z.number(),
  /** the platform's account id */
  AccountId: z.string(),
  Name: z.string(),
  Username: z.string(),
  /** SOCIAL_PROFILE_STATUS: 1 connected, 2 error */
  Status: z.number(),
  Error: z.string(),
  CreateTime: z.number(),
  CheckTime: z.number(),
});
export type SocialProfile = z.infer<typeof profile>;

const target = z.object({
  ProfileId: z.string(),
  PlatformType: z.number(),
  Name: z.string(),
  /** pending, publishing, published, failed */
  Result: z.string(),
  PlatformPostId: z.string(),
  Reason: z.string(),
});
const media = z.object({ FileId: z.string(), Name: z.string(), ContentType: z.string(), Size: z.number() });
const tikTok = z.object({
  Title: z
    .string()
    .trim()
    .max(SOCIAL_POST_LIMITS.titleMax * 2, 'validation:socialTitleTooLong')
    .default(''),
  PrivacyLevel: z.enum(TIKTOK_PRIVACY_LEVELS).or(z.literal('')).default(''),
  AllowDuet: z.boolean().default(false),
  AllowStitch: z.boolean().default(false),
  AllowComment: z.boolean().default(true),
  BrandedContent: z.boolean().nullable().default(null),
});
const post = z.object({
  PostId: z.string(),
  Text: z.string(),
  Media: z.array(media),
  YouTubeTitle: z.string(),
  TikTok: z.object({
    Title: z.string(),
    PrivacyLevel: z.string(),
    AllowDuet: z.boolean(),
    AllowStitch: z.boolean(),
    AllowComment: z.boolean(),
    BrandedContent: z.boolean().nullable(),
  }),
  /** SOCIAL_POST_STATUS */
  Status: z.number(),
  /** unix seconds; 0 when none */
  SendTime: z.number(),
  Targets: z.array(target),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type SocialPost = z.infer<typeof post>;

export const SOCIAL_SAVE_MODES = ['draft', 'schedule', 'publish'] as const;
export type SocialSaveMode = (typeof SOCIAL_SAVE_MODES)[number];

const saveInput = z
  .object({
    /** A post of the caller's to save again (a draft, a scheduled or a failed one); none makes a new post. */
    PostId: socialPostIdField.optional(),
    ProfileIds: z.array(socialProfileIdField).min(1, 'validation:socialProfilesRequired').max(50),
    Text: z.string().max(70_000, 'validation:socialTextTooLong'),
    MediaFileIds: z.array(z.string().trim().min(1).max(64)).max(20, 'validation:socialTooManyImages').default([]),
    YouTubeTitle: z
      .string()
      .trim()
      .max(SOCIAL_POST_LIMITS.titleMax * 2, 'validation:socialTitleTooLong')
      .default(''),
    TikTok: tikTok.strict().optional(),
    /** draft saves; schedule needs SendTime in the future; publish posts now */
    Mode: z.enum(SOCIAL_SAVE_MODES),
    /** unix seconds */
    SendTime: unixSeconds.optional(),
    /**
     * One per composed post (the composer makes it and sends it on every try): a retry with the same key
     * and body answers the first post instead of making a second; another body is IdempotencyConflict.
     */
    IdempotencyKey: idempotencyKeyField.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.Mode === 'schedule' && !value.SendTime)
      ctx.addIssue({ code: 'custom', path: ['SendTime'], message: 'validation:required' });
  });

export const socialActions = {
  /**
   * The platform's authorize address for a new profile, or to reconnect ProfileId (an error one): this needs
   * a signed-in account. With Purpose signin it is the sign-in to Herald (/medialogin/{type}, no account yet;
   * docs/decisions.md "Post statistics and social sign-in"); Service is where the console goes afterwards (a
   * path of this console, kept in the signed state). Purpose link links a sign-in identity to the signed-in
   * account (LinkSocialIdentity finishes it).
   */
  GetSocialMediaAuthUrl: defineAction(
    'optional',
    z
      .object({
        PlatformType: platformTypeField,
        ProfileId: socialProfileIdField.optional(),
        Purpose: z.enum(SOCIAL_AUTH_PURPOSES).default('profile'),
        Service: z.string().refine(isConsolePath, 'validation:invalid').optional(),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.Service !== undefined && value.Purpose !== 'signin')
          ctx.addIssue({ code: 'custom', path: ['Service'], message: 'validation:invalid' });
        if (value.Purpose === 'profile') return;
        if (value.ProfileId !== undefined)
          ctx.addIssue({ code: 'custom', path: ['ProfileId'], message: 'validation:invalid' });
        if (!isSocialSignInPlatform(value.PlatformType))
          ctx.addIssue({ code: 'custom', path: ['PlatformType'], message: 'validation:socialSignInPlatform' });
      }),
    z.object({ Url: z.string(), State: z.string() }),
  ),
  /** The platform sent the user back to /mkthub/authmediapage/{PlatformType} with a code and the state. */
  ConnectSocialProfile: defineAction(
    'user',
    z
      .object({
        PlatformType: platformTypeField,
        Code: z.string().trim().min(1, 'validation:required').max(2048),
        State: z.string().trim().min(1, 'validation:required').max(128),
      })
      .strict(),
    profile,
  ),
  ListSocialProfiles: defineAction(
    'user',
    z.object({}).strict(),
    z.object({ Profiles: z.array(profile), Limit: z.number().nullable(), Used: z.number() }),
  ),
  /** Asks each platform whether the connected profiles' tokens still work; a refused one turns to error. */
  CheckSocialProfiles: defineAction('user', z.object({}).strict(), z.object({ Profiles: z.array(profile) })),
  DeleteSocialProfile: defineAction(
    'user',
    z.object({ ProfileId: socialProfileIdField }).strict(),
    z.object({ ProfileId: z.string() }),
  ),
  SaveSocialPost: defineAction('user', saveInput, z.object({ PostId: z.string(), Status: z.number() })),
  GetSocialPost: defineAction('user', z.object({ PostId: socialPostIdField }).strict(), post),
  ListSocialPosts: defineAction(
    'user',
    z.object({ ...pageFields, Status: z.array(z.number().int().min(1).max(6)).max(6).optional() }).strict(),
    z.object({ Total: z.number(), Posts: z.array(post) }),
  ),
  CancelSocialPost: defineAction(
    'user',
    z.object({ PostId: socialPostIdField }).strict(),
    z.object({ PostId: z.string(), Status: z.number() }),
  ),
} as const;
