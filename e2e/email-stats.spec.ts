import { expect, test, type Page } from '@playwright/test';
import { EMAIL_TASK_STATUS } from '../src/gateway/contract/statuses';
import { api, signIn, unique } from './support';
import { demoToken, signInDemo } from './sms-support';
import { emailSendingSetup } from './email-support';

// Issue 13 items 4 and 6, the console: an e-mail task to a segment (a reader and a hard bounce), the reader's mail
// fetched from /dev/outbox and its open pixel requested as a mail client would; then the records across
// tasks (/email/search) with the open and an export, the analytics totals and trace statistics, and the
// overview. The demo account's earlier mail counts too, so each count is read before and after.

test.describe.configure({ timeout: 180_000 });

const countOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

test('a sent and opened mail shows in the records, the analytics and the overview', async ({ page, request }) => {
  const token = await demoToken(request);
  const call = <D>(action: string, input: object) => api<D>(request, action, input, token);
  const { senderId: SenderId, templateId: TemplateId } = await emailSendingSetup(
    request,
    token,
    '<p>Autumn is here. <a href="https://shop.example.com/autumn">See the offers</a> <a href="{{UnsubscribeUrl}}">Unsubscribe</a></p>',
  );

  await signInDemo(page, '/email/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail analytics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('analytics-total-submit')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('trace-total-opens')).toBeVisible({ timeout: 20_000 });
  const sentBefore = await countOf(page, 'analytics-total-submit');
  const deliveredBefore = await countOf(page, 'analytics-total-success');
  const opensBefore = await countOf(page, 'trace-total-opens');

  const stamp = Date.now();
  const reader = `reader-${stamp}@inbox.example.org`;
  const bounce = `invalid-${stamp}@inbox.example.org`;
  const taskName = unique('email-stats');
  // sent to a segment of the audience: the two contacts tagged for this run
  const tag = unique('autumn');
  for (const Email of [reader, bounce]) await call('CreateContact', { Email, Tags: [tag] });
  const { SegmentId } = await call<{ SegmentId: number }>('CreateSegment', {
    Name: unique('Autumn readers'),
    Rules: {
      Match: 'all',
      Groups: [{ Match: 'all', Conditions: [{ Source: 1, Field: 'tags', Operator: 'hasTag', Value: tag }] }],
    },
  });
  const { TaskId } = await call<{ TaskId: string }>('AddEmailSendTask', {
    TaskName: taskName,
    TemplateId,
    SenderId,
    SegmentId,
  });
  await expect
    .poll(
      async () =>
        (await call<{ Tasks: { Status: number }[] }>('GetEmailSendTask', { Page: 1, NumPerPage: 10, TaskId })).Tasks[0]
          ?.Status,
      { timeout: 60_000 },
    )
    .toBe(EMAIL_TASK_STATUS.Completed);

  // the reader opens the mail: its pixel, as the mail client loads it from the HTML in /dev/outbox
  let html = '';
  await expect
    .poll(
      async () => {
        const mail = (await (await request.get('/dev/outbox/mail.json')).json()) as {
          envelopeTo: string[];
          html: string;
        }[];
        html = mail.find((m) => m.envelopeTo.includes(reader))?.html ?? '';
        return html.length > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const pixel = /src="https?:\/\/[^/"]+(\/t\/o\/[^"]+\.gif)"/.exec(html)![1];
  expect((await request.get(pixel)).headers()['content-type']).toBe('image/gif');

  // /email/search: the reader's record, opened once; the bounce by its result; an export of them
  await page.getByRole('link', { name: 'Send records' }).first().click();
  await expect(page).toHaveURL(/\/email\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail send records' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(`-${stamp}@inbox`);
  const rows = page.getByTestId('records-table').getByRole('row');
  const readerRow = rows.filter({ hasText: reader });
  await expect(readerRow.getByTestId('record-result')).toHaveText('Delivered', { timeout: 20_000 });
  await expect(readerRow.getByTestId('record-opens')).toHaveText('1');
  await expect(readerRow.getByRole('link', { name: taskName })).toBeVisible();
  await expect(rows.filter({ hasText: bounce }).getByTestId('record-result')).toHaveText('Bounced');
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
  await page.getByRole('tab', { name: 'Exports' }).click();
  await page.getByRole('button', { name: 'Export records' }).click();
  await expect(page.getByTestId('exports-table').getByTestId('export-status').first()).toHaveText('Completed', {
    timeout: 30_000,
  });
  const download = page.waitForEvent('download');
  await page.getByTestId('export-download').first().click();
  expect((await download).suggestedFilename()).toMatch(/^email-records-.*\.csv$/);

  // /email/analytics: both mails sent, one delivered, and the open
  await page.getByRole('link', { name: 'Analytics' }).first().click();
  await expect(page).toHaveURL(/\/email\/analytics$/);
  await expect(page.getByTestId('analytics-total-submit')).toHaveText(String(sentBefore + 2), { timeout: 20_000 });
  await expect(page.getByTestId('analytics-total-success')).toHaveText(String(deliveredBefore + 1));
  await expect(page.getByTestId('trace-total-opens')).toHaveText(String(opensBefore + 1));
  await expect(page.getByRole('heading', { name: 'Delivery results' })).toBeVisible();
  await page.getByLabel('Compare with').click();
  await page.getByRole('option', { name: '7 days earlier' }).click();
  await expect(page.getByTestId('trace-totals').getByText(/ vs /).first()).toBeVisible({ timeout: 20_000 });

  // /email/overview: today's sends, the week's opens and the task among the recent ones
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page).toHaveURL(/\/email\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail overview' })).toBeVisible();
  expect(await countOf(page, 'email-today-sent')).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('trace-total-opens')).not.toHaveText('0', { timeout: 20_000 });
  await expect(page.getByTestId('email-wallet')).toBeVisible();
  await expect(page.getByRole('link', { name: taskName })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/bill/management');
});

test('the e-mail overview, records and analytics speak Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.goto('/signin?service=%2Femail%2Foverview');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: '邮件概览' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '最近 7 天的打开与点击' })).toBeVisible();
  await page.goto('/email/search');
  await expect(page.getByRole('heading', { level: 1, name: '邮件发送记录' })).toBeVisible();
  await expect(page.getByLabel('邮箱地址')).toBeVisible();
  await page.goto('/email/analytics');
  await expect(page.getByRole('heading', { level: 1, name: '邮件统计' })).toBeVisible();
  await expect(page.getByTestId('analytics-totals')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: '送达结果' })).toBeVisible();
});
