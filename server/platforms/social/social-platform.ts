// The social-platform adapter (issue 16 item 1): what Herald asks of Facebook, Instagram, LinkedIn,
// Twitter/X, YouTube, TikTok and Telegram for social profiles and posts. OAuth-shaped like the real
// services: an authorize address the user opens, a code exchanged for a token and the profile, a profile
// read (the connection check) and a publish. One HTTP adapter speaks to a base URL per platform (the
// gateway's own sandbox by default, sandbox-api.ts; rules in sandbox-rules.ts and docs/decisions.md).
// Like MessagingPlatform, it keeps no account state: the token travels with every call.
// Refusals are PlatformError (../platform.ts): unauthorized turns a profile to error.

import type { SocialPlatformType } from '../../../src/gateway/contract/social/platforms';
import type { PostMediaKind } from '../../../src/gateway/contract/social/post-rules';
import type { PostMetrics } from '../../../src/gateway/contract/social/statistics';
import type { DailyChartMetrics } from './metric-shapes';
import type { InboundSocial } from './inbound-shapes';

export interface SocialAccount {
  /** the platform's account id */
  id: string;
  name: string;
  username: string;
  /** the e-mail the account shares with Herald (sign-in), when it shares one */
  email?: string;
}

export interface SocialPublication {
  text: string;
  media: { url: string; kind: PostMediaKind; size: number }[];
  title: string;
  tikTok?: Record<string, unknown>;
  /** Herald's key for this post on this profile: the platform posts a key once. */
  idempotencyKey: string;
}

export interface SocialPlatform {
  readonly platformType: SocialPlatformType;
  /** Where the user grants Herald access; the platform sends them back to redirectUri with code and state. */
  authorizeUrl(params: { redirectUri: string; state: string }): string;
  /** Exchanges the code (once it came back with Herald's state) for a token and the account it opens. */
  exchange(params: { code: string; redirectUri: string }): Promise<{ accessToken: string; account: SocialAccount }>;
  /** Reads the token's account: the connection check. */
  account(accessToken: string): Promise<SocialAccount>;
  /** Posts once per idempotency key; answers the platform's post id. */
  publish(accessToken: string, publication: SocialPublication): Promise<{ postId: string }>;
  /** A published post's metrics now, in spec 001's names (empty for a platform without statistics). */
  postMetrics(accessToken: string, platformPostId: string): Promise<PostMetrics>;
  /** The profile's chart metrics for each day from since to until (YYYY-MM-DD, UTC, inclusive). */
  insights(accessToken: string, since: string, until: string): Promise<DailyChartMetrics[]>;
  /** Comments on the account's posts since a time: X and YouTube, whose comments Herald polls. */
  comments(accessToken: string, accountId: string, since: Date): Promise<InboundSocial[]>;
  /** Answers a comment publicly, once per idempotency key; answers the platform's id of the reply. */
  replyToComment(accessToken: string, reply: SocialReply & { commentId: string }): Promise<{ id: string }>;
  /** Sends a direct message (Messenger, Instagram Direct), once per idempotency key. */
  sendMessage(
    accessToken: string,
    message: SocialReply & { recipientId: string; replyTo: string },
  ): Promise<{ id: string }>;
}

export interface SocialReply {
  text: string;
  idempotencyKey: string;
}
