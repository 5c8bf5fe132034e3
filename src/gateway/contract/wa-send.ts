import type { WaNumberStatus } from './whatsapp';

// WhatsApp sending (issue 15 item 4; docs/decisions.md "WhatsApp sending"): the words and the pure rules
// both ends use. No zod here: pages read these too.

/** A conversation's category: a template's category opens a business-initiated one; a customer's message a service one. */
export const WA_CONVERSATION_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type WaConversationCategory = (typeof WA_CONVERSATION_CATEGORIES)[number];

/** Who opened a conversation: Herald's template (Sent) or the customer's message (Received). */
export const WA_DIRECTIONS = ['Sent', 'Received'] as const;
export type WaDirection = (typeof WA_DIRECTIONS)[number];

/** A conversation lasts 24 hours from the message that opened it. */
export const WA_CONVERSATION_MS = 24 * 60 * 60 * 1000;

/**
 * Price per conversation in units (10,000 per USD), by category: Herald's price list (Meta's published
 * rates vary by country; Herald charges one rate everywhere). Service conversations are free.
 */
export const WA_CONVERSATION_PRICES: Record<WaConversationCategory, number> = {
  marketing: 250,
  utility: 40,
  authentication: 135,
  service: 0,
};

/**
 * What one conversation costs: free when it is a service one, or a utility template sent while the
 * customer's service window is open (the customer wrote in the last 24 hours: the platform's free-entry rule).
 */
export function conversationPrice(category: WaConversationCategory, serviceWindowOpen: boolean): number {
  if (category === 'utility' && serviceWindowOpen) return 0;
  return WA_CONVERSATION_PRICES[category];
}

/** The highest price a task's conversations can cost each: the balance a task must have. */
export const worstConversationPrice = (category: WaConversationCategory) => WA_CONVERSATION_PRICES[category];

/** Only a CONNECTED number sends templates; FLAGGED, RESTRICTED, BANNED and every other status cannot. */
export const waNumberCanSend = (status: WaNumberStatus) => status === 'CONNECTED';

/** A task whose pacing would need more than this many days of its number's tier is refused. */
export const WA_MAX_TIER_DAYS = 14;

/** Whether a task of `recipients` fits a tier of `limit` conversations per 24 hours within WA_MAX_TIER_DAYS. */
export const tierCanHold = (limit: number, recipients: number) => recipients <= limit * WA_MAX_TIER_DAYS;

/**
 * Which of the conversations in the window must leave before a group of `size` new ones fits a
 * rolling-24-hour `limit`: 0 when it fits now, else k (the k-th oldest, from 1). A group larger than
 * the limit needs the whole limit free (its messages beyond the limit wait for the next group's turn).
 */
export function tierShortfall(limit: number, inWindow: number, size: number): number {
  if (!Number.isFinite(limit)) return 0;
  const need = Math.min(size, limit);
  const free = limit - inWindow;
  return free >= need ? 0 : need - free;
}

/**
 * How long a group of `size` new conversations must wait for room, given the times (ms) the number opened
 * its conversations: until the k-th oldest inside (now − 24 h, now] leaves it (one opened exactly 24 h ago
 * no longer counts, so it leaves at its time + 24 h).
 */
export function tierWaitMs(limit: number, opened: readonly number[], nowMs: number, size: number): number {
  const inWindow = opened.filter((t) => t > nowMs - WA_CONVERSATION_MS && t <= nowMs).sort((a, b) => a - b);
  const k = tierShortfall(limit, inWindow.length, size);
  return k === 0 ? 0 : inWindow[k - 1] + WA_CONVERSATION_MS - nowMs;
}

/** Spec 001 §4's WhatsApp task statuses, shown over the kernel's stored task statuses. */
export const WA_TASK_STATUSES = ['waiting', 'sending', 'success', 'failed', 'cancelled'] as const;
export type WaTaskStatus = (typeof WA_TASK_STATUSES)[number];

/** The kernel task status (SMS_TASK_STATUS codes) as the WhatsApp word. */
export function waTaskStatusOf(kernelStatus: number): WaTaskStatus {
  switch (kernelStatus) {
    case 2:
      return 'sending';
    case 3:
      return 'success';
    case 4:
    case 6:
      return 'failed';
    case 8:
    case 5:
      return 'cancelled';
    default:
      // pending, parsing, in review, manual review, waiting for its time
      return 'waiting';
  }
}

/** The platform's message statuses as kernel delivery outcomes; `sent` is not final. */
export function outcomeOfWaStatus(status: string): 'success' | 'fail' | null {
  if (status === 'delivered' || status === 'read') return 'success';
  if (status === 'failed') return 'fail';
  return null;
}

/** Fills a template body's {{n}} with the recipient's values (missing ones stay as written). */
export const fillWaBody = (body: string, params: readonly string[]) =>
  body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);

/** A message record's status: a sent template's platform status, or a customer's message received. */
export const WA_RECORD_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type WaRecordStatus = (typeof WA_RECORD_STATUSES)[number];
