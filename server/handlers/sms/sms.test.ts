import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc, test as fcTest } from '@fast-check/vitest';
import { and, eq } from 'drizzle-orm';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SMS_TASK_STATUS } from '../../../src/gateway/contract/sms-constants';
import { smsActions } from '../../../src/gateway/contract/actions/sms';
import { ledger, wallets } from '../../db/schema';
import { lastMessageTo } from '../../testing/harness';
import { createAccount, createSmsTestServer, passedTemplate, waitFor, type SmsTestServer } from './sms-test-helpers';
import { csvCell } from '../../lib/csv';
import { normalizePhone } from '../../sms/countries';
import { zonedTimeToDate } from '../../sms/time-zones';

let server: SmsTestServer;
let templateId: string;
beforeAll(async () => {
  server = await createSmsTestServer();
  templateId = await passedTemplate(server);
}, 120_000);
afterAll(() => server.close());

type Task = {
  TaskId: string;
  Status: number;
  ResultState: number;
  TotalCount: number;
  SubmitCount: number;
  SubmitFailCount: number;
  SuccessCount: number;
  FailCount: number;
  UnknownCount: number;
  SuccessRate: number;
  Cost: number;
};
const statsOf = (taskId: string, token = server.token) =>
  server.call<{ Task: Task; ErrorCodes: { ErrorCode: string; Count: number }[] }>(
    'DescribeUSMSSendTaskStatistics',
    { TaskId: taskId },
    token,
  );
const untilComplete = (taskId: string) =>
  waitFor(
    () => statsOf(taskId),
    (r) => r.Data.Task?.Status === 3 || r.Data.Task?.Status === 4,
  );

describe('templates', () => {
  it('passes review, or rejects it with a reason that can be fixed and resubmitted', async () => {
    const bad = await server.call<{ TemplateId: string }>('CreateUSMSTemplate', {
      TemplateName: 'Promo',
      Purpose: 3,
      Language: 'en',
      Content: 'Big casino night this Friday, come along',
    });
    expect(bad.RetCode).toBe(0);
    const rejected = await waitFor(
      () =>
        server.call<{ Status: number; RejectReason: string }>('GetUSMSTemplate', { TemplateId: bad.Data.TemplateId }),
      (r) => r.Data.Status === 3,
    );
    expect(rejected.Data.RejectReason).toContain('casino');
    const fixed = await server.call('UpdateUSMSTemplate', {
      TemplateId: bad.Data.TemplateId,
      TemplateName: 'Promo',
      Purpose: 3,
      Language: 'en',
      Content: 'Big night this Friday, come along. Reply STOP to opt out',
    });
    expect(fixed).toMatchObject({ RetCode: 0, Data: { Status: 0 } });
    await waitFor(
      () => server.call<{ Status: number }>('GetUSMSTemplate', { TemplateId: bad.Data.TemplateId }),
      (r) => r.Data.Status === 2,
    );
  });

  it.each([
    ['Your code is {{1}}', 'validation:smsVariableAtEnd'],
    ['Hello {{2}} and {{1}} for today then', 'validation:smsVariablesInOrder'],
    ['Hi {{1}} {{2}} {{3}} ok', 'validation:smsWordCount'],
    ['', 'validation:smsContentRequired'],
  ])('refuses content %j', async (content, key) => {
    const reply = await server.call('CreateUSMSTemplate', {
      TemplateName: 'T',
      Purpose: 0,
      Language: 'en',
      Content: content,
    });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(reply.Data)).toContain(key);
  });

  it('refuses bad names, purposes and unknown fields', async () => {
    for (const input of [
      { TemplateName: 'bad name!', Purpose: 0, Language: 'en', Content: 'Hello there friend' },
      { TemplateName: 'ok', Purpose: 9, Language: 'en', Content: 'Hello there friend' },
      { TemplateName: 'ok', Purpose: 0, Language: 'xx', Content: 'Hello there friend' },
      { TemplateName: 'ok', Purpose: 0, Language: 'en', Content: 'Hello there friend', Status: 2 },
    ])
      expect((await server.call('CreateUSMSTemplate', input)).RetCode).toBe(RetCode.ValidationError);
  });

  it('lists, previews and deletes', async () => {
    const list = await server.call<{ Total: number; Templates: { TemplateId: string }[] }>('QueryUSMSTemplate', {
      Status: [2],
      Keyword: 'Shipping',
    });
    expect(list.Data.Templates.map((t) => t.TemplateId)).toContain(templateId);
    const preview = await server.call('PreviewUSMSTemplateInfo', {
      Content: 'Hi {{1}}, your parcel is on its way',
      Params: ['Ann'],
      CountryCode: 'MY',
    });
    expect(preview.Data).toMatchObject({
      Content: 'Hi Ann, your parcel is on its way',
      VariableCount: 1,
      Encoding: 'GSM7',
      Segments: 1,
      Issues: [],
    });
    const issues = await server.call<{ Issues: string[] }>('PreviewUSMSTemplateInfo', { Content: 'Code {{1}}' });
    expect(issues.Data.Issues).toContain('validation:smsVariableAtEnd');
    const doomed = await passedTemplate(server, 'This one will be deleted soon enough');
    expect((await server.call('DeleteUSMSTemplate', { TemplateIds: [doomed] })).RetCode).toBe(0);
    expect((await server.call('GetUSMSTemplate', { TemplateId: doomed })).RetCode).toBe(RetCode.NotFound);
    expect((await server.call('DeleteUSMSTemplate', { TemplateIds: [doomed] })).RetCode).toBe(RetCode.NotFound);
  });
});

describe('reference data', () => {
  it('answers projects, time zones, countries, prices and tags', async () => {
    expect((await server.call('ListProjects')).Data).toMatchObject({ Projects: [{ ProjectId: 'default' }] });
    const zones = await server.call<{ TimeZones: { ZoneKey: string; Offset: string }[] }>('GetTimeZones');
    expect(zones.Data.TimeZones).toContainEqual({ ZoneKey: 'Asia/Shanghai', Area: 'Asia', Offset: '+08:00' });
    const countries = await server.call<{ Countries: { CountryCode: string; Supported: boolean }[] }>(
      'GetCountryCodeList',
    );
    expect(countries.Data.Countries.find((c) => c.CountryCode === 'KP')?.Supported).toBe(false);
    expect((await server.call('GetUSMSPrice', { CountryCode: 'US' })).Data).toMatchObject({
      Prices: [{ CountryCode: 'US', Price: 79 }],
    });
    expect((await server.call('GetUSMSPrice', { CountryCode: 'KP' })).RetCode).toBe(RetCode.CountryNotSupported);
    expect((await server.call('SaveUSMSTag', { TagName: 'vip' })).Data).toMatchObject({ Tags: ['vip'] });
    expect((await server.call('SaveUSMSTag', { TagName: 'VIP' })).RetCode).toBe(RetCode.TagExists);
    expect((await server.call('GetUSMSTagList')).Data).toEqual({ Tags: ['vip'] });
  });

  it('downloads the price list as a CSV file', async () => {
    const response = await server.raw(JSON.stringify({ Action: 'GetUSMSPrice', Download: true }), {
      authorization: `Bearer ${server.token}`,
    });
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="herald-sms-prices.csv"');
    const text = await response.text();
    expect(text).toContain('US,United States');
    expect(text).not.toContain('KP,');
  });
});

describe('sending', () => {
  it('delivers by the sandbox rules, counts live, debits the SMS wallet once, and keeps records', async () => {
    const demoId = (await server.call<{ AdminUserId: number }>('GetUserInfo')).Data.AdminUserId;
    const balance = async () =>
      (
        await server.deps.database.db
          .select()
          .from(wallets)
          .where(and(eq(wallets.userId, demoId), eq(wallets.productType, 9)))
      )[0];
    const before = await balance();
    const phones = [
      '4155550100',
      '4155550101',
      '4155550117',
      '4155550108',
      '4155550109',
      '12',
      '+14155550100',
      '4155550102',
      '001 415 555 0103',
    ];
    const added = await server.call<{
      TaskId: string;
      TotalCount: number;
      InvalidCount: number;
      DuplicateCount: number;
      EstimatedCost: number;
    }>('AddUSMSSendTask', {
      TaskName: 'Launch',
      TemplateId: templateId,
      CountryCode: 'US',
      SenderId: 'Herald',
      Tags: ['vip'],
      Phones: phones,
    });
    expect(added.Data).toMatchObject({ TotalCount: 7, InvalidCount: 1, DuplicateCount: 1, EstimatedCost: 7 * 79 });
    const done = await untilComplete(added.Data.TaskId);
    expect(done.Data.Task).toMatchObject({
      Status: 3,
      ResultState: 4,
      TotalCount: 7,
      SubmitCount: 6,
      SubmitFailCount: 1,
      SuccessCount: 4,
      FailCount: 1,
      UnknownCount: 1,
      Cost: 6 * 79,
    });
    expect(done.Data.Task.SuccessRate).toBeCloseTo((4 / 7) * 100, 1);
    expect(done.Data.ErrorCodes.map((c) => c.ErrorCode).sort()).toEqual(['EC002', 'SF001', 'UNKNOWN']);
    const after = await balance();
    expect(before.amount + before.amountFree - (after.amount + after.amountFree)).toBe(6 * 79);
    const moves = await server.deps.database.db.select().from(ledger).where(eq(ledger.userId, demoId));
    expect(moves.filter((m) => m.uniqueKey.startsWith(`sms:${added.Data.TaskId}:`)).length).toBeGreaterThan(0);

    const records = await server.call<{
      Total: number;
      Records: { Phone: string; Result: string; ErrorCode: string; ErrorDescription: string }[];
    }>('GetUSMSSendRecord', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 3600,
      TaskId: added.Data.TaskId,
      Result: ['Fail'],
    });
    expect(records.Data).toMatchObject({
      Total: 1,
      Records: [{ Phone: '+14155550117', Result: 'Fail', ErrorCode: 'EC002' }],
    });
    expect(records.Data.Records[0].ErrorDescription).toMatch(/Unknown subscriber/);
    const page = await server.call<{ Total: number; Records: unknown[] }>('GetUSMSSendRecord', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 3600,
      TaskId: added.Data.TaskId,
      NumPerPage: 3,
      Page: 2,
    });
    expect(page.Data.Total).toBe(7);
    expect(page.Data.Records).toHaveLength(3);

    const list = await server.call<{ Tasks: { TaskId: string }[] }>('GetUSMSSendTask', { Status: [3], Tag: 'vip' });
    expect(list.Data.Tasks.map((t) => t.TaskId)).toContain(added.Data.TaskId);
    const live = await server.call<{ Tasks: { TaskId: string; Status: number }[] }>('DescribeUSMSTaskStatus', {
      TaskIds: [added.Data.TaskId],
    });
    expect(live.Data.Tasks).toMatchObject([{ TaskId: added.Data.TaskId, Status: 3 }]);
    expect((await server.call('CancelUSMSSendTask', { TaskId: added.Data.TaskId })).RetCode).toBe(
      RetCode.IllegalTransition,
    );

    const stats = await server.call<{
      Totals: { Submit: number; Success: number };
      Points: unknown[];
      Compare: { Points: unknown[] };
    }>('GetUSMSSendStatistics', {
      BeginTime: Math.floor(Date.now() / 1000) - 7 * 86400,
      EndTime: Math.floor(Date.now() / 1000) + 60,
      Granularity: 'day',
      CompareDays: 7,
      TimeZone: 'Asia/Shanghai',
    });
    expect(stats.Data.Totals.Submit).toBeGreaterThanOrEqual(7);
    expect(stats.Data.Points.length).toBeGreaterThanOrEqual(7);
    expect(stats.Data.Compare.Points.length).toBe(stats.Data.Points.length);
    const codes = await server.call<{ Codes: { ErrorCode: string }[] }>('GetUSMSSendReceiptCodeStatistics', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(codes.Data.Codes.map((c) => c.ErrorCode)).toEqual(expect.arrayContaining(['EC002', 'SF001', 'UNKNOWN']));
  }, 60_000);

  it('fills variables from rows, and refuses a number list for a template with variables', async () => {
    const withVars = await passedTemplate(server, 'Hi {{1}}, your code {{2}} is ready for pickup');
    expect(
      (
        await server.call('AddUSMSSendTask', {
          TaskName: 'Vars',
          TemplateId: withVars,
          CountryCode: 'US',
          Phones: ['4155550100'],
        })
      ).RetCode,
    ).toBe(RetCode.TemplateHasVariables);
    expect(
      (
        await server.call('AddUSMSSendTask', {
          TaskName: 'Vars',
          TemplateId: withVars,
          CountryCode: 'US',
          Rows: [['4155550100', 'Ann']],
        })
      ).RetCode,
    ).toBe(RetCode.TemplateParamsMismatch);
    const added = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Vars',
      TemplateId: withVars,
      CountryCode: 'US',
      Rows: [['4155550100', 'Ann', '42']],
    });
    await untilComplete(added.Data.TaskId);
    const records = await server.call<{ Records: { Content: string }[] }>('GetUSMSSendRecord', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 60,
      TaskId: added.Data.TaskId,
    });
    expect(records.Data.Records[0].Content).toBe('Hi Ann, your code 42 is ready for pickup');
  });

  it('schedules in a time zone and cancels a waiting task once', async () => {
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + ' 09:30';
    const added = await server.call<{ TaskId: string; Status: number; SendTime: number }>('AddUSMSSendTask', {
      TaskName: 'Later',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100'],
      SendType: 'scheduled',
      ScheduledTime: at,
      TimeZone: 'Asia/Shanghai',
    });
    expect(added.Data.Status).toBe(SMS_TASK_STATUS.Parsing);
    expect(added.Data.SendTime * 1000).toBe(zonedTimeToDate(at, 'Asia/Shanghai')!.getTime());
    expect((await server.call('CancelUSMSSendTask', { TaskId: added.Data.TaskId })).Data).toMatchObject({ Status: 8 });
    expect((await server.call('CancelUSMSSendTask', { TaskId: added.Data.TaskId })).RetCode).toBe(
      RetCode.IllegalTransition,
    );
    expect(
      (
        await server.call('AddUSMSSendTask', {
          TaskName: 'Past',
          TemplateId: templateId,
          CountryCode: 'US',
          Phones: ['4155550100'],
          SendType: 'scheduled',
          ScheduledTime: '2020-01-01 00:00',
          TimeZone: 'UTC',
        })
      ).RetCode,
    ).toBe(RetCode.ScheduleInPast);
    expect(
      (
        await server.call('AddUSMSSendTask', {
          TaskName: 'Zone',
          TemplateId: templateId,
          CountryCode: 'US',
          Phones: ['4155550100'],
          SendType: 'scheduled',
          ScheduledTime: at,
          TimeZone: 'Mars/Base',
        })
      ).RetCode,
    ).toBe(RetCode.TimeZoneUnknown);
    expect(
      (
        await server.call('AddUSMSSendTask', {
          TaskName: 'NoTime',
          TemplateId: templateId,
          CountryCode: 'US',
          Phones: ['4155550100'],
          SendType: 'scheduled',
        })
      ).RetCode,
    ).toBe(RetCode.ValidationError);
  });

  it('refuses what it must before sending', async () => {
    const base = { TaskName: 'Bad', TemplateId: templateId, CountryCode: 'US', Phones: ['4155550100'] };
    expect((await server.call('AddUSMSSendTask', { ...base, CountryCode: 'KP' })).RetCode).toBe(
      RetCode.CountryNotSupported,
    );
    expect((await server.call('AddUSMSSendTask', { ...base, Phones: ['1', '2'] })).RetCode).toBe(
      RetCode.NoValidRecipients,
    );
    expect((await server.call('AddUSMSSendTask', { ...base, SenderId: 'ab' })).RetCode).toBe(RetCode.ValidationError);
    expect((await server.call('AddUSMSSendTask', { ...base, SenderId: 'way-too-long-id' })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await server.call('AddUSMSSendTask', { ...base, Phones: [] })).RetCode).toBe(RetCode.ValidationError);
    expect((await server.call('AddUSMSSendTask', { ...base, Phones: Array(100_001).fill('4155550100') })).RetCode).toBe(
      RetCode.ValidationError,
    );
    const pending = await server.call<{ TemplateId: string }>('CreateUSMSTemplate', {
      TemplateName: 'Wait',
      Purpose: 0,
      Language: 'en',
      Content: 'Not reviewed yet, sorry about that',
    });
    await server.deps.database.db.execute(
      (await import('drizzle-orm'))
        .sql`UPDATE sms_templates SET status = 3 WHERE template_id = ${pending.Data.TemplateId}`,
    );
    expect((await server.call('AddUSMSSendTask', { ...base, TemplateId: pending.Data.TemplateId })).RetCode).toBe(
      RetCode.TemplateNotUsable,
    );
    const poor = await createAccount(server, { smsBalance: 100 });
    const poorTemplate = await passedTemplate(server, 'Hello from a small account today', poor.token);
    expect(
      (
        await server.call(
          'AddUSMSSendTask',
          { ...base, TemplateId: poorTemplate, Phones: ['4155550100', '4155550101'] },
          poor.token,
        )
      ).RetCode,
    ).toBe(RetCode.InsufficientBalance);
    const trial = await createAccount(server, { upgraded: false, smsBalance: 1_000_000 });
    expect((await server.call('AddUSMSSendTask', base, trial.token)).RetCode).toBe(RetCode.UpgradeRequired);
    const locked = await createAccount(server, { upgraded: false, type: 4 });
    expect((await server.call('AddUSMSSendTask', base, locked.token)).RetCode).toBe(RetCode.NoUpgradePermission);
  });

  it('takes a 100,000-number body', async () => {
    const phones = Array.from({ length: 100_000 }, (_, i) => `41555${String(i).padStart(5, '0')}`);
    const reply = await server.call<{ TotalCount: number }>('AddUSMSSendTask', {
      TaskName: 'Big',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: phones,
      SendType: 'scheduled',
      ScheduledTime: '2099-01-01 00:00',
      TimeZone: 'UTC',
    });
    // 2099 is beyond a year: refused after the body is read and parsed, which is what this checks.
    expect(reply.RetCode).toBe(RetCode.ScheduleInPast);
  });

  it('answers a retry with the same IdempotencyKey with the first task, and creates no second one', async () => {
    const request = {
      TaskName: 'Once',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100', '4155550101'],
      IdempotencyKey: 'draft-key-0001',
    };
    const first = await server.call<{ TaskId: string }>('AddUSMSSendTask', request);
    expect(first.RetCode).toBe(0);
    const again = await server.call<{ TaskId: string }>('AddUSMSSendTask', request);
    expect(again).toMatchObject({ RetCode: 0, Data: first.Data });
    const listed = await server.call<{ Tasks: { TaskName: string }[] }>('GetUSMSSendTask', { NumPerPage: 100 });
    expect(listed.Data.Tasks.filter((t) => t.TaskName === 'Once')).toHaveLength(1);
    // The same key with another body is a conflict, not a second task.
    expect((await server.call('AddUSMSSendTask', { ...request, TaskName: 'Twice' })).RetCode).toBe(
      RetCode.IdempotencyConflict,
    );
    await untilComplete(first.Data.TaskId);
  });
});

describe('tenants', () => {
  it("cannot read, change or cancel another account's templates and tasks", async () => {
    const other = await createAccount(server, { smsBalance: 1_000_000 });
    const at = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + ' 10:00';
    const mine = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Mine',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100'],
      SendType: 'scheduled',
      ScheduledTime: at,
      TimeZone: 'UTC',
    });
    expect((await server.call('GetUSMSTemplate', { TemplateId: templateId }, other.token)).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (
        await server.call(
          'UpdateUSMSTemplate',
          {
            TemplateId: templateId,
            TemplateName: 'x',
            Purpose: 0,
            Language: 'en',
            Content: 'Taken over by someone else',
          },
          other.token,
        )
      ).RetCode,
    ).toBe(RetCode.NotFound);
    expect((await server.call('DeleteUSMSTemplate', { TemplateIds: [templateId] }, other.token)).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (
        await server.call(
          'AddUSMSSendTask',
          { TaskName: 'Steal', TemplateId: templateId, CountryCode: 'US', Phones: ['4155550100'] },
          other.token,
        )
      ).RetCode,
    ).toBe(RetCode.NotFound);
    expect((await server.call('CancelUSMSSendTask', { TaskId: mine.Data.TaskId }, other.token)).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (await server.call('DescribeUSMSSendTaskStatistics', { TaskId: mine.Data.TaskId }, other.token)).RetCode,
    ).toBe(RetCode.NotFound);
    expect((await server.call('DescribeUSMSTaskStatus', { TaskIds: [mine.Data.TaskId] }, other.token)).Data).toEqual({
      Tasks: [],
    });
    expect((await server.call<{ Total: number }>('GetUSMSSendTask', {}, other.token)).Data.Total).toBe(0);
    expect((await server.call<{ Total: number }>('QueryUSMSTemplate', {}, other.token)).Data.Total).toBe(0);
    expect(
      (
        await server.call<{ Total: number }>(
          'GetUSMSSendRecord',
          { BeginTime: Math.floor(Date.now() / 1000) - 86400, EndTime: Math.floor(Date.now() / 1000) + 86400 },
          other.token,
        )
      ).Data.Total,
    ).toBe(0);
    expect((await server.call('CancelUSMSSendTask', { TaskId: mine.Data.TaskId })).RetCode).toBe(0);
  });
});

describe('limits and alarms', () => {
  it('validates limit settings', async () => {
    const reply = (input: Record<string, unknown>) => server.call('CreateUSMSLimitAlarmRule', input);
    expect(JSON.stringify((await reply({ DailyLimit: 10, MonthlyLimit: 5, TotalLimit: null })).Data)).toContain(
      'limitDailyOverMonthly',
    );
    expect(JSON.stringify((await reply({ DailyLimit: 10, MonthlyLimit: 50, TotalLimit: 50 })).Data)).toContain(
      'limitTotalTooLow',
    );
    expect((await reply({ DailyLimit: '10', MonthlyLimit: null, TotalLimit: null })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await reply({ DailyLimit: 1.5, MonthlyLimit: null, TotalLimit: null })).RetCode).toBe(
      RetCode.ValidationError,
    );
  });

  it('blocks a send past the limit and mails the alarm; warning rules mail once', async () => {
    const account = await createAccount(server, { smsBalance: 1_000_000 });
    const tpl = await passedTemplate(server, 'Limited account says hello there', account.token);
    const rule = await server.call<{ RuleId: string }>(
      'CreateUSMSSendCountAlarmRule',
      { Kind: 1, Period: 'day', Threshold: 2 },
      account.token,
    );
    expect(rule.RetCode).toBe(0);
    expect(
      (
        await server.call(
          'CreateUSMSLimitAlarmRule',
          { DailyLimit: 3, MonthlyLimit: 100, TotalLimit: 1000, AlarmPercent: 0 },
          account.token,
        )
      ).RetCode,
    ).toBe(0);
    const send = (phones: string[]) =>
      server.call(
        'AddUSMSSendTask',
        { TaskName: 'L', TemplateId: tpl, CountryCode: 'US', Phones: phones },
        account.token,
      );
    expect((await send(['4155550100', '4155550101'])).RetCode).toBe(0);
    // Alarm mails go through the job queue: they arrive when the mail worker has taken them.
    const mailed = (subject: RegExp) =>
      waitFor(
        () => lastMessageTo(server, account.email).catch(() => ({ subject: '' })),
        (mail) => subject.test(mail.subject),
      );
    await mailed(/send-count alarm/);
    const blocked = await send(['4155550102', '4155550103']);
    expect(blocked.RetCode).toBe(RetCode.SendLimitReached);
    await mailed(/limit reached/);
    expect((await send(['4155550104'])).RetCode).toBe(0);
    const limits = await server.call('GetUSMSLimitAlarmRule', {}, account.token);
    expect(limits.Data).toMatchObject({ DailyLimit: 3, DailyCount: 3, Configured: true });
    const rules = await server.call<{ Rules: { RuleId: string; CurrentCount: number; LastFiredTime: number }[] }>(
      'DescribeUSMSSendCountAlarmRule',
      {},
      account.token,
    );
    expect(rules.Data.Rules[0]).toMatchObject({ RuleId: rule.Data.RuleId, CurrentCount: 3 });
    expect(
      (
        await server.call(
          'UpdateUSMSSendCountAlarmRule',
          { RuleId: rule.Data.RuleId, Kind: 2, Period: 'month', Threshold: 5 },
          account.token,
        )
      ).RetCode,
    ).toBe(0);
    expect((await server.call('DeleteUSMSSendCountAlarmRule', { RuleId: rule.Data.RuleId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (await server.call('DeleteUSMSSendCountAlarmRule', { RuleId: rule.Data.RuleId }, account.token)).RetCode,
    ).toBe(0);
    expect(
      (
        await server.call(
          'UpdateUSMSLimitAlarmRule',
          { DailyLimit: null, MonthlyLimit: null, TotalLimit: null },
          account.token,
        )
      ).RetCode,
    ).toBe(0);
  });
});

describe('trial', () => {
  it('verifies numbers with a code and sends free messages to them only', async () => {
    const trial = await createAccount(server, { upgraded: false });
    const phones = ['4155550170', '4155550171', '4155550172', '4155550173', '4155550174'];
    expect(
      (await server.call('SendUSMSExperientialMessage', { CountryCode: 'US', Phones: [phones[0]] }, trial.token))
        .RetCode,
    ).toBe(RetCode.TrialPhoneNotVerified);
    for (const phone of phones) {
      expect(
        (await server.call('AddUSMSExperientialPhone', { CountryCode: 'US', Phone: phone }, trial.token)).RetCode,
      ).toBe(0);
      const code = /(\d{6})/.exec((await lastMessageTo(server, `+1${phone}`)).text)![1];
      expect(
        (
          await server.call(
            'VerifyUSMSExperientialPhone',
            { CountryCode: 'US', Phone: phone, Code: code === '000000' ? '111111' : '000000' },
            trial.token,
          )
        ).RetCode,
      ).toBe(RetCode.TrialCodeInvalid);
      expect(
        (await server.call('VerifyUSMSExperientialPhone', { CountryCode: 'US', Phone: phone, Code: code }, trial.token))
          .RetCode,
      ).toBe(0);
    }
    expect(
      (await server.call('AddUSMSExperientialPhone', { CountryCode: 'US', Phone: '4155550175' }, trial.token)).RetCode,
    ).toBe(RetCode.TrialPhoneLimit);
    for (let round = 0; round < 4; round++) {
      const sent = await server.call<{ FreeRemaining: number; TaskId: string }>(
        'SendUSMSExperientialMessage',
        { CountryCode: 'US', Phones: phones },
        trial.token,
      );
      expect(sent.Data.FreeRemaining).toBe(20 - 5 * (round + 1));
    }
    expect(
      (await server.call('SendUSMSExperientialMessage', { CountryCode: 'US', Phones: [phones[0]] }, trial.token))
        .RetCode,
    ).toBe(RetCode.FreeMessagesExceeded);
    const info = await server.call('GetUSMSExperientialInfo', {}, trial.token);
    expect(info.Data).toMatchObject({ Upgraded: false, MaxPhones: 5, FreeUsed: 20, FreeRemaining: 0 });
  });

  it('says when recipients exceed the remaining trial count', async () => {
    const trial = await createAccount(server, { upgraded: false });
    await server.deps.database.db.execute((await import('drizzle-orm'))
      .sql`INSERT INTO channel_tasks (task_id, session_no, user_id, name, template_id, template_name, content, variable_count, country_code, phone_prefix, send_type, send_at, time_zone, status, trial, total_count, segments, total_segments, price, estimated_cost, group_size, group_count, created_at)
      VALUES ('TKUSEDUPFREE' || ${trial.id}, 'SN1', ${trial.id}, 't', '', '', 'x', 0, 'US', '1', 'immediate', now(), 'UTC', 3, true, 18, 1, 18, 0, 0, 1, 18, now())`);
    await server.deps.database.db.execute((await import('drizzle-orm'))
      .sql`INSERT INTO sms_trial_phones (user_id, country_code, phone, code_hash, code_sent_at, code_expires_at, verified_at, created_at) VALUES
      (${trial.id}, 'US', '14155550180', 'x', now(), now(), now(), now()), (${trial.id}, 'US', '14155550181', 'x', now(), now(), now(), now()), (${trial.id}, 'US', '14155550182', 'x', now(), now(), now(), now())`);
    const reply = await server.call(
      'SendUSMSExperientialMessage',
      { CountryCode: 'US', Phones: ['4155550180', '4155550181', '4155550182'] },
      trial.token,
    );
    expect(reply.RetCode).toBe(RetCode.TrialRecipientsExceeded);
    expect(reply.Message).toContain('2');
  });
});

describe('exports', () => {
  it('exports records as a job and downloads a CSV with formula cells escaped', async () => {
    const added = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: '=cmd',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550100'],
    });
    expect(added.RetCode).toBe(RetCode.ValidationError);
    const task = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: '-cmd',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550150'],
    });
    await untilComplete(task.Data.TaskId);
    const exp = await server.call<{ ExportId: string }>('AddUSMSExportSendRecordTask', {
      BeginTime: Math.floor(Date.now() / 1000) - 3600,
      EndTime: Math.floor(Date.now() / 1000) + 60,
      TaskId: task.Data.TaskId,
    });
    expect((await server.call('GetUSMSExportSendRecordFile', { ExportId: 'EXNOPE12345678' })).RetCode).toBe(
      RetCode.NotFound,
    );
    const listed = await waitFor(
      () =>
        server.call<{ Exports: { ExportId: string; Status: number; RowCount: number; ExportName: string }[] }>(
          'GetUSMSExportSendRecord',
          {},
        ),
      (r) => r.Data.Exports.some((e) => e.ExportId === exp.Data.ExportId && e.Status === 3),
    );
    expect(listed.Data.Exports.find((e) => e.ExportId === exp.Data.ExportId)?.RowCount).toBe(1);
    const response = await server.raw(
      JSON.stringify({ Action: 'GetUSMSExportSendRecordFile', ExportId: exp.Data.ExportId }),
      { authorization: `Bearer ${server.token}` },
    );
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sms-records-/);
    const csv = await response.text();
    // A formula lead is guarded; a phone number is not (an apostrophe would corrupt it for a CRM import).
    expect(csv).toContain(",'-cmd,+14155550150,");
    // The result as the records page names it, and the export named after what narrowed it.
    expect(csv).toMatch(/,(Delivered|Failed|Pending|Unknown),/);
    expect(response.headers.get('content-disposition')).toContain(`-${task.Data.TaskId.toLowerCase()}-`);
    expect(listed.Data.Exports.find((e) => e.ExportId === exp.Data.ExportId)?.ExportName).toContain(
      `(${task.Data.TaskId})`,
    );
    const other = await createAccount(server);
    expect(
      (await server.call('GetUSMSExportSendRecordFile', { ExportId: exp.Data.ExportId }, other.token)).RetCode,
    ).toBe(RetCode.NotFound);
  });

  it('escapes every formula lead character', () => {
    expect(['=1', '+1+1', '-A1', '@a', '\tx', '\rx', 'plain', 'a,b', 'say "hi"'].map(csvCell)).toEqual([
      "'=1",
      "'+1+1",
      "'-A1",
      "'@a",
      "'\tx",
      `"'\rx"`,
      'plain',
      '"a,b"',
      '"say ""hi"""',
    ]);
  });

  it('leaves plain numbers alone: a phone in international format, a signed amount', () => {
    expect(['+14155550100', '-12.5', '+0'].map(csvCell)).toEqual(['+14155550100', '-12.5', '+0']);
  });
});

describe('phone numbers', () => {
  it.each([
    ['4155550100', '1', '14155550100'],
    ['+1 (415) 555-0100', '1', '14155550100'],
    ['0014155550100', '1', '14155550100'],
    ['+44 7700 900123', '1', null],
    ['013800138000', '86', '8613800138000'],
    ['8613800138000', '86', '8613800138000'],
    ['12', '1', null],
    ['abc', '1', null],
  ])('%s with prefix %s', (raw, prefix, expected) => expect(normalizePhone(raw, prefix)).toBe(expected));
});

describe('bad input', () => {
  const actions = Object.keys(smsActions);
  fcTest.prop(
    [
      fc.constantFrom(...actions),
      fc.dictionary(
        fc.constantFrom(
          'TemplateId',
          'TaskId',
          'Phones',
          'Rows',
          'Content',
          'BeginTime',
          'EndTime',
          'Url',
          'Kind',
          'Page',
          'CountryCode',
          'Other',
        ),
        fc.anything(),
      ),
    ],
    { numRuns: 120 },
  )('never answers a malformed SMS input with a 5xx', async (action, input) => {
    const response = await server.raw(JSON.stringify({ ...input, Action: action }), {
      authorization: `Bearer ${server.token}`,
    });
    expect(response.status).toBeLessThan(500);
  });
});
