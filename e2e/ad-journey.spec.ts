import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, unique } from './support';
import { signInDemo } from './sms-support';

// Issue 17's journey, in one test: apply for a Facebook account, the sandbox opens it, recharge it (9.99 is
// refused at its field), create a campaign → ad set → ad (a bid cap below zero is refused at its field), the
// sandbox approves the ad, pause it, and its spend appears in the data report. The e2e server's platform
// delays are short (playwright.config.ts: review 1 s, top-up 1.5 s, ad review 1 s) and the spend sweep runs
// every 2 s (HERALD_AD_STATS_SWEEP_MS): the report only reads what the sweep charged.

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test.beforeAll(async ({ request }) => {
  const { AccessToken } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  // money for the ad wallet (6026) from the demo account's main wallet
  await api(
    request,
    'TransferWalletFunds',
    { From: 0, To: 6026, Amount: 100 * 10_000, IdempotencyKey: unique('adjourney') },
    AccessToken,
  );
});

test('apply for a Facebook account, recharge it, create campaign → ad set → ad, see spend in the data report', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = unique('Journey shop');
  await signInDemo(page, '/advertising/facebook/account-list');
  await page.getByRole('button', { name: 'Apply for accounts' }).click();
  const dialog = page.getByTestId('ad-opening-dialog');
  await expect(dialog.getByRole('button', { name: /^Ad platform/ })).toContainText('Facebook');
  // a click while the dialog is still opening can be lost on a loaded machine: until the step moves
  await expect(async () => {
    await next(page);
    await expect(dialog.getByText('Step 2 of 4')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel('Account name').fill(name);
  await dialog.getByLabel('Company name').fill('Example Ltd');
  await dialog.getByLabel('Promotion link').fill('https://shop.example.com');
  // UTC+0, so the test can say which day the ad set starts on: today in UTC
  await choose(page, 'Ad time zone', 'UTC+0');
  await dialog.getByLabel('Registered region').fill('HK');
  await dialog.getByLabel('Business licence number').fill('BR-123456');
  await choose(page, 'Industry', 'E-commerce');
  await choose(page, 'Sub-industry', 'Apparel');
  await next(page);
  await dialog.getByLabel('BM ID').fill('1234567890');
  await dialog.getByLabel('Pixel ID').fill('9876543210');
  await choose(page, 'US landing page is e-commerce', 'No');
  await next(page);
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog.getByRole('status')).toContainText('sent');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const row = page.getByRole('table', { name: 'Ad accounts' }).getByRole('row', { name: new RegExp(name) });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Empty', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('button', { name: 'Recharge' }).click();
  const recharge = page.getByTestId('ad-recharge-dialog');
  await recharge.getByLabel('Amount').fill('9.99');
  await recharge.getByRole('button', { name: 'Recharge' }).click();
  await expect(recharge.getByText('Recharge at least 10.00.')).toBeVisible();
  await recharge.getByLabel('Amount').fill('25');
  await recharge.getByRole('button', { name: 'Recharge' }).click();
  await expect(recharge).toBeHidden();
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Normal', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  await row.getByRole('link', { name: 'Ads' }).click();
  // the page's action (the empty list offers the same button)
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  await expect(page.getByRole('heading', { name: 'New Facebook campaign' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill(`${name} set`);
  // the schedule starts today in the account's zone (UTC+0 here), whatever the hour: an ad starting
  // "tomorrow" would have no spend today
  await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue(new Date().toISOString().slice(0, 10));
  await page.getByRole('textbox', { name: 'Bid amount' }).fill('-1');
  await expect(page.getByText('The amount cannot be below zero.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Bid amount' }).fill('1.50');
  await page.getByRole('textbox', { name: 'Daily budget' }).fill('20');
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill(`${name} ad`);
  await page.getByLabel('Primary text').fill('Spring shoes, 20% off this week.');
  await page.getByRole('textbox', { name: 'Headline' }).fill('Spring sale');
  await page.getByLabel('Destination URL').fill('https://shop.example.com/spring');
  await next(page);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('status')).toContainText('The ad is in review');
  await page.getByRole('link', { name: 'See the ad list' }).click();
  const table = page.getByRole('table', { name: 'Campaigns, ad sets and ads' });
  const adRow = table.getByRole('row', { name: new RegExp(`${name} ad`) });
  await expect(adRow).toContainText('Active', { timeout: 15_000 });
  await adRow.getByRole('button', { name: 'Pause' }).click();
  await expect(adRow).toContainText('Paused');

  // the day's figures were written at the approval; the sweep charges them and the report shows them
  await page.goto('/advertising/data-report');
  const reported = page.getByRole('table', { name: 'By account' }).getByRole('row', { name: new RegExp(name) });
  await expect(async () => {
    await page.reload();
    await expect(reported).toContainText(/\$(?!0\.00)\d+\.\d\d/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('figure', { name: 'Spend by day' })).toBeVisible();

  // the home page lists the recharge that arrived (recharge statuses 0-5)
  await page.goto('/advertising/home-page');
  await expect(
    page
      .getByRole('table', { name: /latest recharges/ })
      .getByRole('row', { name: /Agent success/ })
      .first(),
  ).toBeVisible();
});
