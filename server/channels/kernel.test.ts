import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { SMS_TASK_STATUS } from '../../src/gateway/contract/sms-constants';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { channelTaskInputs, channelTasks, ledger, wallets } from '../db/schema';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../handlers/sms/sms-test-helpers';
import type { ChannelDescription } from './channel';
import { storeTask, type TaskSpec } from './create-task';
import { registerChannel } from './registry';
import { decideManualReview } from './review';
import { smsChannel } from './sms';
import { testMailChannel } from './testing/test-channel';
import type { TaskRow } from './task-store';

// The kernel's tests, written once and run for every channel of the table: SMS, and a test-only
// channel that exists as a description alone (server/channels/testing/test-channel.ts).

interface ChannelCase {
  channel: ChannelDescription;
  /** Two delivered, one failed after acceptance, one refused at submission. */
  delivered: string[];
  failed: string;
  refused: string;
}

const table: ChannelCase[] = [
  { channel: smsChannel, delivered: ['14155550100', '14155550101'], failed: '14155550107', refused: '14155550109' },
  {
    channel: testMailChannel(),
    delivered: ['ann@example.com', 'bo@example.com'],
    failed: 'fail@example.com',
    refused: 'refuse@example.com',
  },
];

let server: SmsTestServer;
let userId: number;
const PRICE = 100;
const BALANCE = 1_000_000;

beforeAll(async () => {
  for (const { channel } of table) if (channel.id !== smsChannel.id) registerChannel(channel);
  server = await createSmsTestServer();
  userId = (await createAccount(server, { smsBalance: BALANCE })).id;
  for (const { channel } of table)
    if (channel.productId !== smsChannel.productId)
      await server.deps.database.db.insert(wallets).values({ userId, productType: channel.productId, amount: BALANCE });
}, 60_000);
afterAll(() => server?.close());

async function createTask(channel: ChannelDescription, addresses: string[], content: string, params?: string[]) {
  const spec: TaskSpec = {
    name: `Kernel ${channel.id}`,
    templateId: 'UT1',
    templateName: 'Kernel',
    content,
    variableCount: params ? 1 : 0,
    countryCode: 'US',
    phonePrefix: '1',
    senderId: '',
    tags: [],
    projectId: 'default',
    sendType: 'immediate',
    sendAt: server.deps.clock.now(),
    timeZone: 'UTC',
    trial: false,
    price: PRICE,
    recipients: addresses.map((address) => ({
      address,
      params: params ?? null,
      segments: channel.parts(channel.render(content, params ?? []), 'US'),
    })),
    invalidCount: 0,
    duplicateCount: 0,
  };
  const { db } = server.deps.database;
  const task = await db.transaction((tx) => storeTask(tx, channel, userId, spec, { groupSize: 2, now: spec.sendAt }));
  expect(task.status).toBe(SMS_TASK_STATUS.Parsing);
  await enqueueAfterCommit(server.deps, QUEUE.taskParse, { taskId: task.id });
  return task;
}

const taskRow = async (id: number) =>
  (await server.deps.database.db.select().from(channelTasks).where(eq(channelTasks.id, id)))[0];
const settled = (id: number, statuses: number[]) =>
  waitFor(
    () => taskRow(id),
    (row: TaskRow) => statuses.includes(row.status),
  );

describe.each(table)('channel kernel: $channel.id', ({ channel, delivered, failed, refused }) => {
  it('parses, reviews, delivers in groups, records results, counts and debits the channel wallet', async () => {
    const task = await createTask(channel, [...delivered, failed, refused], 'Your order has shipped today');
    const done = await settled(task.id, [SMS_TASK_STATUS.Complete, SMS_TASK_STATUS.Failed]);
    expect(done).toMatchObject({
      channel: channel.id,
      status: SMS_TASK_STATUS.Complete,
      parsedCount: 4,
      totalCount: 4,
      submitCount: 3,
      submitFailCount: 1,
      successCount: 2,
      failCount: 1,
    });
    const { db } = server.deps.database;
    expect(await db.select().from(channelTaskInputs).where(eq(channelTaskInputs.taskId, task.id))).toEqual([]);
    const moves = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), like(ledger.uniqueKey, `${channel.id}:${task.taskId}:%`)));
    const parts = channel.parts('Your order has shipped today', 'US');
    // Two groups debited in full, the refused recipient's parts refunded.
    expect(moves.reduce((sum, m) => sum + m.amount, 0)).toBe(-3 * parts * PRICE);
    expect(new Set(moves.map((m) => m.productId ?? channel.productId))).toEqual(new Set([channel.productId]));
  });

  it('sends flagged content to manual review, where a person approves it', async () => {
    const task = await createTask(channel, delivered, 'You are a winner of our spring draw');
    const flagged = await settled(task.id, [SMS_TASK_STATUS.PendingManualReview]);
    expect(flagged.reason).toBe('manualWord:winner');
    // The decision is staff's alone: an account's own token is refused.
    const asOwner = await server.call('SupportReviewTask', { TaskId: task.taskId, Decision: 'approve' });
    expect(asOwner.RetCode).toBe(RetCode.Forbidden);
    const approved = await decideManualReview(server.deps, task.taskId, { pass: true, reason: '', staffUserId: 1 });
    expect(approved.status).toBe(SMS_TASK_STATUS.Waiting);
    expect((await settled(task.id, [SMS_TASK_STATUS.Complete])).successCount).toBe(2);
    await expect(
      decideManualReview(server.deps, task.taskId, { pass: false, reason: 'late', staffUserId: 1 }),
    ).rejects.toMatchObject({ retCode: 234001 });
  });

  it('rejects a task whose variable values carry a blocked word, with the reason, and sends nothing', async () => {
    const task = await createTask(channel, delivered, 'Hello {{1}}, your order has shipped', ['casino']);
    const rejected = await settled(task.id, [SMS_TASK_STATUS.Rejected]);
    expect(rejected).toMatchObject({ reason: 'blockedWord:casino', submitCount: 0, cost: 0 });
  });
});
