import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { smsExports, channelTasks, smsTemplates } from '../db/schema';
import { SMS_EXPORT_STATUS, SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/sms-constants';
import { QUEUE, type QueueName } from '../queue';
import type { ChannelRuntime } from '../channels/runtime';
import { allChannels } from '../channels/registry';
import { enqueueGroups, handleCarrierReports, sendGroup, startTask, unfinishedWork } from '../channels/delivery';
import { parseTask } from '../channels/parse';
import { expireLateReports } from '../channels/late-reports';
import { reviewTask } from '../channels/review';
import { reviewTemplate } from '../sms/review';
import { exportRecords } from '../sms/export';
import { attemptCallback, dueCallbackIds } from '../channels/callbacks';
import type { KernelTaskEvent } from '../channels/channel';

type Handler<T> = (data: T) => Promise<void>;

/** Each job of a batch on its own; the batch fails (and pg-boss retries it) if any job failed. */
async function work<T>(
  runtime: ChannelRuntime,
  queue: QueueName,
  batchSize: number,
  handler: Handler<T>,
): Promise<void> {
  await runtime.deps.jobs.work<T>(
    queue,
    { batchSize, pollingIntervalSeconds: runtime.deps.smsSettings.pollingIntervalSeconds },
    async (jobs) => {
      const failures: unknown[] = [];
      for (const job of jobs) {
        try {
          await handler(job);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length) throw failures[0];
    },
  );
}

/**
 * Tasks from whose status an event is allowed, each channel by its own lifecycle (the sweep's WHERE
 * clauses): the same code means different things on different channels (SMS 3 Complete, voice 3 Submitting).
 */
const inStatusesAllowing = (event: KernelTaskEvent) =>
  or(
    ...allChannels().map((channel) =>
      and(
        eq(channelTasks.channel, channel.id),
        inArray(channelTasks.status, channel.lifecycles.task.statusesAllowing(event)),
      ),
    ),
  );

export async function registerChannelWorkers(runtime: ChannelRuntime): Promise<void> {
  await work<{ taskId: number }>(runtime, QUEUE.taskParse, 2, (d) => parseTask(runtime, d.taskId));
  await work<{ taskId: number }>(runtime, QUEUE.taskReview, 5, (d) => reviewTask(runtime, d.taskId));
  await work<{ taskId: number }>(runtime, QUEUE.taskStart, 5, (d) => startTask(runtime, d.taskId));
  await work<{ taskId: number; groupNo: number }>(runtime, QUEUE.sendGroup, 4, (d) =>
    sendGroup(runtime, d.taskId, d.groupNo),
  );
  await work<{ keys: string[]; attempt?: number }>(runtime, QUEUE.carrierReports, 8, (d) =>
    handleCarrierReports(runtime, d.keys, d.attempt),
  );
  await work<{ id: number; revision: number }>(runtime, QUEUE.templateReview, 5, (d) =>
    reviewTemplate(runtime.deps, d.id, d.revision),
  );
  await work<{ id: number }>(runtime, QUEUE.exportRecords, 1, (d) => exportRecords(runtime.deps, d.id));
  await work<{ id: number }>(runtime, QUEUE.callback, 10, async (d) => {
    const outcome = await attemptCallback(runtime.deps, d.id, runtime.deps.smsSettings.allowPrivateCallbacks);
    if (outcome.retryAt)
      await runtime.deps.jobs.send(QUEUE.callback, d, {
        startAfterMs: Math.max(0, outcome.retryAt.getTime() - runtime.deps.clock.nowMs()),
      });
  });
}

/**
 * Re-queues work whose job may be lost (an enqueue that failed after its commit, a killed worker):
 * waiting tasks that are due, processing tasks with unsent groups or unreported messages, templates
 * and exports still waiting, callbacks that are due. Every job is idempotent, so a duplicate is harmless.
 * Then reports overdue by `lateReportMs` are recorded as Unknown (channels/late-reports.ts).
 * `recover` (worker start) takes everything; the periodic sweep only what is clearly overdue.
 */
export async function sweepChannels(runtime: ChannelRuntime, options: { recover: boolean }): Promise<void> {
  const { db } = runtime.deps.database;
  const now = runtime.deps.clock.now();
  const grace = options.recover ? 0 : 60_000;
  const overdue = new Date(now.getTime() - grace);
  const byStatus = (event: KernelTaskEvent, since: Date) =>
    db
      .select({ id: channelTasks.id })
      .from(channelTasks)
      .where(and(inStatusesAllowing(event), lte(channelTasks.createdAt, since)));
  for (const task of await byStatus('parse.done', overdue))
    await runtime.deps.jobs.send(QUEUE.taskParse, { taskId: task.id });
  for (const task of await byStatus('review.flag', overdue))
    await runtime.deps.jobs.send(QUEUE.taskReview, { taskId: task.id });
  for (const task of await byStatus('review.start', overdue))
    await runtime.deps.jobs.send(QUEUE.taskReview, { taskId: task.id });
  const due = await db
    .select({ id: channelTasks.id })
    .from(channelTasks)
    .where(and(inStatusesAllowing('send.start'), lte(channelTasks.sendAt, overdue)));
  for (const task of due) await runtime.deps.jobs.send(QUEUE.taskStart, { taskId: task.id });
  const processing = await db
    .select()
    .from(channelTasks)
    .where(
      and(
        inStatusesAllowing('send.fail'),
        options.recover
          ? sql`true`
          : lte(
              sql`${channelTasks.startedAt} + (${channelTasks.groupCount} * ${runtime.deps.smsSettings.groupIntervalMs} + 120000) * interval '1 millisecond'`,
              now,
            ),
      ),
    );
  for (const task of processing) {
    const { groups, unreported } = await unfinishedWork(db, task);
    if (groups.length) await enqueueGroups(runtime, task, groups);
    for (let i = 0; i < unreported.length; i += 1000)
      await runtime.deps.jobs.send(QUEUE.carrierReports, { keys: unreported.slice(i, i + 1000) });
  }
  const templates = await db
    .select({ id: smsTemplates.id, revision: smsTemplates.revision })
    .from(smsTemplates)
    .where(
      and(
        inArray(smsTemplates.status, [SMS_TEMPLATE_STATUS.PendingReview, SMS_TEMPLATE_STATUS.InReview]),
        lte(smsTemplates.updatedAt, new Date(now.getTime() - runtime.deps.smsSettings.reviewDelayMs - grace)),
      ),
    );
  for (const t of templates) await runtime.deps.jobs.send(QUEUE.templateReview, t);
  const exports = await db
    .select({ id: smsExports.id })
    .from(smsExports)
    .where(
      and(
        inArray(smsExports.status, [SMS_EXPORT_STATUS.Submitted, SMS_EXPORT_STATUS.Processing]),
        lte(smsExports.createdAt, overdue),
      ),
    );
  for (const e of exports) await runtime.deps.jobs.send(QUEUE.exportRecords, e);
  for (const id of await dueCallbackIds(runtime.deps)) await runtime.deps.jobs.send(QUEUE.callback, { id });
  await expireLateReports(runtime);
}
