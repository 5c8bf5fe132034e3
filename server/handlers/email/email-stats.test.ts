import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/harness';
import { channelRecipients, channelTasks, emailTrackEvents, smsExports } from '../../db/schema';
import { EMAIL_TASK_STATUS } from '../../../src/gateway/contract/statuses';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { EMAIL_MESSAGE_STATE_CODE as CODE } from '../../../src/machines/lifecycles/email-message.machine';
import { exportRecords } from '../../sms/export';
import { createAccount } from '../sms/sms-test-helpers';

// E-mail statistics, trace statistics over a range, records with opens and clicks, and exports
// (server/handlers/email/stats.ts): one account's e-mail only, never another's, never SMS's.

let server: TestServer;
let user: { id: number; token: string };
let other: { id: number; token: string };
let now: number;
const run = `${process.pid}-${Date.now() % 100000}`;

/** An e-mail task sent now: one recipient per given state, each 10 units. */
async function insertTask(owner: number, states: number[], sentAt = new Date()) {
  const content = {
    subject: 'Autumn news',
    previewText: '',
    html: '',
    text: '',
    emailType: 3,
    variables: [],
    links: [],
  };
  const [task] = await server.deps.database.db
    .insert(channelTasks)
    .values({
      taskId: `TKstats${process.pid}${Math.floor(Math.random() * 1e9)}`,
      channel: 'email',
      sessionNo: '1',
      userId: owner,
      name: `stats-${run}`,
      templateId: 'ET1',
      templateName: 'stats',
      content: JSON.stringify(content),
      variableCount: 0,
      countryCode: '',
      phonePrefix: '',
      sendType: 'immediate',
      sendAt: sentAt,
      timeZone: 'UTC',
      status: EMAIL_TASK_STATUS.Completed,
      totalCount: states.length,
      successCount: states.filter((s) => s === CODE.deliver).length,
      segments: 1,
      totalSegments: states.length,
      price: 10,
      estimatedCost: 10 * states.length,
      groupSize: 100,
      groupCount: 1,
      createdAt: sentAt,
    })
    .returning();
  await server.deps.database.db.insert(channelRecipients).values(
    states.map((state, seq) => ({
      taskId: task.id,
      seq,
      address: `r${seq}-${run}@inbox.example.org`,
      segments: 1,
      state,
      cost: state === CODE.submitFail ? 0 : 10,
      errorCode: state === CODE.invalid ? 'invalid' : state === CODE.softBounce ? 'soft_bounce' : '',
      submitAt: sentAt,
      reportAt: sentAt,
    })),
  );
  return task;
}

async function track(
  task: { id: number; userId: number },
  seq: number,
  kind: 'open' | 'click' | 'unsubscribe',
  count: number,
) {
  const at = new Date();
  await server.deps.database.db
    .insert(emailTrackEvents)
    .values({ taskId: task.id, seq, kind, userId: task.userId, count, firstAt: at, lastAt: at });
}

const call = <D>(action: string, input: Record<string, unknown>, token: string) =>
  server.api(action, input, { token }) as Promise<{ status: number; RetCode: number; Data: D; Message: string }>;

const range = () => ({ BeginTime: now - 86_400, EndTime: now + 3600 });

interface Totals {
  Submit: number;
  Success: number;
  Fail: number;
  Invalid: number;
  SoftBounce: number;
  Unknown: number;
  SubmitFail: number;
  Cost: number;
  SuccessRate: number;
}

let taskId = '';

beforeAll(async () => {
  server = await createTestServer();
  user = await createAccount(server);
  other = await createAccount(server);
  now = Math.floor(server.deps.clock.nowMs() / 1000);
  const { deliver, invalid, softBounce, unknown, submitFail } = CODE;
  const task = await insertTask(user.id, [
    deliver,
    deliver,
    deliver,
    deliver,
    invalid,
    softBounce,
    unknown,
    submitFail,
  ]);
  taskId = task.taskId;
  await track(task, 0, 'open', 3);
  await track(task, 1, 'open', 1);
  await track(task, 0, 'click', 2);
  await track(task, 2, 'unsubscribe', 1);
  // another account's mail and an older one of this account (in the comparison window only)
  const theirs = await insertTask(other.id, [deliver, deliver]);
  await track(theirs, 0, 'open', 5);
  await insertTask(user.id, [deliver], new Date((now - 7 * 86_400) * 1000));
}, 400_000);

afterAll(async () => server?.close());

describe('GetEmailSendStatistics', () => {
  it("counts the account's mails by e-mail result, with the comparison window", async () => {
    const reply = await call<{ Totals: Totals; Points: Totals[]; Compare: { Totals: Totals } | null }>(
      'GetEmailSendStatistics',
      { ...range(), CompareDays: 7 },
      user.token,
    );
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.Totals).toMatchObject({
      Submit: 8,
      Success: 4,
      Fail: 2,
      Invalid: 1,
      SoftBounce: 1,
      Unknown: 1,
      SubmitFail: 1,
      Cost: 70,
      SuccessRate: 50,
    });
    expect(reply.Data.Points.reduce((sum, p) => sum + p.Submit, 0)).toBe(8);
    expect(reply.Data.Compare?.Totals).toMatchObject({ Submit: 1, Success: 1, Invalid: 0 });
  });

  it("answers nothing of another account's, and e-mail is not SMS", async () => {
    const theirs = await call<{ Totals: Totals }>('GetEmailSendStatistics', range(), other.token);
    expect(theirs.Data.Totals).toMatchObject({ Submit: 2, Success: 2 });
    const sms = await call<{ Totals: Totals }>('GetUSMSSendStatistics', range(), user.token);
    expect(sms.Data.Totals.Submit).toBe(0);
  });

  it('refuses an unknown field, an unknown time zone and a reversed range', async () => {
    const extra = await call('GetEmailSendStatistics', { ...range(), CountryCode: 'US' }, user.token);
    expect(extra.status).toBeLessThan(500);
    expect(extra.RetCode).not.toBe(0);
    const zone = await call('GetEmailSendStatistics', { ...range(), TimeZone: 'Mars/Olympus' }, user.token);
    expect(zone.RetCode).toBe(RetCode.TimeZoneUnknown);
    const reversed = await call('GetEmailSendStatistics', { BeginTime: now, EndTime: now - 10 }, user.token);
    expect(reversed.RetCode).not.toBe(0);
    expect(reversed.status).toBeLessThan(500);
  });
});

describe('GetEmailTraceStatistics', () => {
  it('counts opens, clicks and unsubscribes of the mails sent in the range', async () => {
    const reply = await call<{ Totals: Record<string, number>; Compare: { Totals: Record<string, number> } | null }>(
      'GetEmailTraceStatistics',
      { ...range(), CompareDays: 7 },
      user.token,
    );
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.Totals).toEqual({
      Delivered: 4,
      Opens: 4,
      UniqueOpens: 2,
      Clicks: 2,
      UniqueClicks: 1,
      Unsubscribes: 1,
      ReadingConversion: 50,
    });
    expect(reply.Data.Compare?.Totals).toMatchObject({ Delivered: 1, Opens: 0 });
    const oneTask = await call<{ Totals: { Opens: number } }>(
      'GetEmailTraceStatistics',
      { ...range(), TaskId: taskId },
      user.token,
    );
    expect(oneTask.Data.Totals.Opens).toBe(4);
  });

  it("never counts another account's opens", async () => {
    const theirs = await call<{ Totals: { Opens: number; Delivered: number } }>(
      'GetEmailTraceStatistics',
      range(),
      other.token,
    );
    expect(theirs.Data.Totals).toMatchObject({ Delivered: 2, Opens: 5 });
    const mineAsTheirs = await call<{ Totals: { Opens: number } }>(
      'GetEmailTraceStatistics',
      { ...range(), TaskId: taskId },
      other.token,
    );
    expect(mineAsTheirs.Data.Totals.Opens).toBe(0);
  });
});

describe('records and exports', () => {
  it('shows opens and clicks per record', async () => {
    const reply = await call<{ Total: number; Records: { Email: string; Opens: number; Clicks: number }[] }>(
      'GetEmailSendRecord',
      { ...range(), TaskId: taskId, Page: 1, NumPerPage: 20 },
      user.token,
    );
    expect(reply.Data.Total).toBe(8);
    expect(reply.Data.Records.find((r) => r.Email.startsWith('r0-'))).toMatchObject({ Opens: 3, Clicks: 2 });
    expect(reply.Data.Records.find((r) => r.Email.startsWith('r3-'))).toMatchObject({ Opens: 0, Clicks: 0 });
  });

  it("exports the account's records as an e-mail CSV, listed and served to it alone", async () => {
    const started = await call<{ ExportId: string }>(
      'AddEmailExportSendRecordTask',
      { ...range(), Result: ['deliver'] },
      user.token,
    );
    expect(started.RetCode).toBe(0);
    const [row] = await server.deps.database.db
      .select({ id: smsExports.id, channel: smsExports.channel })
      .from(smsExports)
      .where(eq(smsExports.exportId, started.Data.ExportId));
    expect(row.channel).toBe('email');
    await exportRecords(server.deps, row.id);

    const listed = await call<{ Exports: { ExportId: string; Status: number; RowCount: number }[] }>(
      'GetEmailExportSendRecord',
      { Page: 1, NumPerPage: 10 },
      user.token,
    );
    expect(listed.Data.Exports[0]).toMatchObject({ ExportId: started.Data.ExportId, Status: 3, RowCount: 4 });
    const file = await server.raw(
      JSON.stringify({ Action: 'GetEmailExportSendRecordFile', ExportId: started.Data.ExportId }),
      { authorization: `Bearer ${user.token}` },
    );
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="email-records-/);
    const csv = await file.text();
    expect(csv).toContain('Address,Subject,Result,Opens,Clicks');
    expect(csv).toMatch(new RegExp(`,r0-${run}@inbox\\.example\\.org,Autumn news,Delivered,3,2,`));
    expect(csv).not.toContain('Bounced');

    // not another account's, not another channel's
    const theirList = await call<{ Total: number }>(
      'GetEmailExportSendRecord',
      { Page: 1, NumPerPage: 10 },
      other.token,
    );
    expect(theirList.Data.Total).toBe(0);
    const theirFile = await call('GetEmailExportSendRecordFile', { ExportId: started.Data.ExportId }, other.token);
    expect(theirFile.RetCode).toBe(RetCode.NotFound);
    const asMms = await call('GetUMMSExportSendRecordFile', { ExportId: started.Data.ExportId }, user.token);
    expect(asMms.RetCode).toBe(RetCode.NotFound);
    const smsList = await call<{ Total: number }>('GetUSMSExportSendRecord', { Page: 1, NumPerPage: 10 }, user.token);
    expect(smsList.Data.Total).toBe(0);
  });

  it('refuses a phone filter and a result of another channel', async () => {
    for (const input of [{ Phone: '14155550100' }, { Result: ['Success'] }]) {
      const reply = await call('AddEmailExportSendRecordTask', { ...range(), ...input }, user.token);
      expect(reply.status).toBeLessThan(500);
      expect(reply.RetCode).not.toBe(0);
    }
  });
});
