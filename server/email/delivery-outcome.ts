import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { MINUTE_MS } from '../clock';
import type { EmailDeliveryResult, MailSendResult } from '../providers/mail/types';
import { suppressEmail } from './suppression';

// What the channel kernel does with one SMTP hand-over (docs/decisions.md, "E-mail delivery"):
// deliver, invalid (hard bounce: the address is suppressed for the account) and submit_fail are final;
// a soft bounce or a connection that could not be made is tried again with back-off, and ends as
// soft_bounce / submit_fail when the attempts run out; unknown (lost after the hand-over) is final, as
// a retry could deliver twice.

export const EMAIL_RETRY = {
  /** Attempts in all, the first included. */
  attempts: 5,
  firstDelayMs: MINUTE_MS,
  /** Each wait is this many times the one before: 1, 4, 16, 64 minutes (about 85 minutes in all). */
  factor: 4,
} as const;

export type EmailRetryPolicy = { attempts: number; firstDelayMs: number; factor: number };

export type EmailSendDecision =
  { kind: 'final'; result: EmailDeliveryResult; suppress: boolean } | { kind: 'retry'; afterMs: number };

/** `attempt` is 1 for the first try. */
export function decideEmailSend(
  send: MailSendResult,
  attempt: number,
  policy: EmailRetryPolicy = EMAIL_RETRY,
): EmailSendDecision {
  if (send.retryable && attempt < policy.attempts)
    return { kind: 'retry', afterMs: policy.firstDelayMs * policy.factor ** (attempt - 1) };
  return { kind: 'final', result: send.result, suppress: send.result === 'invalid' };
}

export interface SettleInput {
  userId: number;
  address: string;
  send: MailSendResult;
  attempt: number;
}

/** decideEmailSend, and the suppression a hard bounce calls for. */
export async function settleEmailSend(
  db: Db,
  clock: Clock,
  input: SettleInput,
  policy: EmailRetryPolicy = EMAIL_RETRY,
): Promise<EmailSendDecision> {
  const decision = decideEmailSend(input.send, input.attempt, policy);
  if (decision.kind === 'final' && decision.suppress)
    await suppressEmail(db, { userId: input.userId, address: input.address, reason: 'hard_bounce', at: clock.now() });
  return decision;
}
