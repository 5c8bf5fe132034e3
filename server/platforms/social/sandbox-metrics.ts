import { createHash } from 'node:crypto';
import { postMetricsOf, type PostMetrics } from '../../../src/gateway/contract/social/statistics';
import type { NativeInsightsDay } from './metric-shapes';

// The sandbox platforms' statistics (docs/decisions.md "Post statistics and social sign-in"). Every figure
// follows from an id and a time, so a test can compute what a page must show:
// - A post: seed = SHA-256("<platform>:<platform post id>"). Its age a is the minutes since the platform
//   took it (the outbox row's time), capped at 30 days. Impressions = floor(k × (a + 1)^0.8) with
//   k = 3 + seed[0] mod 7; every other metric is a fixed share of Impressions from the seed's next bytes
//   (reach 55-84 %, likes 2-6.9 %, comments 0.5-1.4 %, shares 0.3-1.2 %, clicks 1-3.9 %, saved 0.2-1.1 %,
//   quotes 0.1-0.5 %, bookmarks 0.2-0.6 %, dislikes 0.1-0.3 %; views 70-99 % on YouTube and TikTok).
//   So the figures only grow with the post's age, and the same post always reads the same at the same age.
//   Reactions/Engagement/Engagements are likes + comments + shares; EngagementRate = that / impressions in
//   percent with two decimals (0 before the first impression).
// - A profile's day d (YYYY-MM-DD): seed = SHA-256("<platform>:<account id>"), day seed =
//   SHA-256("<platform>:<account id>:<d>"). New followers that day = 2 + day seed[0] mod 19; followers at
//   the end of d = 500 + seed[0] × 4 + the new followers of every day since 2026-01-01 up to d
//   (days before it count none); impressions = 200 + day seed[1..2] mod 1800; reach = 60-89 % of
//   them; engagements = 3-7.9 % of them.

const MAX_AGE_MINUTES = 30 * 24 * 60;
const seedOf = (text: string) => createHash('sha256').update(text).digest();
const share = (byte: number, from: number, span: number) => (from + (byte % (span * 10)) / 10) / 100;

export function sandboxPostMetrics(platform: number, postId: string, ageMinutes: number): PostMetrics {
  const s = seedOf(`${platform}:${postId}`);
  const a = Math.min(MAX_AGE_MINUTES, Math.max(0, ageMinutes));
  const impressions = Math.floor((3 + (s[0] % 7)) * Math.pow(a + 1, 0.8));
  const of = (fraction: number) => Math.floor(impressions * fraction);
  const likes = of(share(s[2], 2, 5));
  const comments = of(share(s[3], 0.5, 1));
  const shares = of(share(s[4], 0.3, 1));
  const engaged = likes + comments + shares;
  const all: Required<PostMetrics> = {
    Impressions: impressions,
    ImpressionCount: impressions,
    Reach: of(share(s[1], 55, 30)),
    Clicks: of(share(s[5], 1, 3)),
    Likes: likes,
    LikeCount: likes,
    Comments: comments,
    CommentCount: comments,
    ReplyCount: comments,
    Shares: shares,
    ShareCount: shares,
    RetweetCount: shares,
    Saved: of(share(s[6], 0.2, 1)),
    QuoteCount: of(share(s[7], 0.1, 0.5)),
    BookmarkCount: of(share(s[8], 0.2, 0.5)),
    DislikeCount: of(share(s[9], 0.1, 0.3)),
    ViewCount: of(share(s[10], 70, 30)),
    Reactions: engaged,
    Engagement: engaged,
    Engagements: engaged,
    EngagementRate: impressions ? Math.round((engaged / impressions) * 10_000) / 100 : 0,
  };
  const out: PostMetrics = {};
  for (const name of postMetricsOf(platform)) out[name] = all[name];
  return out;
}

const EPOCH_DAY = Date.UTC(2026, 0, 1) / 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

const newFollowers = (platform: number, accountId: string, day: number) =>
  day < EPOCH_DAY ? 0 : 2 + (seedOf(`${platform}:${accountId}:${dayText(day)}`)[0] % 19);

/** The profile's insights for each day from since to until (inclusive, at most 93 days). */
export function sandboxInsights(
  platform: number,
  accountId: string,
  since: string,
  until: string,
): NativeInsightsDay[] {
  const first = dayNumber(since);
  const last = Math.min(dayNumber(until), first + 92);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return [];
  let followers = 500 + seedOf(`${platform}:${accountId}`)[0] * 4;
  for (let d = EPOCH_DAY; d < first; d++) followers += newFollowers(platform, accountId, d);
  const days: NativeInsightsDay[] = [];
  for (let d = first; d <= last; d++) {
    const fresh = newFollowers(platform, accountId, d);
    followers += fresh;
    const s = seedOf(`${platform}:${accountId}:${dayText(d)}`);
    const impressions = 200 + (s.readUInt16BE(1) % 1800);
    days.push({
      date: dayText(d),
      followers,
      new_followers: fresh,
      impressions,
      reach: Math.floor(impressions * share(s[3], 60, 30)),
      engagements: Math.floor(impressions * share(s[4], 3, 5)),
    });
  }
  return days;
}
