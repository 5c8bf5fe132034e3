import { expect, test, type Page } from '@playwright/test';
import { signInDemo } from './sms-support';
import { PNG_1X1 } from './social-support';
import { unique } from './support';

// Issue 16 items 1 and 3: connect a Twitter and an Instagram sandbox profile through the platforms' consent
// pages, compose one post for both and see each platform's rule as it is typed, schedule it, cancel it.

test.setTimeout(90_000);

async function connectThroughConsent(page: Page, platform: string, account: string) {
  await page.getByRole('button', { name: `Connect ${platform}` }).click();
  await expect(page.getByRole('heading', { name: `${platform} (sandbox)` })).toBeVisible();
  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('status')).toContainText(`${account} on ${platform} is connected.`);
  await page.getByRole('link', { name: 'Back to social accounts' }).click();
}

test('connect Twitter and Instagram, compose one post for both, schedule it and cancel it', async ({ page }) => {
  const twitter = unique('Acme X');
  const instagram = unique('Acme IG');
  const text = unique('Spring sale');
  await signInDemo(page, '/mkthub/socialMedialist');
  await expect(page.getByRole('heading', { level: 1, name: 'Social media' })).toBeVisible();
  await connectThroughConsent(page, 'Twitter', twitter);
  await connectThroughConsent(page, 'Instagram', instagram);
  await expect(page.getByRole('row', { name: new RegExp(twitter) })).toContainText('Connected');

  await page.getByRole('link', { name: 'New post' }).first().click();
  await expect(page).toHaveURL(/\/mkthub\/post\/social\/message$/);
  await page.getByLabel(`Twitter · ${twitter}`).check();
  await page.getByLabel(`Instagram · ${instagram}`).check();
  const rules = page.getByRole('region', { name: 'Platform rules' });
  await page.getByLabel('Text').fill(`${text} ${'x'.repeat(281 - text.length - 1)}`);
  await expect(rules.getByRole('listitem', { name: `Twitter · ${twitter}` })).toContainText(
    'At most 280 characters on this platform.',
  );
  await expect(rules.getByRole('listitem', { name: `Instagram · ${instagram}` })).toContainText(
    'This platform needs an image or a video.',
  );
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeDisabled();

  await page.getByLabel('Text').fill(text);
  await page.getByLabel('Images or video').setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('button', { name: 'Remove sale.png' })).toBeVisible({ timeout: 20_000 });
  await expect(rules.getByText('ready')).toHaveCount(2);
  await page.getByLabel('Schedule for').fill('2030-01-15T10:00');
  await page.getByRole('button', { name: 'Schedule' }).click();

  await expect(page).toHaveURL(/\/mkthub\/socialMedialist$/);
  const row = page.getByRole('row', { name: new RegExp(text) });
  await expect(row).toContainText('Scheduled');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).last().click();
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});
