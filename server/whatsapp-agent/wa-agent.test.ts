import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { freshTenant, uploadPicture } from '../handlers/uploads/test-helpers';
import { issueTokens } from '../auth/sessions';
import { ledger, wallets } from '../db/schema';
import { MAIN_WALLET } from '../money/ledger';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { dateToZonedTime } from '../../src/gateway/contract/zoned-time';
import { WA_AGENT_PRICE_PER_RECIPIENT as PRICE } from '../../src/gateway/contract/wa-agent';
import type { CreateWaAgentTaskInput } from '../../src/gateway/contract/actions/wa-agent';
import { runWaAgentStep } from './sandbox-agent';
import { waAgentDepsOf } from '.';
import { QUEUE } from '../queue';
import type { MemoryJobQueue } from '../queue/memory';

// Agent campaigns on the server: the 24-hour rule in the chosen zone, recipients (limit, invalid and
// repeated numbers), the charge (idempotent), the sandbox agent's stages and refunds, cancel, tenants.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
const BALANCE = 100_000_000;
const ahead = (ms: number, zone = 'Asia/Shanghai') => dateToZonedTime(new Date(server.clock.nowMs() + ms), zone);

const campaign = (patch: Partial<CreateWaAgentTaskInput> = {}): CreateWaAgentTaskInput => ({
  Name: 'Spring sale',
  CountryCode: 'US',
  TimeZone: 'Asia/Shanghai',
  ExpectedSendTime: ahead(25 * HOUR),
  Content: 'Our spring sale starts tomorrow.',
  Recipients: '2025550101\n2025550102, 2025550110\n+1 202 555 0102\nnot-a-number',
  ...patch,
});

/** Tokens run out as the clock jumps a day ahead: every call signs the tenant in afresh. */
async function tenant(balance = BALANCE) {
  const account = await freshTenant(server);
  const userId = account.id;
  await server.deps.database.db.insert(wallets).values({ userId, productType: MAIN_WALLET, amount: balance });
  const fresh = async () =>
    typedApi(server, { token: (await issueTokens(server.deps.database.db, server.clock, userId)).AccessToken });
  const api: ReturnType<typeof typedApi>['api'] = async (action, input) => (await fresh()).api(action, input);
  const reply: ReturnType<typeof typedApi>['reply'] = async (action, input) => (await fresh()).reply(action, input);
  const token = async () => (await issueTokens(server.deps.database.db, server.clock, userId)).AccessToken;
  return { api, reply, userId, token };
}

const balanceOf = async (userId: number) => {
  const [wallet] = await server.deps.database.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, MAIN_WALLET)));
  return wallet.amount + wallet.amountFree;
};
const step = async (taskId: string, userId: number) => {
  const [row] = await server.deps.database.db.query.waAgentTasks.findMany({
    where: (t, { and, eq }) => and(eq(t.taskId, taskId), eq(t.userId, userId)),
  });
  await runWaAgentStep(waAgentDepsOf(server.deps), { taskId: row.id });
};

describe('WhatsApp agent campaigns', () => {
  it('creates a campaign: counts valid, invalid and repeated numbers, charges them once', async () => {
    const { api, userId } = await tenant();
    const key = `agent-${crypto.randomUUID()}`;
    const created = await api('CreateWaAgentTask', campaign({ IdempotencyKey: key }));
    expect(created).toMatchObject({ Status: 1, TotalCount: 3, Charged: 3 * PRICE });
    const again = await api('CreateWaAgentTask', campaign({ IdempotencyKey: key }));
    expect(again.TaskId).toBe(created.TaskId);
    expect(await balanceOf(userId)).toBe(BALANCE - 3 * PRICE);
    const task = await api('GetWaAgentTask', { TaskId: created.TaskId });
    expect(task).toMatchObject({
      InvalidCount: 1,
      DuplicateCount: 1,
      Group: 'submitted',
      Labels: ['submitted', 'charged'],
    });
    const moves = await server.deps.database.db.select().from(ledger).where(eq(ledger.userId, userId));
    expect(moves.map((m) => [m.amount, m.productId])).toEqual([[-3 * PRICE, 6009]]);
  });

  it('refuses 23 hours ahead in the chosen zone at the field, and stores nothing', async () => {
    const { reply, api, userId } = await tenant();
    const refused = await reply(
      'CreateWaAgentTask',
      campaign({ ExpectedSendTime: ahead(23 * HOUR, 'America/New_York'), TimeZone: 'America/New_York' }),
    );
    expect(refused.RetCode).toBe(RetCode.WaAgentSendTimeTooSoon);
    expect(refused.Data).toEqual({ Fields: [{ Field: 'ExpectedSendTime', Key: 'validation:waAgentTooSoon' }] });
    // The same wall time read in a zone 13 hours further west is far enough ahead.
    const shanghai23 = ahead(23 * HOUR, 'Asia/Shanghai');
    expect((await reply('CreateWaAgentTask', campaign({ ExpectedSendTime: shanghai23 }))).RetCode).toBe(
      RetCode.WaAgentSendTimeTooSoon,
    );
    expect(
      (await reply('CreateWaAgentTask', campaign({ ExpectedSendTime: shanghai23, TimeZone: 'America/New_York' })))
        .RetCode,
    ).toBe(0);
    expect((await api('ListWaAgentTask', {})).Total).toBe(1);
    expect(await balanceOf(userId)).toBe(BALANCE - 3 * PRICE);
  });

  it('refuses bad input with named fields or documented codes', async () => {
    const { reply } = await tenant();
    expect((await reply('CreateWaAgentTask', campaign({ TimeZone: 'Mars/Base' }))).Data).toEqual({
      Fields: [{ Field: 'TimeZone', Key: 'validation:invalid' }],
    });
    expect((await reply('CreateWaAgentTask', campaign({ CountryCode: '' }))).RetCode).toBe(RetCode.ValidationError);
    expect((await reply('CreateWaAgentTask', campaign({ Recipients: 'abc\n12' }))).RetCode).toBe(
      RetCode.WaAgentNoRecipients,
    );
    expect((await reply('CreateWaAgentTask', { ...campaign(), Extra: 1 } as never)).RetCode).toBe(
      RetCode.ValidationError,
    );
    const tooMany = Array.from({ length: 600_001 }, (_, i) => String(2_000_000_000 + i)).join('\n');
    expect((await reply('CreateWaAgentTask', campaign({ Recipients: tooMany }))).RetCode).toBe(
      RetCode.WaAgentTooManyRecipients,
    );
    const poor = await tenant(PRICE);
    expect((await poor.reply('CreateWaAgentTask', campaign())).RetCode).toBe(RetCode.InsufficientBalance);
    expect((await poor.api('ListWaAgentTask', {})).Total).toBe(0);
  });

  it('the sandbox agent analyses, sends at the expected time and refunds recipients that failed', async () => {
    const { api, userId } = await tenant();
    const { TaskId } = await api('CreateWaAgentTask', campaign());
    // The agent's first step is a job queued after the commit, that queues itself for its due time.
    const jobs = (server.deps.jobs as MemoryJobQueue).sent.filter((job) => job.queue === QUEUE.waAgentStep);
    expect(jobs.length).toBeGreaterThan(0);
    const status = async () => (await api('GetWaAgentTask', { TaskId })).Status;
    await step(TaskId, userId);
    expect(await status()).toBe(1);
    const wait = (server.deps.jobs as MemoryJobQueue).sent.at(-1)?.options.startAfterMs ?? 0;
    expect(wait > 55_000 && wait <= 60_000).toBe(true);
    server.deps.clock.advance(61_000);
    await step(TaskId, userId);
    expect(await status()).toBe(2);
    server.deps.clock.advance(5 * 60_000);
    await step(TaskId, userId);
    expect(await status()).toBe(3);
    server.deps.clock.advance(25 * HOUR);
    await step(TaskId, userId);
    expect(await status()).toBe(4);
    server.deps.clock.advance(60_000);
    await step(TaskId, userId);
    await step(TaskId, userId);
    const done = await api('GetWaAgentTask', { TaskId });
    // 2025550110 ends in 0: the sandbox fails it and its price comes back, once.
    expect(done).toMatchObject({ Status: 5, SentCount: 2, FailedCount: 1, Refunded: PRICE, Group: 'completed' });
    expect(done.Labels).toEqual(['completed', 'charged', 'refunded']);
    expect([done.AnalyzingTime, done.AnalyzedTime, done.SendingTime, done.FinishTime].every((t) => t !== null)).toBe(
      true,
    );
    expect(await balanceOf(userId)).toBe(BALANCE - 2 * PRICE);
    expect((await api('ListWaAgentTask', { Group: 'completed' })).Total).toBe(1);
  });

  it('the agent refuses a campaign named "reject" (Cancel 7, rejected) and fails one named "fail", refunding all', async () => {
    const { api, userId } = await tenant();
    const rejected = await api('CreateWaAgentTask', campaign({ Name: 'Please reject me' }));
    const failed = await api('CreateWaAgentTask', campaign({ Name: 'Will fail' }));
    server.deps.clock.advance(26 * HOUR);
    await step(rejected.TaskId, userId);
    await step(failed.TaskId, userId);
    const r = await api('GetWaAgentTask', { TaskId: rejected.TaskId });
    const f = await api('GetWaAgentTask', { TaskId: failed.TaskId });
    expect([r.Status, r.Group, r.Labels, r.Refunded]).toEqual([7, 'rejected', ['rejected', 'refunded'], 3 * PRICE]);
    expect([f.Status, f.Group, f.Labels, f.Refunded]).toEqual([6, 'failed', ['refunded'], 3 * PRICE]);
    expect(await balanceOf(userId)).toBe(BALANCE);
  });

  it('cancels before sending with the whole charge back, never once sending started', async () => {
    const { api, reply, userId } = await tenant();
    const first = await api('CreateWaAgentTask', campaign());
    const cancelled = await api('CancelWaAgentTask', { TaskId: first.TaskId });
    expect(cancelled).toEqual({ Status: 7, Refunded: 3 * PRICE });
    expect((await api('GetWaAgentTask', { TaskId: first.TaskId })).Labels).toEqual(['cancelled', 'refunded']);
    expect((await reply('CancelWaAgentTask', { TaskId: first.TaskId })).RetCode).toBe(RetCode.WaAgentNotCancellable);
    const second = await api('CreateWaAgentTask', campaign());
    server.deps.clock.advance(26 * HOUR);
    await step(second.TaskId, userId);
    expect((await api('GetWaAgentTask', { TaskId: second.TaskId })).Status).toBe(4);
    expect((await reply('CancelWaAgentTask', { TaskId: second.TaskId })).RetCode).toBe(RetCode.WaAgentNotCancellable);
    expect(await balanceOf(userId)).toBe(BALANCE - 3 * PRICE);
  });

  it('takes an image of its own account only', async () => {
    const owner = await tenant();
    const other = await tenant();
    const fileId = await uploadPicture(server, await owner.token());
    const created = await owner.api('CreateWaAgentTask', campaign({ MediaFileId: fileId }));
    expect((await owner.api('GetWaAgentTask', { TaskId: created.TaskId })).MediaFileId).toBe(fileId);
    const refused = await other.reply('CreateWaAgentTask', campaign({ MediaFileId: fileId }));
    expect(refused.Data).toEqual({ Fields: [{ Field: 'MediaFileId', Key: 'validation:invalid' }] });
  });

  it('keeps tenants apart', async () => {
    const owner = await tenant();
    const other = await tenant();
    const { TaskId } = await owner.api('CreateWaAgentTask', campaign());
    expect((await other.api('ListWaAgentTask', {})).Total).toBe(0);
    expect((await other.reply('GetWaAgentTask', { TaskId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('CancelWaAgentTask', { TaskId })).RetCode).toBe(RetCode.NotFound);
    expect((await owner.api('GetWaAgentTask', { TaskId })).Status).toBe(1);
  });

  it('stores 600,000 recipients from one request', async () => {
    const { api, userId } = await tenant(4 * BALANCE);
    const numbers = Array.from({ length: 600_000 }, (_, i) => String(2_010_000_000 + i)).join('\n');
    const created = await api('CreateWaAgentTask', campaign({ Recipients: numbers }));
    expect([created.TotalCount, created.Charged]).toEqual([600_000, 600_000 * PRICE]);
    expect(await balanceOf(userId)).toBe(4 * BALANCE - 600_000 * PRICE);
  }, 120_000);
});
