import type { ServerDeps } from '../context';
import type { CarrierAdapter, DeliveryReport } from '../providers/carrier';
import type { LifecyclePosition } from '../../src/machines/lifecycles/kit';

// A sending channel is data (issue 11, docs/decisions.md "Channel kernel"): the kernel in this folder
// stores its tasks and recipients, parses, reviews, delivers in paced groups, records results, keeps
// the counts and debits its wallet, asking only this description for what differs between channels.

export type RecipientKind = 'phone' | 'email' | 'chatId';

/** The kernel's events on a task lifecycle: every channel's task machine answers them. */
export type KernelTaskEvent =
  | 'parse.done'
  | 'parse.fail'
  | 'review.start'
  | 'review.pass'
  | 'review.flag'
  | 'review.reject'
  | 'task.cancel'
  | 'send.start'
  | 'send.allSubmitted'
  | 'send.complete'
  | 'send.fail'
  | 'task.delete';

/** The kernel's events on a message (one recipient) lifecycle. */
export type KernelMessageEvent =
  | 'send.claim'
  | 'carrier.accept'
  | 'carrier.refuse'
  | 'send.abort'
  | 'report.success'
  | 'report.fail'
  | 'report.unknown';

export interface TaskLifecycle {
  can(status: number, event: KernelTaskEvent, sub?: number): boolean;
  next(status: number, event: KernelTaskEvent, sub?: number): LifecyclePosition<number> | null;
  statusesAllowing(event: KernelTaskEvent): number[];
}

export interface MessageLifecycle {
  statusesAllowing(event: KernelMessageEvent): number[];
}

/** Stored message state codes the kernel writes (the message lifecycle's states). */
export interface MessageStateCodes {
  sending: number;
  submitted: number;
  success: number;
  fail: number;
  unknown: number;
  submitFail: number;
  /** A failed report's state by its error code, where a channel has several failed results (e-mail); else `fail`. */
  failByCode?: Record<string, number>;
}

/** A content reviewer's answer: pass, flag for a person (pending manual review) or reject, with a reason key. */
export type ContentVerdict = { verdict: 'pass' } | { verdict: 'flag' | 'reject'; reason: string };

/** A provider: submits with task:recipient keys and answers the reports of the keys it accepted. */
export interface ChannelProvider extends CarrierAdapter {
  reports(keys: string[]): Promise<DeliveryReport[]>;
}

export interface ChannelDescription {
  /** Stored in channel_tasks.channel and prefixed to ledger keys (`sms:<task>:g<n>`). */
  id: string;
  /** Spec 000 §3 product id, also the sub-wallet that pays: SMS 9, MMS 6018, voice 6003 … */
  productId: number;
  /** The wallet that pays (ledger productType): the sub-wallet of the same id, or 0 (main) where spec 001 has none (MMS). */
  wallet: number;
  /** Shown in ledger descriptions ("SMS TK… group 1"). */
  label: string;
  recipientKind: RecipientKind;
  lifecycles: {
    task: TaskLifecycle;
    message: MessageLifecycle;
    messageCodes: MessageStateCodes;
    /** The result shown in records and callbacks for each stored message state code. */
    messageResults: Record<number, string>;
  };
  /** The message one recipient gets. */
  render(content: string, params: string[]): string;
  /** Content rules: the parts (billing units) of one rendered message for a country (or none). */
  parts(body: string, countryCode: string): number;
  /** The sandbox content reviewer of a task: its content and its recipients' variable values. */
  reviewTask(content: string, values: string[]): ContentVerdict;
  /**
   * The earliest instant at or after `at` when a task's messages may go (voice: its call period in its
   * time zone). Absent: at once. Starting and each group wait for it as a delayed job.
   */
  sendableAt?(task: { content: string; timeZone: string }, at: Date): Date;
  /**
   * The channel pays per message itself (WhatsApp: per conversation, in its provider): the kernel debits
   * no group and records no cost. Absent: the kernel debits each group at the task's price.
   */
  paysItself?: boolean;
  /**
   * How long a group of `size` messages must wait for room now (WhatsApp: its number's messaging-limit
   * tier in the rolling 24 hours); 0 or absent: it goes. A waiting group's job comes back when room frees.
   */
  roomWaitMs?(deps: ServerDeps, task: { senderId: string; userId: number }, size: number, now: Date): Promise<number>;
  /** After delivery reports of an account's task were recorded (e-mail: its alert rules are evaluated). */
  afterReports?(deps: ServerDeps, userId: number): Promise<void>;
  /** The channel's provider for a working process. */
  provider(deps: ServerDeps, scheduleReports: (keys: string[]) => Promise<void>): ChannelProvider;
}
