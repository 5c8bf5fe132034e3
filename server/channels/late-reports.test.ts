import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTasks } from '../db/schema';
import { HOUR_MS } from '../clock';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/statuses';
import { sweepChannels } from '../jobs/channel-workers';
import { createSmsTestServer, passedTemplate, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import type { ChannelRuntime } from './runtime';

// Late reports (docs/decisions.md "Late delivery reports"): the carrier here reports after 100 h, so
// within the test a task's messages stay submitted; the clock is moved past 72 h and the sweep runs.

let server: SmsTestServer;
let runtime: ChannelRuntime;
beforeAll(async () => {
  server = await createSmsTestServer({ carrierLatencyMs: 100 * HOUR_MS, lateReportMs: 72 * HOUR_MS });
  runtime = { deps: server.deps, providerOf: (channel) => channel.provider(server.deps, async () => {}) };
}, 300_000);
afterAll(async () => {
  server.deps.clock.reset();
  await server?.close();
});

const taskRow = async (taskId: string) =>
  (await server.deps.database.db.select().from(channelTasks).where(eq(channelTasks.taskId, taskId)))[0];

describe('late delivery reports', () => {
  it('records reports not in after 72 h as Unknown and completes the task, once however often it runs', async () => {
    const TemplateId = await passedTemplate(server);
    const sent = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Late reports',
      TemplateId,
      CountryCode: 'US',
      Phones: ['4155550150', '4155550151'],
    });
    expect(sent.RetCode).toBe(0);
    const submitted = await waitFor(
      () => taskRow(sent.Data.TaskId),
      // every message submitted and the task moved on: the jobs that submit have ended
      (t) => t?.submitCount === 2 && t.status === SMS_TASK_STATUS.Processing,
    );
    expect(submitted).toMatchObject({ status: SMS_TASK_STATUS.Processing, successCount: 0, unknownCount: 0 });
    // The job workers stop here. A sweep of an overdue task queues a poll of its reports, and the sandbox
    // carrier answers a poll at once (a carrier 100 h late would not): a poll run between the sweeps below
    // would report the messages delivered before the 72 h mark is reached.
    await server.jobs.stop({ graceful: true, timeoutMs: 50_000 });

    // 71 h on: not late yet, nothing moves.
    server.deps.clock.advance(71 * HOUR_MS);
    await sweepChannels(runtime, { recover: false });
    expect(await taskRow(sent.Data.TaskId)).toMatchObject({ status: SMS_TASK_STATUS.Processing, unknownCount: 0 });

    // 73 h on: both reports are late, recorded as Unknown; the task completes by its lifecycle.
    server.deps.clock.advance(2 * HOUR_MS);
    await sweepChannels(runtime, { recover: false });
    const done = await taskRow(sent.Data.TaskId);
    expect(done).toMatchObject({ status: SMS_TASK_STATUS.Complete, unknownCount: 2, successCount: 0, failCount: 0 });
    expect(done.finishedAt).not.toBeNull();

    // A second sweep (and a report that comes after all) change nothing.
    await sweepChannels(runtime, { recover: false });
    expect(await taskRow(sent.Data.TaskId)).toMatchObject({ status: SMS_TASK_STATUS.Complete, unknownCount: 2 });
    server.deps.clock.reset();
    const now = Math.floor(Date.now() / 1000);
    const records = await server.call<{ Records: { Result: string }[] }>('GetUSMSSendRecord', {
      BeginTime: now - 3600,
      EndTime: now + 3600,
      TaskId: sent.Data.TaskId,
    });
    expect(records.Data.Records.map((r) => r.Result)).toEqual(['Unknown', 'Unknown']);
  });
});
