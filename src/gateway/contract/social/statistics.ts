import { SOCIAL_PLATFORM, type SocialPlatformType } from './platforms';

// Post statistics and profile chart metrics (issue 16 item 4; docs/decisions.md "Post statistics and
// social sign-in"). The per-platform post metrics are spec 001 §3's; LinkedIn and Telegram have none there,
// so Herald reads none from them. EngagementRate is a percentage with two decimals; the rest are counts.

export const POST_METRICS = {
  [SOCIAL_PLATFORM.Facebook]: ['Impressions', 'Clicks', 'Reactions', 'Comments', 'Shares', 'EngagementRate'],
  [SOCIAL_PLATFORM.Instagram]: ['Impressions', 'Reach', 'Engagement', 'Likes', 'Comments', 'Shares', 'Saved'],
  [SOCIAL_PLATFORM.Twitter]: [
    'ImpressionCount',
    'LikeCount',
    'QuoteCount',
    'ReplyCount',
    'RetweetCount',
    'BookmarkCount',
  ],
  [SOCIAL_PLATFORM.YouTube]: [
    'Impressions',
    'Reach',
    'Engagements',
    'DislikeCount',
    'ViewCount',
    'LikeCount',
    'CommentCount',
  ],
  [SOCIAL_PLATFORM.TikTok]: ['ViewCount', 'LikeCount', 'ShareCount', 'CommentCount'],
} as const satisfies Partial<Record<SocialPlatformType, readonly string[]>>;

export type PostMetricName = (typeof POST_METRICS)[keyof typeof POST_METRICS][number];
export type PostMetrics = Partial<Record<PostMetricName, number>>;

/** The platforms whose posts have statistics. */
export const platformHasPostMetrics = (type: number): type is keyof typeof POST_METRICS => type in POST_METRICS;

export const postMetricsOf = (type: number): readonly PostMetricName[] =>
  platformHasPostMetrics(type) ? POST_METRICS[type] : [];

/** The profiles' chart metrics (spec 001 §3), one value per profile and day. */
export const CHART_METRICS = ['Follows', 'Impressions', 'Reaches', 'Engagements', 'DailyFollows'] as const;
export type ChartMetricName = (typeof CHART_METRICS)[number];

/** The windows the statistics page offers. */
export const STATISTICS_DAYS = [7, 30] as const;
export type StatisticsDays = (typeof STATISTICS_DAYS)[number];

/** Posts published in the last POST_METRICS_DAYS days are read again on every pull. */
export const POST_METRICS_DAYS = 30;
/** How often the pull runs unless SOCIAL_STATS_PULL_MS says otherwise (e2e makes it short). */
export const SOCIAL_STATS_PULL_MS = 60 * 60 * 1000;
