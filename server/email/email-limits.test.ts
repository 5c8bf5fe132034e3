import { promises as nodeDns } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startLoopbackDns, txtStrings, type LoopbackDns } from '../providers/dns/loopback-dns';
import {
  createTestServer,
  lastMailedKey,
  lastMessageTo,
  registerAccount,
  signInDemo,
  typedApi,
  type TestServer,
} from '../testing/harness';
import { startJobs, type JobRuntime } from '../jobs';
import { FAST_JOBS, waitFor } from '../handlers/sms/sms-test-helpers';
import { credit } from '../money/ledger';
import { rowsOf } from '../db/rows';
import { retCodeMessage } from '../messages';
import { EMAIL_PRICE } from './send-task';
import { evaluateEmailAlerts } from './alerts';
import { metricValue, percentOf } from './limits';
import { EMAIL_DOMAIN_STATUS, EMAIL_TASK_STATUS, EMAIL_TEMPLATE_STATUS } from '../../src/gateway/contract/statuses';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { EmailDomain } from '../../src/gateway/contract/actions/email-domains';

// E-mail sending limits, the plan's EmailLimit and alert thresholds (issue 13 item 7): through the real
// Actions, the pg-boss queue and the sandbox SMTP sink, whose address rules make hard bounces and
// complaints. The alerts go through the notification path (in-app rows and mail in the outbox).

let dns: LoopbackDns;
let server: TestServer;
let jobs: JobRuntime;
let api: ReturnType<typeof typedApi>['api'];
let reply: ReturnType<typeof typedApi>['reply'];
let senderId: string;
let batchTemplate: string;
let triggerTemplate: string;
let userId: number;
const run = `${process.pid}-${Date.now() % 100000}`;
const addr = (local: string) => `${local}-${run}@inbox.example.org`;

function publishAll(d: EmailDomain) {
  const record = (kind: string) => d.Records.find((r) => r.Kind === kind)!;
  const mx = record('MX').Value.split(' ');
  dns.set(d.Domain, { TXT: [txtStrings(record('SPF').Value)], MX: [{ priority: Number(mx[0]), exchange: mx[1] }] });
  dns.set(record('DKIM').Name, { TXT: [txtStrings(record('DKIM').Value)] });
  dns.set(record('DMARC').Name, { TXT: [[record('DMARC').Value]] });
  dns.set(record('TRACKING').Name, { CNAME: record('TRACKING').Value });
}

async function passedTemplate(kind: 'batch' | 'trigger') {
  const { TemplateId } = await api('CreateEmailTemplate', {
    TemplateName: `${kind} ${run}`,
    Subject: 'Spring offers',
    PreviewText: 'Ten percent off',
    Kind: kind,
    EmailType: 3,
    Editor: 'richText',
    Design: '{}',
    Html: '<p>Hello. <a href="{{UnsubscribeUrl}}">Unsubscribe</a></p>',
  });
  await waitFor(
    () => api('GetEmailTemplate', { TemplateId }),
    (t) => t.Status === EMAIL_TEMPLATE_STATUS.Passed,
  );
  return TemplateId;
}

beforeAll(async () => {
  dns = await startLoopbackDns();
  const resolver = new nodeDns.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([dns.address]);
  server = await createTestServer({
    jobs: 'pg-boss',
    smsSettings: { ...FAST_JOBS, emailRetryFirstDelayMs: 50 },
    config: { devTools: true, testClock: true, dns: { servers: [dns.address], timeoutMs: 2000, tries: 2 } },
    dkimResolver: (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][]>,
  });
  jobs = await startJobs(server.deps);
  const { AccessToken } = await signInDemo(server);
  ({ api, reply } = typedApi(server, { token: AccessToken }));
  userId = (await api('GetUserInfo', {})).AdminUserId;
  await server.deps.database.db.transaction((tx) =>
    credit(tx, {
      userId,
      productType: 6011,
      amount: 10_000 * EMAIL_PRICE,
      billType: 'recharge',
      uniqueKey: `lim-${run}`,
    }),
  );
  const domain = `limits${run}.example.com`;
  const added = await api('AddUEmailDomain', { Domain: domain });
  publishAll(added);
  await waitFor(
    () => api('VerifyUEmailDomain', { DomainId: added.DomainId }),
    (d) => d.Status === EMAIL_DOMAIN_STATUS.Passed,
  );
  senderId = (await api('AddUEmailSender', { Alias: 'Shop', Address: `news@${domain}` })).SenderId;
  batchTemplate = await passedTemplate('batch');
  triggerTemplate = await passedTemplate('trigger');
}, 120_000);

afterAll(async () => {
  await jobs?.stop({ graceful: false });
  await server?.close();
  await dns?.close();
});

const send = (emails: string[]) =>
  reply('AddEmailSendTask', { TaskName: 'spring', TemplateId: batchTemplate, SenderId: senderId, Emails: emails });
const trigger = (email: string) =>
  reply('SendEmail', { TemplateId: triggerTemplate, SenderId: senderId, Email: email });
const noLimits = { DailyLimit: null, MonthlyLimit: null, TotalLimit: null };

async function finished(taskId: string) {
  return waitFor(
    async () => (await api('GetEmailSendTask', { Page: 1, NumPerPage: 10, TaskId: taskId })).Tasks[0],
    (t) => t.Status === EMAIL_TASK_STATUS.Completed || t.Status === EMAIL_TASK_STATUS.Failed,
    30_000,
  );
}

/** The in-app notifications one rule made. */
const noticesOf = (ruleId: string) =>
  rowsOf<{ title_key: string; params: Record<string, unknown> }>(
    server.deps.database.db,
    sql`SELECT title_key, params FROM notifications WHERE user_id = ${userId} AND dedupe_key LIKE ${`email-alert:${ruleId}:%`}`,
  );

describe('rates and metrics', () => {
  it('are percents with two decimals, 0 with nothing counted', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 2)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
    const counts = { daily: 5, monthly: 9, total: 20, triggerDay: 1, triggerMonth: 2, batchDay: 4, batchMonth: 7 };
    const rates = { day: { blockRate: 10, spamRate: 1 }, month: { blockRate: 5, spamRate: 0.5 } };
    expect(metricValue('trigger', 'day', counts, rates)).toBe(1);
    expect(metricValue('batch', 'month', counts, rates)).toBe(7);
    expect(metricValue('total', 'day', counts, rates)).toBe(5);
    expect(metricValue('blockRate', 'month', counts, rates)).toBe(5);
    expect(metricValue('spamRate', 'day', counts, rates)).toBe(1);
  });
});

describe('bad input', () => {
  it('refuses a rate over 100, a count that is not a positive integer, and unknown fields, naming the field', async () => {
    const rule = { Metric: 'blockRate' as const, Kind: 1 as const, Period: 'day' as const, Threshold: 150 };
    const over = await reply('CreateEmailAlertRule', rule);
    expect(over.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(over.Data)).toContain('Threshold');
    expect((await reply('CreateEmailAlertRule', { ...rule, Metric: 'batch', Threshold: 1.5 })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await reply('CreateEmailAlertRule', { ...rule, Metric: 'batch', Threshold: 0 })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await reply('CreateEmailAlertRule', { ...rule, Threshold: 5, Extra: 1 } as never)).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await reply('CreateEmailAlertRule', { ...rule, Metric: 'opens' as never, Threshold: 5 })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await reply('CreateEmailLimitAlarmRule', { ...noLimits, DailyLimit: -1 })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await api('DescribeEmailAlertRule', {})).Rules).toEqual([]);
  });
});

describe('sending limits', () => {
  it('refuse the task that would pass the daily limit, also when two are accepted at once', async () => {
    const { DailyCount } = await api('CreateEmailLimitAlarmRule', { ...noLimits, DailyLimit: 1_000 });
    await api('UpdateEmailLimitAlarmRule', { ...noLimits, DailyLimit: DailyCount + 1 });
    const both = await Promise.all([send([addr('race-a')]), send([addr('race-b')])]);
    const codes = both.map((r) => r.RetCode).sort();
    expect(codes).toEqual([0, RetCode.SendLimitReached]);
    const refused = both.find((r) => r.RetCode !== 0)!;
    expect(refused.Message).toContain('E-mail settings');
    expect((await api('GetEmailLimitAlarmRule', {})).DailyCount).toBe(DailyCount + 1);
    expect((await trigger(addr('trigger-over'))).RetCode).toBe(RetCode.SendLimitReached);
    await api('UpdateEmailLimitAlarmRule', noLimits);
    expect((await send([addr('after')])).RetCode).toBe(0);
  });

  it("name the task's channel in the message (SMS, MMS, voice, e-mail; en and zh)", () => {
    expect(retCodeMessage(RetCode.SendLimitReached, 'en', { limit: 1, period: 'day', channel: 'MMS' })).toContain(
      'MMS settings',
    );
    expect(retCodeMessage(RetCode.SendLimitReached, 'zh', { limit: 1, period: '天', channel: '语音' })).toContain(
      '语音设置',
    );
  });
});

describe('trigger sends', () => {
  it('send a trigger template to one address, counted as a trigger request; a batch template is refused', async () => {
    const wrong = await reply('SendEmail', { TemplateId: batchTemplate, SenderId: senderId, Email: addr('x') });
    expect(wrong.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(wrong.Data)).toContain('TemplateId');
    const sent = await trigger(addr('api'));
    expect(sent.RetCode).toBe(0);
    const [task] = await rowsOf<{ request_kind: string; total_count: number }>(
      server.deps.database.db,
      sql`SELECT request_kind, total_count FROM channel_tasks WHERE task_id = ${sent.Data.TaskId}`,
    );
    expect(task).toEqual({ request_kind: 'trigger', total_count: 1 });
  });

  it('a kind-2 trigger rule refuses trigger sends past it and leaves batch sends alone', async () => {
    const { Rules } = await api('DescribeEmailAlertRule', {});
    expect(Rules).toEqual([]);
    const { RuleId } = await api('CreateEmailAlertRule', { Metric: 'trigger', Kind: 2, Period: 'day', Threshold: 1 });
    expect((await trigger(addr('api2'))).RetCode).toBe(RetCode.SendLimitReached);
    expect((await send([addr('batch-ok')])).RetCode).toBe(0);
    await api('DeleteEmailAlertRule', { RuleId });
  });
});

describe("the plan's EmailLimit", () => {
  it("refuses sends past the live plan's allowance in its term", async () => {
    const db = server.deps.database.db;
    const now = Date.now();
    await db.execute(
      sql`UPDATE subscription_packages SET limits = jsonb_set(limits, '{EmailLimit}', '1') WHERE subscription_no = 'starter'`,
    );
    await db.execute(sql`INSERT INTO subscription_records (user_id, subscription_no, status, period, period_unit, cost_amount, created_at, starts_at, ends_at)
      VALUES (${userId}, 'starter', 1, 1, 'month', 0, ${new Date(now).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz,
        ${new Date(now + 400 * 86_400_000).toISOString()}::timestamptz)`);
    try {
      expect((await send([addr('plan-1')])).RetCode).toBe(0);
      const over = await send([addr('plan-2')]);
      expect(over.RetCode).toBe(RetCode.EmailQuotaUsedUp);
      expect(over.Message).toContain('E-mail count in subscription used up');
      expect((await trigger(addr('plan-3'))).RetCode).toBe(RetCode.EmailQuotaUsedUp);
    } finally {
      await db.execute(sql`DELETE FROM subscription_records WHERE user_id = ${userId} AND subscription_no = 'starter'`);
    }
  });
});

describe('alert thresholds fire', () => {
  it('each count metric once per period, through the notification path', async () => {
    const ids = await Promise.all(
      (['trigger', 'batch', 'total'] as const).map((Metric) =>
        api('CreateEmailAlertRule', { Metric, Kind: 1, Period: 'day', Threshold: 1 }),
      ),
    );
    for (const { RuleId } of ids)
      await waitFor(
        () => noticesOf(RuleId),
        (n) => n.length === 1,
      );
    expect((await trigger(addr('again'))).RetCode).toBe(0);
    expect(await evaluateEmailAlerts({ ...server.deps, db: server.deps.database.db }, userId)).toEqual([]);
    for (const { RuleId } of ids) {
      expect(await noticesOf(RuleId)).toHaveLength(1);
      await api('DeleteEmailAlertRule', { RuleId });
    }
  });

  it('block rate: a hard bounce fires the warning (mailed to the rule address), and a kind-2 rule pauses sending', async () => {
    const alerts = `alerts-${run}@example.org`;
    const { RuleId } = await api('CreateEmailAlertRule', {
      Metric: 'blockRate',
      Kind: 1,
      Period: 'day',
      Threshold: 5,
      Emails: [alerts],
    });
    const task = await send([addr('bounce'), addr('fine')]);
    expect(task.RetCode).toBe(0);
    await finished(task.Data.TaskId);
    const [notice] = await waitFor(
      () => noticesOf(RuleId),
      (n) => n.length === 1,
    );
    expect(notice.title_key).toBe('mail:emailAlertWarningTitle');
    const mail = await waitFor(
      () => lastMessageTo(server, alerts).catch(() => null),
      (m) => m !== null,
    );
    expect(mail!.subject).toContain('block rate');
    const described = (await api('DescribeEmailAlertRule', {})).Rules.find((r) => r.RuleId === RuleId)!;
    expect(described.CurrentValue).toBeGreaterThanOrEqual(5);
    expect(described.LastFiredTime).toBeGreaterThan(0);
    const { RuleId: pause } = await api('CreateEmailAlertRule', {
      Metric: 'blockRate',
      Kind: 2,
      Period: 'day',
      Threshold: 5,
    });
    const paused = await send([addr('paused')]);
    expect(paused.RetCode).toBe(RetCode.EmailRateLimitReached);
    expect(paused.Message).toContain('block rate');
    await api('DeleteEmailAlertRule', { RuleId: pause });
    await api('DeleteEmailAlertRule', { RuleId });
  });

  it('spam rate: a complaint fires the rule once', async () => {
    const { RuleId } = await api('CreateEmailAlertRule', {
      Metric: 'spamRate',
      Kind: 1,
      Period: 'month',
      Threshold: 1,
    });
    const task = await send([addr('complain')]);
    await finished(task.Data.TaskId);
    const [notice] = await waitFor(
      () => noticesOf(RuleId),
      (n) => n.length === 1,
      30_000,
    );
    expect(notice.params.metric).toBe('spam rate');
    expect(await evaluateEmailAlerts({ ...server.deps, db: server.deps.database.db }, userId)).toEqual([]);
    await api('DeleteEmailAlertRule', { RuleId });
  });
});

describe('tenant isolation', () => {
  it("another account neither sees nor changes the account's rules and limits", async () => {
    const { RuleId } = await api('CreateEmailAlertRule', { Metric: 'total', Kind: 1, Period: 'month', Threshold: 999 });
    await api('CreateEmailLimitAlarmRule', { ...noLimits, TotalLimit: 100_000 });
    const email = `other-${run}@example.org`;
    const { password } = await registerAccount(server, email, { activate: false });
    // The activation mail goes through the mail queue here (the workers run): wait for it.
    const key = await waitFor(
      () => lastMailedKey(server, email).catch(() => ''),
      (k) => k !== '',
    );
    expect((await server.api('ActivateAdminUser', { Key: key })).RetCode).toBe(0);
    const login = await server.api<{ AccessToken: string }>('LoginByPassword', { Email: email, Password: password });
    const other = typedApi(server, { token: login.Data.AccessToken });
    expect((await other.api('DescribeEmailAlertRule', {})).Rules).toEqual([]);
    expect((await other.api('GetEmailLimitAlarmRule', {})).Configured).toBe(false);
    expect((await other.api('GetEmailLimitAlarmRule', {})).TotalCount).toBe(0);
    const rule = { RuleId, Metric: 'total' as const, Kind: 1 as const, Period: 'day' as const, Threshold: 1 };
    expect((await other.reply('UpdateEmailAlertRule', rule)).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('DeleteEmailAlertRule', { RuleId })).RetCode).toBe(RetCode.NotFound);
    expect((await api('DescribeEmailAlertRule', {})).Rules.map((r) => r.Threshold)).toEqual([999]);
    await api('DeleteEmailAlertRule', { RuleId });
    await api('UpdateEmailLimitAlarmRule', noLimits);
  });
});
