import { zonedTimeToDate } from './zoned-time';

// WhatsApp agent campaigns: the words and rules both ends use (issue 15 item 5; spec 001 §4 agent task
// statuses, §5 sending and import files; docs/decisions.md "WhatsApp agent campaigns"). No zod here:
// the create form reads these live.

export { WA_AGENT_STATUS, type WaAgentStatus } from './statuses';
import type { WaAgentStatus } from './statuses';

/** Spec 001 §4 display groups: submitted (1-4), completed (5), failed (6), rejected (7). */
export const WA_AGENT_GROUPS = ['submitted', 'completed', 'failed', 'rejected'] as const;
export type WaAgentGroup = (typeof WA_AGENT_GROUPS)[number];

export const WA_AGENT_GROUP_STATUSES: Record<WaAgentGroup, readonly WaAgentStatus[]> = {
  submitted: [1, 2, 3, 4],
  completed: [5],
  failed: [6],
  rejected: [7],
};

export function waAgentGroupOf(status: number): WaAgentGroup {
  return WA_AGENT_GROUPS.find((group) => WA_AGENT_GROUP_STATUSES[group].includes(status as WaAgentStatus)) ?? 'failed';
}

/** Spec 001 §4 campaign labels. */
export const WA_AGENT_LABELS = ['submitted', 'completed', 'rejected', 'charged', 'refunded', 'cancelled'] as const;
export type WaAgentLabel = (typeof WA_AGENT_LABELS)[number];

/** Who ended a campaign in Cancel 7: the agent refusing it (label rejected) or the customer (cancelled). */
export type WaAgentCancelledBy = 'agent' | 'customer' | null;

/**
 * A campaign's labels, derived: its stage (submitted, completed; in Cancel 7 rejected when the agent
 * refused it, cancelled when the customer did; a failed one has no stage label, its group says it) and
 * its money (charged while any charge is kept, refunded once anything came back).
 */
export function waAgentLabels(task: {
  status: number;
  cancelledBy: WaAgentCancelledBy;
  charged: number;
  refunded: number;
}): WaAgentLabel[] {
  const labels: WaAgentLabel[] = [];
  const group = waAgentGroupOf(task.status);
  if (group === 'submitted') labels.push('submitted');
  if (group === 'completed') labels.push('completed');
  if (group === 'rejected') labels.push(task.cancelledBy === 'customer' ? 'cancelled' : 'rejected');
  if (task.charged > task.refunded) labels.push('charged');
  if (task.refunded > 0) labels.push('refunded');
  return labels;
}

/** Spec 001 §5: recommended maximum 600,000 rows for agent campaigns; Herald refuses more. */
export const WA_AGENT_MAX_RECIPIENTS = 600_000;
/** Spec 001 §5: expected send time at least 24 hours ahead in the chosen time zone. */
export const WA_AGENT_MIN_LEAD_MS = 24 * 60 * 60 * 1000;
/** Herald's price: 0.05 per recipient, in units (10,000 per currency unit; docs/decisions.md). */
export const WA_AGENT_PRICE_PER_RECIPIENT = 500;
/** Spec 001 §2: the WhatsApp product the ledger files agent charges under. */
export const WA_AGENT_PRODUCT_ID = 6009;
export const WA_AGENT_NAME_MAX = 64;
export const WA_AGENT_CONTENT_MAX = 4096;

export const waAgentCost = (recipients: number) => recipients * WA_AGENT_PRICE_PER_RECIPIENT;

export type SendTimeProblem = 'invalid' | 'tooSoon';

/**
 * The 24-hour rule: `local` ("YYYY-MM-DD HH:mm") read on the wall clock of `zone` must be at least
 * 24 hours after `now`. A local time that does not exist (a DST gap) reads as the zone's next valid
 * instant, as zonedTimeToDate does; the rule compares instants, so a DST change never shortens it.
 */
export function checkExpectedSendTime(local: string, zone: string, now: Date): SendTimeProblem | null {
  const at = expectedSendInstant(local, zone);
  if (!at) return 'invalid';
  return at.getTime() - now.getTime() >= WA_AGENT_MIN_LEAD_MS ? null : 'tooSoon';
}

/** The expected send time as an instant (null when unreadable or the zone is unknown). */
export function expectedSendInstant(local: string, zone: string): Date | null {
  try {
    return zonedTimeToDate(local, zone);
  } catch {
    return null;
  }
}
