import { SOCIAL_PLATFORM } from '../../../src/gateway/contract/social/platforms';
import type { ChartMetricName, PostMetricName, PostMetrics } from '../../../src/gateway/contract/social/statistics';

// How each platform answers a post's metrics (GET <base>/<type>/posts/<id>/metrics), in the shape of its
// real API, and how the adapter reads them back into spec 001's names:
// - Facebook and Instagram (Graph insights): {data: [{name: "post_impressions", values: [{value: 12}]}]}
// - Twitter/X (v2 tweet): {data: {id, public_metrics: {impression_count: 12, …}}}
// - YouTube (videos.list + analytics): {items: [{id, statistics: {viewCount: "12", …}, analytics: {…}}]}
//   (statistics are strings, as YouTube answers them)
// - TikTok (video/query): {data: {videos: [{id, view_count: 12, …}]}}
// A profile's daily chart metrics (GET <base>/<type>/insights?since=YYYY-MM-DD&until=YYYY-MM-DD) share one
// shape on every platform: {data: [{date, followers, new_followers, impressions, reach, engagements}]}.

type NativeNames = Partial<Record<PostMetricName, string>>;

const GRAPH_FACEBOOK: NativeNames = {
  Impressions: 'post_impressions',
  Clicks: 'post_clicks',
  Reactions: 'post_reactions_by_type_total',
  Comments: 'post_comments',
  Shares: 'post_shares',
  EngagementRate: 'post_engagement_rate',
};
const GRAPH_INSTAGRAM: NativeNames = {
  Impressions: 'impressions',
  Reach: 'reach',
  Engagement: 'total_interactions',
  Likes: 'likes',
  Comments: 'comments',
  Shares: 'shares',
  Saved: 'saved',
};
const TWITTER: NativeNames = {
  ImpressionCount: 'impression_count',
  LikeCount: 'like_count',
  QuoteCount: 'quote_count',
  ReplyCount: 'reply_count',
  RetweetCount: 'retweet_count',
  BookmarkCount: 'bookmark_count',
};
const YOUTUBE_STATISTICS: NativeNames = {
  ViewCount: 'viewCount',
  LikeCount: 'likeCount',
  DislikeCount: 'dislikeCount',
  CommentCount: 'commentCount',
};
const YOUTUBE_ANALYTICS: NativeNames = { Impressions: 'impressions', Reach: 'reach', Engagements: 'engagements' };
const TIKTOK: NativeNames = {
  ViewCount: 'view_count',
  LikeCount: 'like_count',
  ShareCount: 'share_count',
  CommentCount: 'comment_count',
};

function pick(metrics: PostMetrics, names: NativeNames, asString = false): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [ours, theirs] of Object.entries(names) as [PostMetricName, string][])
    if (metrics[ours] !== undefined) out[theirs] = asString ? String(metrics[ours]) : metrics[ours]!;
  return out;
}

function read(source: unknown, names: NativeNames, into: PostMetrics): void {
  if (typeof source !== 'object' || source === null) return;
  const record = source as Record<string, unknown>;
  for (const [ours, theirs] of Object.entries(names) as [PostMetricName, string][]) {
    const value = Number(record[theirs]);
    if (record[theirs] !== undefined && Number.isFinite(value)) into[ours] = value;
  }
}

const graphData = (metrics: PostMetrics, names: NativeNames) => ({
  data: Object.entries(pick(metrics, names)).map(([name, value]) => ({
    name,
    period: 'lifetime',
    values: [{ value }],
  })),
});

function readGraph(body: unknown, names: NativeNames): PostMetrics {
  const flat: Record<string, unknown> = {};
  const data = (body as { data?: { name?: string; values?: { value?: unknown }[] }[] }).data;
  for (const item of Array.isArray(data) ? data : []) if (item.name) flat[item.name] = item.values?.[0]?.value;
  const out: PostMetrics = {};
  read(flat, names, out);
  return out;
}

/** The platform's answer for a post's metrics (what the sandbox sends). */
export function nativePostMetrics(platform: number, postId: string, metrics: PostMetrics): unknown {
  switch (platform) {
    case SOCIAL_PLATFORM.Facebook:
      return graphData(metrics, GRAPH_FACEBOOK);
    case SOCIAL_PLATFORM.Instagram:
      return graphData(metrics, GRAPH_INSTAGRAM);
    case SOCIAL_PLATFORM.Twitter:
      return { data: { id: postId, public_metrics: pick(metrics, TWITTER) } };
    case SOCIAL_PLATFORM.YouTube:
      return {
        items: [
          {
            id: postId,
            statistics: pick(metrics, YOUTUBE_STATISTICS, true),
            analytics: pick(metrics, YOUTUBE_ANALYTICS),
          },
        ],
      };
    case SOCIAL_PLATFORM.TikTok:
      return { data: { videos: [{ id: postId, ...pick(metrics, TIKTOK) }] } };
    default:
      return { data: [] };
  }
}

/** Reads a platform's answer back into spec 001's names (what the adapter does). */
export function readPostMetrics(platform: number, body: unknown): PostMetrics {
  const out: PostMetrics = {};
  const b = (body ?? {}) as Record<string, unknown>;
  switch (platform) {
    case SOCIAL_PLATFORM.Facebook:
      return readGraph(body, GRAPH_FACEBOOK);
    case SOCIAL_PLATFORM.Instagram:
      return readGraph(body, GRAPH_INSTAGRAM);
    case SOCIAL_PLATFORM.Twitter:
      read((b.data as { public_metrics?: unknown } | undefined)?.public_metrics, TWITTER, out);
      return out;
    case SOCIAL_PLATFORM.YouTube: {
      const item = (b.items as { statistics?: unknown; analytics?: unknown }[] | undefined)?.[0];
      read(item?.statistics, YOUTUBE_STATISTICS, out);
      read(item?.analytics, YOUTUBE_ANALYTICS, out);
      return out;
    }
    case SOCIAL_PLATFORM.TikTok:
      read((b.data as { videos?: unknown[] } | undefined)?.videos?.[0], TIKTOK, out);
      return out;
    default:
      return out;
  }
}

export type DailyChartMetrics = Record<ChartMetricName, number> & { Day: string };

export interface NativeInsightsDay {
  date: string;
  followers: number;
  new_followers: number;
  impressions: number;
  reach: number;
  engagements: number;
}

export function readInsights(body: unknown): DailyChartMetrics[] {
  const data = (body as { data?: NativeInsightsDay[] } | null)?.data;
  if (!Array.isArray(data)) return [];
  const n = (value: unknown) => (Number.isFinite(Number(value)) ? Math.max(0, Math.floor(Number(value))) : 0);
  return data
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(String(day.date)))
    .map((day) => ({
      Day: day.date,
      Follows: n(day.followers),
      DailyFollows: n(day.new_followers),
      Impressions: n(day.impressions),
      Reaches: n(day.reach),
      Engagements: n(day.engagements),
    }));
}
