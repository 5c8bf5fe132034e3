import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { channelTasks } from '../db/schema';
import { rowsOf } from '../db/rows';
import { createSmsTestServer, eq, passedTemplate, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import type { DeliveryReport } from '../providers/carrier';
import { EARLY_REPORT_ATTEMPTS, handleCarrierReports, messageKeyOf } from './delivery';
import type { ChannelRuntime } from './runtime';

// A carrier may report a message before the kernel has recorded its submission (a large group's
// submit transaction is still open). Those keys alone go back on the queue a second later; the job
// itself succeeds, so the reports already recorded are not redone and nothing waits out the back-off.

let server: SmsTestServer;
beforeAll(async () => {
  server = await createSmsTestServer();
}, 60_000);
afterAll(() => server?.close());

const reportJobs = async () =>
  rowsOf<{ data: { keys: string[]; attempt?: number } }>(
    server.deps.database.db,
    sql`SELECT data FROM pgboss.job WHERE name = 'sms-carrier-reports' ORDER BY created_on`,
  );

describe('early carrier reports', () => {
  it('go back on the queue alone, a second later, with a count of attempts', async () => {
    const templateId = await passedTemplate(server);
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + ' 09:30';
    const added = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Early',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100', '4155550101'],
      SendType: 'scheduled',
      ScheduledTime: at,
      TimeZone: 'UTC',
    });
    expect(added.RetCode).toBe(0);
    const { db } = server.deps.database;
    const task = await waitFor(
      async () => (await db.select().from(channelTasks).where(eq(channelTasks.taskId, added.Data.TaskId)))[0],
      (row) => row.status === SMS_TASK_STATUS.Waiting,
    );
    // Both messages are still waiting to be sent: any report for them is early.
    const keys = [messageKeyOf(task.id, 0), messageKeyOf(task.id, 1)];
    const carrier = {
      submit: async () => [],
      reports: async (asked: string[]): Promise<DeliveryReport[]> =>
        asked.map((key) => ({ key, outcome: 'success', errorCode: 'DELIVRD' })),
    };
    const runtime = { deps: server.deps, providerOf: () => carrier } as unknown as ChannelRuntime;
    const before = (await reportJobs()).length;

    await expect(handleCarrierReports(runtime, keys)).resolves.toBeUndefined();
    const requeued = (await reportJobs()).slice(before);
    expect(requeued.map((job) => job.data)).toEqual([{ keys, attempt: 1 }]);

    // The last attempt leaves them to the late-report sweep instead of queueing forever.
    await handleCarrierReports(runtime, keys, EARLY_REPORT_ATTEMPTS);
    expect((await reportJobs()).length).toBe(before + 1);
    const [counts] = await db.select().from(channelTasks).where(eq(channelTasks.id, task.id));
    expect(counts.successCount).toBe(0);
  });
});
