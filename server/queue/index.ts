// The job queue as a dependency of the server (ServerDeps.jobs), like the clock and the messenger.
// Producers (handlers through the domain, the domain itself) send; workers (server/jobs, ROLE=worker or
// the default single process) work. pg-boss in every process; an in-memory double in tests.

export const QUEUE = {
  taskParse: 'channel-task-parse',
  taskReview: 'channel-task-review',
  taskStart: 'sms-task-start',
  sendGroup: 'sms-send-group',
  carrierReports: 'sms-carrier-reports',
  templateReview: 'sms-template-review',
  exportRecords: 'sms-export',
  callback: 'sms-callback',
  mail: 'mail',
  voiceTranscode: 'voice-audio-transcode',
  voiceTemplateReview: 'voice-template-review',
  contactImport: 'audience-import',
  emailDomainCheck: 'email-domain-check',
  emailTemplateReview: 'email-template-review',
  emailAlerts: 'email-alerts',
  shortLinkStats: 'short-link-stats',
  telegramSend: 'telegram-post-send',
  adOpeningReview: 'ad-opening-review',
  adRechargeArrive: 'ad-recharge-arrive',
  adOperationAnswer: 'ad-operation-answer',
  adSpendSweep: 'ad-spend-sweep',
  fbAdReview: 'fb-ad-review',
  journeyStep: 'workflow-journey-step',
  socialPublish: 'social-post-publish',
  socialStatsPull: 'social-stats-pull',
  waTemplateReview: 'whatsapp-template-review',
  aigcGenerate: 'aigc-image-generate',
  waAgentStep: 'whatsapp-agent-step',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export interface SendOptions {
  /** Not before this many milliseconds from now. */
  startAfterMs?: number;
  /** Not before this time (bulk inserts pace groups with it). */
  startAfter?: Date;
  /** Attempts after the first (default 20); each waits longer (back-off from `retryDelaySeconds`, default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface WorkOptions {
  batchSize: number;
  pollingIntervalSeconds: number;
}

/** Gets the data of a batch of jobs; a throw fails the batch and the queue retries it with back-off. */
export type WorkHandler<T> = (batch: T[]) => Promise<void>;

export interface JobQueue {
  readonly kind: 'pg-boss' | 'memory';
  /** Enqueues one job. Call it after the transaction that made the work committed. */
  send(queue: QueueName, data: object, options?: SendOptions): Promise<void>;
  /** Enqueues many jobs of one queue at once. */
  sendMany(queue: QueueName, jobs: { data: object; options?: SendOptions }[]): Promise<void>;
  /** Works a queue in this process (only processes that work queues call it). */
  work<T>(queue: QueueName, options: WorkOptions, handler: WorkHandler<T>): Promise<void>;
  /**
   * Stops taking jobs; `graceful` (the default) waits for the jobs in flight to finish, at most
   * `timeoutMs` (10 s by default).
   */
  stop(options?: StopOptions): Promise<void>;
}

export interface StopOptions {
  graceful?: boolean;
  timeoutMs?: number;
}

export const DEFAULT_RETRY_LIMIT = 20;
export const DEFAULT_RETRY_DELAY_SECONDS = 2;

/**
 * Sends a job for work whose row is already committed. A failed send is logged, not thrown: the
 * request's work stands and the workers' sweep re-queues overdue work, so it delays, never loses.
 */
export async function enqueueAfterCommit(
  deps: { jobs: JobQueue },
  queue: QueueName,
  data: object,
  options?: SendOptions,
): Promise<void> {
  try {
    await deps.jobs.send(queue, data, options);
  } catch (error) {
    console.error(`[jobs] enqueue ${queue} failed`, error);
  }
}
