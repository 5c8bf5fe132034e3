import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, unique } from './support';
import { signInDemo } from './sms-support';

// Advertising (issue 17 items 1-4): apply for a Facebook account, see the sandbox open it, recharge it
// from the ad wallet and see the balance arrive; bad input stays on its step with field errors; zh.
// The e2e server's platform delays are short (playwright.config.ts: review 1 s, top-up 1.5 s).

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillCompany(page: Page, name: string, link = 'https://shop.example.com') {
  const dialog = page.getByTestId('ad-opening-dialog');
  await dialog.getByLabel('Account name').fill(name);
  await dialog.getByLabel('Company name').fill('Example Ltd');
  await dialog.getByLabel('Promotion link').fill(link);
  await dialog.getByLabel('Registered region').fill('HK');
  await dialog.getByLabel('Business licence number').fill('BR-123456');
  await choose(page, 'Industry', 'E-commerce');
  await choose(page, 'Sub-industry', 'Apparel');
}

test.beforeAll(async ({ request }) => {
  const { AccessToken } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  // Money for the ad wallet (6026) from the demo account's main wallet.
  await api(
    request,
    'TransferWalletFunds',
    { From: 0, To: 6026, Amount: 100 * 10_000, IdempotencyKey: unique('adfund') },
    AccessToken,
  );
});

test('apply for a Facebook account, the sandbox opens it, recharge it, the balance arrives', async ({ page }) => {
  const name = unique('Spring shop');
  await signInDemo(page, '/advertising/facebook/account-list');
  await expect(page.getByRole('heading', { name: 'Facebook accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply for accounts' }).click();
  const dialog = page.getByTestId('ad-opening-dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillCompany(page, name);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Facebook details')).toBeVisible();
  await dialog.getByLabel('BM ID').fill('1234567890');
  await dialog.getByLabel('Pixel ID').fill('9876543210');
  await choose(page, 'US landing page is e-commerce', 'No');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog.getByRole('status')).toContainText('sent');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Ad accounts' }).getByRole('row', { name: new RegExp(name) }),
    ).toContainText('Empty');
  }).toPass({ timeout: 20_000 });

  await page
    .getByRole('table', { name: 'Ad accounts' })
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Recharge' })
    .click();
  const recharge = page.getByTestId('ad-recharge-dialog');
  await recharge.getByLabel('Amount').fill('9.99');
  await recharge.getByRole('button', { name: 'Recharge' }).click();
  await expect(recharge.getByText('Recharge at least 10.00.')).toBeVisible();
  await recharge.getByLabel('Amount').fill('25');
  await recharge.getByRole('button', { name: 'Recharge' }).click();
  await expect(recharge).toBeHidden();
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Ad accounts' }).getByRole('row', { name: new RegExp(name) }),
    ).toContainText('$25.00');
  }).toPass({ timeout: 20_000 });

  await page.goto('/advertising/home-page');
  await expect(page.getByRole('heading', { name: 'Advertising overview' })).toBeVisible();
  await expect(page.getByText('Ad wallet balance')).toBeVisible();
  // the recharge list (statuses 0-5, rebates included) shows the recharge that arrived
  await expect(
    page
      .getByRole('table', { name: /latest recharges/ })
      .getByRole('row', { name: /Agent success/ })
      .first(),
  ).toBeVisible();
});

test('quantity 0 and a link without http(s) are field errors on their step', async ({ page }) => {
  await signInDemo(page, '/advertising/google/account-list');
  await page.getByRole('button', { name: 'Apply for accounts' }).click();
  const dialog = page.getByTestId('ad-opening-dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillCompany(page, unique('Bad input'), 'shop.example.com');
  await dialog.getByLabel('Number of accounts').fill('0');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Open at least 1 account.')).toBeVisible();
  await expect(dialog.getByText('Start the link with http:// or https://.')).toBeVisible();
  await expect(dialog.getByText('Step 2 of 4')).toBeVisible();
});

test('the advertising pages in Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/advertising/home-page');
  await expect(page.getByRole('heading', { name: '广告总览' })).toBeVisible();
  await page.goto('/advertising/tiktok/account-list');
  await expect(page.getByRole('heading', { name: 'TikTok 账户' })).toBeVisible();
  await expect(page.getByRole('button', { name: '申请开户' })).toBeVisible();
  // TikTok's own account statuses (spec 001 §4)
  await expect(page.getByRole('columnheader', { name: '平台状态' })).toBeVisible();
});
