import { expect, test, type Page } from '@playwright/test';
import { unique } from './support';
import { openedFacebookAccount } from './fb-ads-support';
import { signInDemo } from './sms-support';

// Facebook campaigns, ad sets and ads (issue 17 item 6): for an opened sandbox Facebook account, the
// ad-create wizard makes a campaign → ad set → ad (a bid cap below zero is named at its field first), the
// sandbox approves the ad (ACTIVE, HERALD_FB_AD_REVIEW_DELAY_MS 1 s), and the ad list pauses it.

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('create a campaign → ad set → ad, see the ad approved (Active), pause it', async ({ page, request }) => {
  const accountId = await openedFacebookAccount(request);
  const name = unique('Spring');
  await signInDemo(page, `/advertising/facebook/ad-create/${accountId}/1`);
  await expect(page.getByRole('heading', { name: 'New Facebook campaign' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await next(page);
  await page.getByLabel('Name', { exact: true }).fill(`${name} set`);
  await page.getByRole('textbox', { name: 'Bid amount' }).fill('-1');
  await expect(page.getByText('The amount cannot be below zero.')).toBeVisible();
  await next(page);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
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
  await expect(table.getByRole('row', { name: new RegExp(`${name} set`) })).toContainText('Active');
});
