import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { passedMmsTemplate } from './mms-support';
import { demoToken, signInDemo } from './sms-support';
import { api, signIn, unique } from './support';

// /mms/overview and /mms/analytics against the real server: a finished MMS task is counted there
// (the demo account's earlier MMS count too, so each check reads the page before and after).

const weekCard = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const countOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

test('a finished MMS task shows in the MMS overview and analytics counts', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await demoToken(request);
  const templateId = await passedMmsTemplate(request, token);

  await signInDemo(page, '/mms/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'MMS analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-total-submit')).toBeVisible({ timeout: 20_000 });
  const sentBefore = await countOf(page, 'analytics-total-submit');
  const deliveredBefore = await countOf(page, 'analytics-total-success');

  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddUMMSSendTask',
    {
      TaskName: unique('mms-stats'),
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['14155550701', '14155550702'],
    },
    token,
  );
  await expect
    .poll(
      async () =>
        (await api<{ Tasks: { Status: number }[] }>(request, 'GetUMMSSendTask', { TaskId }, token)).Tasks[0]?.Status,
      { timeout: 60_000 },
    )
    .toBe(3);

  await page.reload();
  await expect(page.getByTestId('analytics-total-submit')).toHaveText(String(sentBefore + 2), { timeout: 20_000 });
  await expect(page.getByTestId('analytics-total-success')).toHaveText(String(deliveredBefore + 2));
  await expect(page.getByRole('heading', { name: 'Results over time' })).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page).toHaveURL(/\/mms\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MMS overview' })).toBeVisible();
  await expect(weekCard(page, 'Sent, last 7 days')).toContainText(String(sentBefore + 2), { timeout: 20_000 });
  await expect(page.getByRole('link', { name: /^mms-stats_/ }).first()).toBeVisible();

  // The MMS price list: every supported country, per message.
  const [prices] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download MMS prices' }).click(),
  ]);
  expect(prices.suggestedFilename()).toBe('herald-mms-prices.csv');
  expect(await readFile(await prices.path(), 'utf8')).toMatch(/Price per message[\s\S]*United States/);
});

test('the MMS overview and analytics speak Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.goto('/signin?service=%2Fmms%2Foverview');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: '彩信概览' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '最近 7 天费用' })).toBeVisible();
  await expect(page.getByRole('button', { name: '下载彩信价格表' })).toBeVisible();
  await page.goto('/mms/analytics');
  await expect(page.getByRole('heading', { level: 1, name: '彩信统计' })).toBeVisible();
  await expect(page.getByTestId('analytics-totals')).toBeVisible({ timeout: 20_000 });
});
