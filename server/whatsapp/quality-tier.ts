import { WA_TIERS, WA_TIER_LIMITS, type WaQuality, type WaTier } from '../../src/gateway/contract/whatsapp';

// Quality rating and messaging-limit tiers (spec 001 §9; docs/decisions.md "WhatsApp numbers"). Pure:
// the webhook recomputes a number after each block, report or opened conversation, and sending will ask
// `remainingConversations` before opening one.
// - Quality uses the last 7 days, (now − 7 days, now]: negative signals (blocks and reports) over the
//   business-initiated conversations opened in the same window. No conversations and no signals: unknown.
//   Below 2 %: green; below 5 %: yellow; else red. A signal exactly 7 days old no longer counts.
// - The tier limits business-initiated conversations per rolling 24 hours, (now − 24 h, now]: one opened
//   exactly 24 hours ago no longer counts.
// - Upgrade: one tier up when the quality is not red and the number opened at least half its limit in the
//   last 7 days (the Cloud API's published rule); never down (a downgrade comes from the platform).

export const DAY_MS = 24 * 60 * 60 * 1000;
export const QUALITY_WINDOW_MS = 7 * DAY_MS;
export const TIER_WINDOW_MS = DAY_MS;
export const YELLOW_RATE = 0.02;
export const RED_RATE = 0.05;

export interface NumberSignals {
  /** when a customer blocked the number */
  blocks: readonly number[];
  /** when a customer reported the number */
  reports: readonly number[];
  /** when the number opened a business-initiated conversation */
  conversations: readonly number[];
}

/** How many of these times fall in (now − windowMs, now]. */
export function countInWindow(times: readonly number[], nowMs: number, windowMs: number): number {
  let n = 0;
  for (const t of times) if (t > nowMs - windowMs && t <= nowMs) n += 1;
  return n;
}

export function qualityRating(signals: NumberSignals, nowMs: number): WaQuality {
  const negative =
    countInWindow(signals.blocks, nowMs, QUALITY_WINDOW_MS) + countInWindow(signals.reports, nowMs, QUALITY_WINDOW_MS);
  const opened = countInWindow(signals.conversations, nowMs, QUALITY_WINDOW_MS);
  if (opened === 0 && negative === 0) return 'unknown';
  const rate = negative / Math.max(opened, 1);
  if (rate < YELLOW_RATE) return 'green';
  if (rate < RED_RATE) return 'yellow';
  return 'red';
}

/** Business-initiated conversations the number may still open now (Infinity on the unlimited tier). */
export function remainingConversations(tier: WaTier, conversations: readonly number[], nowMs: number): number {
  const limit = WA_TIER_LIMITS[tier];
  if (!Number.isFinite(limit)) return limit;
  return Math.max(0, limit - countInWindow(conversations, nowMs, TIER_WINDOW_MS));
}

/** The tier after an upgrade check: one step up, or the same tier. */
export function upgradedTier(
  tier: WaTier,
  quality: WaQuality,
  conversations: readonly number[],
  nowMs: number,
): WaTier {
  const index = WA_TIERS.indexOf(tier);
  if (index === WA_TIERS.length - 1 || quality === 'red') return tier;
  const used = countInWindow(conversations, nowMs, QUALITY_WINDOW_MS);
  return used >= WA_TIER_LIMITS[tier] / 2 ? WA_TIERS[index + 1] : tier;
}
