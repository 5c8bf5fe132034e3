import { z } from 'zod';
import { defineAction } from './define';
import { socialPostIdField, socialProfileIdField } from './social';
import { SOCIAL_PLATFORM_TYPES } from '../social/platforms';
import { STATISTICS_DAYS } from '../social/statistics';

// Post statistics (issue 16 item 4; docs/decisions.md "Post statistics and social sign-in"): Herald's
// Actions, behind the Analysis module. Metrics is spec 001 §3's names of the post's platform → a number.

const metrics = z.record(z.string(), z.number());
const day = z.object({
  /** YYYY-MM-DD, UTC */
  Day: z.string(),
  Follows: z.number(),
  DailyFollows: z.number(),
  Impressions: z.number(),
  Reaches: z.number(),
  Engagements: z.number(),
});

export const socialStatsActions = {
  ListSocialMediaStatistics: defineAction(
    'user',
    z
      .object({
        Days: z
          .number()
          .int()
          .refine((days) => (STATISTICS_DAYS as readonly number[]).includes(days), 'validation:invalid'),
        ProfileId: socialProfileIdField.optional(),
      })
      .strict(),
    z.object({
      Profiles: z.array(
        z.object({ ProfileId: z.string(), PlatformType: z.number(), Name: z.string(), Days: z.array(day) }),
      ),
      Posts: z.array(
        z.object({
          PostId: z.string(),
          ProfileId: z.string(),
          PlatformType: z.number(),
          Name: z.string(),
          Text: z.string(),
          PublishTime: z.number(),
          Metrics: metrics,
          TakenAt: z.number(),
        }),
      ),
    }),
  ),
  GetSocialPostPerformance: defineAction(
    'user',
    z
      .object({
        PostId: socialPostIdField,
        PlatformType: z
          .number()
          .int()
          .refine((type) => (SOCIAL_PLATFORM_TYPES as number[]).includes(type), 'validation:socialPlatformInvalid'),
      })
      .strict(),
    z.object({
      PostId: z.string(),
      PlatformType: z.number(),
      Text: z.string(),
      PublishTime: z.number(),
      Targets: z.array(
        z.object({
          ProfileId: z.string(),
          Name: z.string(),
          Result: z.string(),
          PlatformPostId: z.string(),
          Points: z.array(z.object({ Time: z.number(), Metrics: metrics })),
        }),
      ),
    }),
  ),
} as const;
