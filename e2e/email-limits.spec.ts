import { expect, test, type APIRequestContext } from '@playwright/test';
import { emailSendingSetup } from './email-support';
import { demoToken, signInDemo } from './sms-support';
import { api, signIn, uniqueEmail, waitForMessage } from './support';

// Issue 13 item 7 (docs/decisions.md "E-mail limits and alerts"): the e-mail sending limits and alert
// thresholds on /email/setting, set in the browser and enforced by the server. The demo account is shared
// with other specs: every test puts back what it changed.

test.setTimeout(180_000);

interface Reply {
  RetCode: number;
  Message: string;
}

const post = async (request: APIRequestContext, token: string, Action: string, input: object) =>
  (await (
    await request.post('/api', { data: { Action, ...input }, headers: { authorization: `Bearer ${token}` } })
  ).json()) as Reply;

async function putBack(request: APIRequestContext, token: string, ruleAddress?: string) {
  await api(request, 'CreateEmailLimitAlarmRule', { DailyLimit: null, MonthlyLimit: null, TotalLimit: null }, token);
  const { Rules } = await api<{ Rules: { RuleId: string; Emails: string[] }[] }>(
    request,
    'DescribeEmailAlertRule',
    {},
    token,
  );
  for (const rule of Rules.filter((r) => ruleAddress && r.Emails.includes(ruleAddress)))
    await api(request, 'DeleteEmailAlertRule', { RuleId: rule.RuleId }, token);
}

test('a daily limit set on /email/setting refuses the send that would pass it, naming the e-mail settings', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const { senderId, templateId } = await emailSendingSetup(request, token);
  const send = (to: string) =>
    post(request, token, 'AddEmailSendTask', {
      TaskName: 'limits',
      TemplateId: templateId,
      SenderId: senderId,
      Emails: [to],
    });
  try {
    // The shared account may have sent today already: the limit leaves room for exactly one more mail.
    const { DailyCount } = await api<{ DailyCount: number }>(request, 'GetEmailLimitAlarmRule', {}, token);
    await signInDemo(page, '/email/setting');
    await expect(page.getByText('Sending limits', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Daily limit').fill('abc');
    await page.getByTestId('limit-save').click();
    await expect(page.getByLabel('Daily limit')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Daily limit').fill(String(DailyCount + 1));
    await page.getByTestId('limit-save').click();
    await expect(page.getByText('The limits were saved.')).toBeVisible();

    expect((await send('first@inbox.example.org')).RetCode).toBe(0);
    const refused = await send('second@inbox.example.org');
    expect(refused.RetCode).not.toBe(0);
    expect(refused.Message).toContain(`Sending limit reached (${DailyCount + 1} per day)`);
    expect(refused.Message).toContain('E-mail settings');
    await page.reload();
    await expect(page.getByText(`Used: ${(DailyCount + 1).toLocaleString('en')}`).first()).toBeVisible();
  } finally {
    await putBack(request, token);
  }
});

test('a block-rate threshold fires on a hard bounce: the alert mail is at /dev/outbox', async ({ page, request }) => {
  const token = await demoToken(request);
  const { senderId, templateId } = await emailSendingSetup(request, token);
  const alerts = uniqueEmail('alerts');
  try {
    await signInDemo(page, '/email/setting');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New alarm rule' });
    await dialog.getByRole('button', { name: 'All requests' }).click();
    await page.getByRole('option', { name: 'Block rate' }).click();
    await dialog.getByLabel('Threshold (%)').fill('101');
    await dialog.getByLabel('Alarm e-mails').fill(alerts);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('a percent from 0 to 100')).toBeVisible();
    await dialog.getByLabel('Threshold (%)').fill('0.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The alarm rule was saved.')).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: 'Block rate' }).filter({ hasText: '0.5% per day' }),
    ).toBeVisible();

    await api(
      request,
      'AddEmailSendTask',
      {
        TaskName: 'bounce',
        TemplateId: templateId,
        SenderId: senderId,
        Emails: [`bounce-${Date.now()}@inbox.example.org`],
      },
      token,
    );
    const mail = await waitForMessage(request, alerts, /block rate/);
    expect(mail.subject).toContain('E-mail alert: block rate reached');
    await page.goto('/dev/outbox');
    await expect(page.getByText(mail.subject).first()).toBeVisible();
  } finally {
    await putBack(request, token, alerts);
  }
});

test('the e-mail limits and alert thresholds speak Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.goto(`/signin?service=${encodeURIComponent('/email/setting')}`);
  await signIn(page);
  await expect(page.getByText('告警阈值', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '添加规则' }).click();
  await expect(page.getByRole('dialog').getByText('监控项', { exact: true })).toBeVisible();
});
