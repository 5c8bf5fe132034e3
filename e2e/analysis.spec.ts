import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, DEMO, signIn, unique } from './support';

// Spec 000 §2 /analysis/marketing_analysis and §4 module gate. The demo account's Pro plan has the
// Analysis module; the 'expiring' fixture is on the starter plan (MarketingPlan only), seeded because
// the e2e server runs with HERALD_E2E_FIXTURES=1 (server/db/seed-fixtures.ts).
const STARTER = { email: 'plan-expiring@herald.local', password: 'herald-plans-1' };
const PATH = '/analysis/marketing_analysis';

/**
 * One small SMS task by the demo account, finished: sandbox numbers ending 0-6 are delivered and 7
 * fails with an EC00x code, so the page has sends, a failure reason and spend.
 */
async function sendDemoTask(request: APIRequestContext) {
  const token = (
    await api<{ AccessToken: string }>(request, 'LoginByPassword', { Email: DEMO.email, Password: DEMO.password })
  ).AccessToken;
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUSMSTemplate',
    {
      TemplateName: unique('analysis'),
      Purpose: 2,
      Language: 'en',
      Content: 'Your Herald order has shipped and will arrive soon',
    },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUSMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(2);
  await api(
    request,
    'AddUSMSSendTask',
    {
      TaskName: unique('analysis'),
      TemplateId,
      CountryCode: 'US',
      Phones: ['14155550601', '14155550602', '14155550607'],
    },
    token,
  );
  const now = Math.floor(Date.now() / 1000);
  await expect
    .poll(
      async () =>
        (
          await api<{ Total: number }>(
            request,
            'GetUSMSSendReceiptCodeStatistics',
            { BeginTime: now - 3600, EndTime: now + 3600 },
            token,
          )
        ).Total,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

async function switchToChinese(page: Page) {
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
}

/** The Analysis menu's "Marketing analysis" item, with the menu opened (the group has two pages). */
async function analysisItem(page: Page, group: string, item: RegExp) {
  await page
    .getByRole('navigation', { name: /^Product navigation$|^产品导航$/ })
    .getByRole('button', { name: group, exact: true })
    .click();
  return page.getByRole('menuitem', { name: item });
}

test('the demo account (Pro, with Analysis) sees its sends, spend and failure reasons, in both languages', async ({
  page,
  request,
}) => {
  await sendDemoTask(request);
  await page.goto(`/signin?service=${encodeURIComponent(PATH)}`);
  await signIn(page);
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));

  await expect(page.getByRole('heading', { level: 1, name: 'Marketing analysis' })).toBeVisible();
  await expect(page.getByTestId('analysis-kpi-submitted')).not.toHaveText('0');
  await expect(page.getByTestId('analysis-kpi-delivered')).not.toHaveText('0');
  await expect(page.getByTestId('analysis-kpi-rate')).toHaveText(/%$/);
  await expect(page.getByTestId('analysis-kpi-spend')).toHaveText(/^\$\d/);
  await expect(page.getByTestId('analysis-kpi-spend')).not.toHaveText('$0.00');
  await expect(page.getByTestId('send-chart')).toBeVisible();
  await expect(page.getByTestId('analysis-failures')).toContainText(/EC00[1-4]/);
  const channels = page.getByTestId('analysis-channels');
  await expect(channels.getByRole('row', { name: /^SMS/ })).not.toContainText('No send statistics yet');
  // every kernel channel with statistics has its row's figures; voice has none yet
  await expect(channels.getByRole('row', { name: /^WhatsApp/ })).not.toContainText('No send statistics yet');
  await expect(channels.getByRole('row', { name: /^Voice/ })).toContainText('No send statistics yet');
  // the key figures add every channel; one chosen, they are its row's
  await expect(page.getByRole('button', { name: /^Channel/ })).toContainText('All channels');
  const smsSubmitted = (await channels.getByRole('row', { name: /^SMS/ }).getByRole('cell').nth(1).textContent())!;
  await page.getByRole('button', { name: /^Channel/ }).click();
  await page.getByRole('option', { name: 'SMS', exact: true }).click();
  await expect(page.getByTestId('analysis-kpi-submitted')).toHaveText(smsSubmitted);
  // the plan has the module: no upgrade icon on its menu item
  const item = await analysisItem(page, 'Analysis', /^Marketing analysis/);
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: 'Needs a plan upgrade' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // a quick range and another comparison window ask again; the page keeps its figures
  await page.getByTestId('analysis-range').getByRole('radio', { name: 'Last 30 days' }).click();
  await expect(page.getByTestId('analysis-kpi-submitted')).not.toHaveText('0');
  await expect(page.getByTestId('analysis-compare')).toContainText('30 days earlier');

  await switchToChinese(page);
  await expect(page.getByRole('heading', { level: 1, name: '营销分析' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '主要失败原因' })).toBeVisible();
  await expect(channels.getByRole('row', { name: /^短信/ })).toBeVisible();
  await expect(channels.getByRole('row', { name: /^邮件/ })).not.toContainText('暂无发送统计');
  await expect(channels.getByRole('row', { name: /^语音/ })).toContainText('暂无发送统计');
});

test('an account whose plan lacks Analysis is sent to /subscription and sees the upgrade icon, in both languages', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, STARTER.email, STARTER.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const item = await analysisItem(page, 'Analysis', /^Marketing analysis/);
  await expect(item.getByRole('img', { name: 'Needs a plan upgrade' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(PATH);
  await expect(page).toHaveURL(/\/subscription\?module=Analysis$/);
  await expect(page.getByTestId('marketing-analysis')).toHaveCount(0);
  // the plans page says which plans include the page asked for (issue 18 §12)
  await expect(page.getByRole('status').filter({ hasText: 'Marketing analysis is part of the' })).toContainText(
    /Choose (it|one) below/,
  );

  // the menu item leads to the same gate
  await switchToChinese(page);
  await expect(
    (await analysisItem(page, '分析', /^营销分析/)).getByRole('img', { name: '需要升级套餐' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/dashboard');
  await (await analysisItem(page, '分析', /^营销分析/)).click();
  await expect(page).toHaveURL(/\/subscription\?module=Analysis$/);
  await expect(page.getByTestId('plan-module-notice')).toContainText('「营销分析」包含在');
  await expect(page.getByTestId('marketing-analysis')).toHaveCount(0);
});
