import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, DEMO, unique } from './support';
import { signInDemo } from './sms-support';

// Ad operations and the data report (issue 17 items 5 and 7): a BM binding applied from the account list
// succeeds in the operation records; the data report shows the account's spend in a chart and exports a
// CSV. The account is opened and funded through the API (the opening form is advertising.spec.ts's);
// the e2e server's sandbox answers operations after 1 s (playwright.config.ts).

// TikTok: Facebook's daily figures come from its ads (docs/decisions.md "Advertising: spend and rebates"),
// TikTok's from the account-level rule, and TikTok takes BM bindings too.
const TIKTOK_FIELDS = {
  CompanyEnglishName: 'Example Trading',
  Address: '1 Harbour Road',
  Website: 'https://example.com',
  ParentCompany: 'Example Holdings',
  CustomerCategory: 'ecommerce',
};

async function fundedTikTokAccount(request: APIRequestContext, name: string) {
  const { AccessToken } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  await api(
    request,
    'TransferWalletFunds',
    { From: 0, To: 6026, Amount: 50 * 10_000, IdempotencyKey: unique('adrfund') },
    AccessToken,
  );
  await api(
    request,
    'ApplyAdAccount',
    {
      PlatformId: 3,
      AccountName: name,
      CompanyName: 'Example Ltd',
      PromotionLink: 'https://shop.example.com',
      TimeZone: 'UTC+8',
      Quantity: 1,
      Currency: 'USD',
      RegisteredRegion: 'HK',
      LicenseNumber: 'BR-1',
      Industry: 'ecommerce',
      SubIndustry: 'apparel',
      ...TIKTOK_FIELDS,
    },
    AccessToken,
  );
  let accountId = '';
  await expect(async () => {
    const list = await api<{ Accounts: { AccountId: string; Name: string }[] }>(
      request,
      'ListAdAccount',
      { PlatformId: 3, Keyword: name },
      AccessToken,
    );
    accountId = list.Accounts.find((account) => account.Name === name)?.AccountId ?? '';
    expect(accountId).not.toBe('');
  }).toPass({ timeout: 20_000 });
  await api(
    request,
    'RechargeAdAccount',
    { AccountId: accountId, Amount: 20 * 10_000, IdempotencyKey: unique('adrrecharge') },
    AccessToken,
  );
  return accountId;
}

test('a BM binding succeeds in the operation records; the data report charts spend and exports CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = unique('Report shop');
  const accountId = await fundedTikTokAccount(request, name);

  await signInDemo(page, '/advertising/tiktok/account-list');
  const row = page.getByRole('table', { name: 'Ad accounts' }).getByRole('row', { name: new RegExp(name) });
  await expect(async () => {
    await page.reload();
    // the spend sweep (every 2 s) may already have spent the money: Normal or Empty, it takes operations
    await expect(row.getByRole('button', { name: 'Operations' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole('button', { name: 'Operations' }).click();
  const dialog = page.getByTestId('ad-operation-dialog');
  await expect(dialog.getByRole('button', { name: /^Operation/ })).toContainText('BM binding');
  await dialog.getByLabel('BM ID').fill('1234567890');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/advertising/operation-record');
  const record = page.getByRole('table', { name: 'Operation records' }).getByRole('row', { name: new RegExp(name) });
  await expect(record).toContainText('BM binding · Binding');
  await expect(record).toContainText('Success', { timeout: 15_000 });

  await page.goto('/advertising/data-report');
  await expect(page.getByRole('heading', { name: 'Data report' })).toBeVisible();
  await page.getByRole('radio', { name: 'Last 30 days' }).click();
  // the account filter searches every account as one types
  await page.getByRole('combobox', { name: 'Account' }).fill(accountId);
  await page.getByRole('option', { name: new RegExp(accountId) }).click();
  await expect(page.getByRole('table', { name: 'By account' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('figure', { name: 'Spend by day' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'By account' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Day,Currency,Spend,Impressions,Clicks,Conversions');
  expect(csv).toMatch(/\r\nTotal,USD,/);
  expect(csv).toContain(accountId);
});

test("authorise a business on the platform's consent page: its accounts are bound, then revoke", async ({ page }) => {
  const business = unique('Acme business');
  await signInDemo(page, '/advertising/facebook/authorize-authpage');
  await page.getByRole('button', { name: 'Continue to Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Facebook Ads (sandbox)' })).toBeVisible();
  await page.getByLabel('Business name').fill(business);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/advertising\/authorize-list$/);
  const row = page.getByRole('table', { name: 'Authorisations' }).getByRole('row', { name: new RegExp(business) });
  await expect(row).toContainText('Authorised');
  await expect(row).toContainText('2');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await page.goto('/advertising/facebook/account-list');
  await expect(page.getByRole('table', { name: 'Ad accounts' })).toContainText(`${business} 1`);
});
