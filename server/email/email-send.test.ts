import { promises as nodeDns } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startLoopbackDns, txtStrings, type LoopbackDns } from '../providers/dns/loopback-dns';
import { createTestServer, signInDemo, typedApi } from '../testing/harness';
import { startJobs, type JobRuntime } from '../jobs';
import { FAST_JOBS, waitFor } from '../handlers/sms/sms-test-helpers';
import { credit } from '../money/ledger';
import { rowsOf } from '../db/rows';
import { suppressEmail } from './suppression';
import { EMAIL_PRICE } from './send-task';
import {
  EMAIL_TASK_FILTER_GROUPS,
  EMAIL_TASK_STATUS,
  EMAIL_TEMPLATE_STATUS,
} from '../../src/gateway/contract/statuses';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_DOMAIN_STATUS } from '../../src/gateway/contract/statuses';
import type { EmailDomain } from '../../src/gateway/contract/actions/email-domains';
import type { TestServer } from '../testing/harness';

// E-mail sending end to end (issue 13 item 4): a verified domain (loopback DNS), an approved template,
// tasks through the real queue and the embedded sandbox SMTP sink, whose address rules decide each
// recipient's result; the sink checks the DKIM signature against the same DNS.

let dns: LoopbackDns;
let server: TestServer;
let jobs: JobRuntime;
let api: ReturnType<typeof typedApi>['api'];
let reply: ReturnType<typeof typedApi>['reply'];
let senderId: string;
let templateId: string;
let domain: string;
/** The domain's own tracking host: its tracking CNAME is published, so its links go there. */
let trackingHost: string;
let userId: number;
const run = `${process.pid}-${Date.now() % 100000}`;

function publishAll(d: EmailDomain) {
  const record = (kind: string) => d.Records.find((r) => r.Kind === kind)!;
  const mx = record('MX').Value.split(' ');
  dns.set(d.Domain, { TXT: [txtStrings(record('SPF').Value)], MX: [{ priority: Number(mx[0]), exchange: mx[1] }] });
  dns.set(record('DKIM').Name, { TXT: [txtStrings(record('DKIM').Value)] });
  dns.set(record('DMARC').Name, { TXT: [[record('DMARC').Value]] });
  dns.set(record('TRACKING').Name, { CNAME: record('TRACKING').Value });
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
      uniqueKey: `email-send-test-${run}`,
    }),
  );
  domain = `send${run}.example.com`;
  const added = await api('AddUEmailDomain', { Domain: domain });
  publishAll(added);
  trackingHost = added.Records.find((r) => r.Kind === 'TRACKING')!.Name;
  // Under load a loopback DNS answer can miss its time-out: verify again until the domain passes.
  await waitFor(
    () => api('VerifyUEmailDomain', { DomainId: added.DomainId }),
    (d) => d.Status === EMAIL_DOMAIN_STATUS.Passed,
  );
  senderId = (await api('AddUEmailSender', { Alias: 'Shop', Address: `news@${domain}` })).SenderId;
  const created = await api('CreateEmailTemplate', {
    TemplateName: `offers ${run}`,
    Subject: 'Spring offers',
    PreviewText: 'Ten percent off',
    Kind: 'batch',
    EmailType: 3,
    Editor: 'richText',
    Design: '{}',
    Html: '<p>Hello, spring is here. <a href="{{UnsubscribeUrl}}">Unsubscribe</a></p>',
  });
  templateId = created.TemplateId;
  await waitFor(
    () => api('GetEmailTemplate', { TemplateId: templateId }),
    (t) => t.Status === EMAIL_TEMPLATE_STATUS.Passed,
  );
}, 120_000);

afterAll(async () => {
  await jobs?.stop({ graceful: false });
  await server?.close();
  await dns?.close();
});

const addr = (local: string) => `${local}-${run}@inbox.example.org`;

async function finished(taskId: string) {
  return waitFor(
    async () => (await api('GetEmailSendTask', { Page: 1, NumPerPage: 10, TaskId: taskId })).Tasks[0],
    (t) => t.Status === EMAIL_TASK_STATUS.Completed || t.Status === EMAIL_TASK_STATUS.Failed,
    30_000,
  );
}

async function resultsOf(taskId: string) {
  const now = Math.floor(Date.now() / 1000);
  const { Records } = await api('GetEmailSendRecord', { BeginTime: now - 3600, EndTime: now + 60, TaskId: taskId });
  return Object.fromEntries(Records.map((r) => [r.Email, r.Result]));
}

const send = (emails: string[], extra: Record<string, unknown> = {}) =>
  api('AddEmailSendTask', { TaskName: 'spring', TemplateId: templateId, SenderId: senderId, Emails: emails, ...extra });

describe('e-mail send tasks', () => {
  it('ends each address with the sink rule result and counts them; the wallet pays per mail', async () => {
    const [deliver, invalid, bounce, soft, defer, reject] = ['ok', 'invalid', 'bounce', 'soft1', 'defer', 'reject'].map(
      addr,
    );
    const before = await rowsOf<{ amount: number }>(
      server.deps.database.db,
      sql`SELECT amount FROM wallets WHERE user_id = ${userId} AND product_type = 6011`,
    );
    const task = await send([deliver, invalid, bounce, soft, defer, reject, 'not an address', deliver.toUpperCase()]);
    expect(task).toMatchObject({ TotalCount: 6, InvalidCount: 1, DuplicateCount: 1, SuppressedCount: 0 });
    const done = await finished(task.TaskId);
    expect(await resultsOf(task.TaskId)).toEqual({
      [deliver]: 'deliver',
      [invalid]: 'invalid',
      [bounce]: 'invalid',
      [soft]: 'deliver',
      [defer]: 'soft_bounce',
      [reject]: 'submit_fail',
    });
    expect(done).toMatchObject({
      Status: EMAIL_TASK_STATUS.Completed,
      SuccessCount: 2,
      FailCount: 3,
      SubmitFailCount: 1,
    });
    // Five handed over and paid; the refused one refunded.
    expect(done.Cost).toBe(5 * EMAIL_PRICE);
    const after = await rowsOf<{ amount: number }>(
      server.deps.database.db,
      sql`SELECT amount FROM wallets WHERE user_id = ${userId} AND product_type = 6011`,
    );
    expect(Number(before[0].amount) - Number(after[0].amount)).toBe(5 * EMAIL_PRICE);
    // Hard bounces are suppressed for the account.
    const suppressed = await rowsOf<{ address: string }>(
      server.deps.database.db,
      sql`SELECT address FROM email_suppressions WHERE user_id = ${userId} AND address = ANY(${sql.param([invalid, bounce])}::text[])`,
    );
    expect(suppressed.map((r) => r.address).sort()).toEqual([bounce, invalid].sort());
    // The delivered mail is DKIM-signed by the sender's domain and carries the one-click unsubscribe.
    const [mail] = await rowsOf<{ dkim_result: string; headers: Record<string, string>; html: string }>(
      server.deps.database.db,
      sql`SELECT dkim_result, headers, html FROM mail_sink_messages WHERE ${deliver} = ANY(envelope_to) ORDER BY id DESC LIMIT 1`,
    );
    expect(mail.dkim_result).toBe('pass');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Its tracking CNAME verified, the pixel and the unsubscribe link use the domain's tracking host.
    expect(mail.html).toContain(`https://${trackingHost}/u/`);
    expect(mail.html).toContain(`https://${trackingHost}/t/o/`);
    expect(mail.headers['list-unsubscribe']).toContain(`<https://${trackingHost}/u/`);
  }, 90_000);

  it('skips and counts suppressed addresses, and never mails them', async () => {
    const gone = addr('gone');
    await suppressEmail(server.deps.database.db, { userId, address: gone, reason: 'unsubscribe', at: new Date() });
    const task = await send([gone, addr('fresh')]);
    expect(task).toMatchObject({ TotalCount: 1, SuppressedCount: 1 });
    await finished(task.TaskId);
    expect(await resultsOf(task.TaskId)).toEqual({ [addr('fresh')]: 'deliver' });
    const sent = await rowsOf<{ n: number }>(
      server.deps.database.db,
      sql`SELECT count(*)::int AS n FROM mail_sink_messages WHERE ${gone} = ANY(envelope_to)`,
    );
    expect(sent[0].n).toBe(0);
    const all = await reply('AddEmailSendTask', {
      TaskName: 'x',
      TemplateId: templateId,
      SenderId: senderId,
      Emails: [gone],
    });
    expect(all.RetCode).toBe(RetCode.NoValidRecipients);
  }, 60_000);

  it('answers a resubmission with the same IdempotencyKey with the first task', async () => {
    const key = `idem-${run}-0001`;
    const first = await send([addr('idem')], { IdempotencyKey: key });
    const again = await send([addr('idem')], { IdempotencyKey: key });
    expect(again.TaskId).toBe(first.TaskId);
    await finished(first.TaskId);
  }, 60_000);

  it('refuses a missing sender, an unusable one and a task with only malformed addresses', async () => {
    const base = { TaskName: 'bad', TemplateId: templateId, Emails: [addr('x')] };
    const noSender = await reply('AddEmailSendTask', base as never);
    expect(noSender.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(noSender.Data)).toContain('validation:emailSenderRequired');
    const unknown = await reply('AddEmailSendTask', { ...base, SenderId: 'ES00000000' });
    expect(unknown.RetCode).toBe(RetCode.EmailSenderNotUsable);
    const malformed = await reply('AddEmailSendTask', { ...base, SenderId: senderId, Emails: ['a@', 'b'] });
    expect(malformed.RetCode).toBe(RetCode.NoValidRecipients);
  });

  it('lists tasks by a status filter group and cancels a scheduled one', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const task = await send([addr('later')], { SendType: 'scheduled', ScheduledTime: at, TimeZone: 'UTC' });
    expect(task.Status).toBe(EMAIL_TASK_STATUS.Parsing);
    await waitFor(
      async () => (await api('GetEmailSendTask', { Page: 1, NumPerPage: 10, TaskId: task.TaskId })).Tasks[0],
      (t) => t.Status === EMAIL_TASK_STATUS.Waiting,
    );
    const listed = async (Status: number[]) =>
      (await api('GetEmailSendTask', { Page: 1, NumPerPage: 50, Status: Status })).Tasks.map((t) => t.TaskId);
    expect(await listed([...EMAIL_TASK_FILTER_GROUPS.notStarted])).toContain(task.TaskId);
    expect(await listed([...EMAIL_TASK_FILTER_GROUPS.completed])).not.toContain(task.TaskId);
    expect((await api('CancelEmailSendTask', { TaskId: task.TaskId })).Status).toBe(EMAIL_TASK_STATUS.Cancelled);
    expect(await listed([...EMAIL_TASK_FILTER_GROUPS.cancelled])).toContain(task.TaskId);
    const late = await send([addr('late')], {
      SendType: 'scheduled',
      ScheduledTime: '2000-01-01 10:00',
      TimeZone: 'UTC',
    }).catch((error: { retCode?: number }) => error.retCode);
    expect(late).toBe(RetCode.ScheduleInPast);
  }, 60_000);
});
