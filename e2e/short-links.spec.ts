import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';
import { unique } from './support';

// Short links (issue 16 item 5): create one with its QR code, open it from a browser with a Chinese locale
// and from the QR variant on a phone, refresh the statistics, and read PV, UV, QR scans, browser and
// language on the detail page.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test('a short link counts real visits: a Chinese browser click and a QR scan', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // three browser contexts, two downloads and a refresh: longer than the default minute on a shared machine
  test.slow();
  await signInDemo(page, '/tool/short-link/create');
  const title = unique('Spring sale');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Long link').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByText('The link must be a web address starting with http:// or https://.')).toBeVisible();
  await expect(page.getByText('Enter the UTM source.')).toBeVisible();

  await page.getByLabel('Long link').fill(`${baseURL}/healthz?from=e2e`);
  await page.getByLabel('UTM source').fill('newsletter');
  await page.getByLabel('UTM medium').fill('email');
  await page.getByLabel('UTM campaign').fill('spring');
  await page.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByText('Your short link is ready')).toBeVisible();

  // The QR code: a preview, sizes 100-1000 px, PNG and SVG downloads.
  const shortUrl = (await page.locator('code').first().textContent())!.trim();
  expect(shortUrl).toMatch(/\/s\/[0-9A-Za-z]{8}$/);
  await expect(page.getByRole('img', { name: `QR code of ${shortUrl}?origin=qr_code` })).toBeVisible();
  const size = page.getByLabel('Size (px)');
  for (const bad of ['99', '1001']) {
    await size.fill(bad);
    await expect(page.getByText('The QR code size must be a whole number from 100 to 1000 px.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
  }
  await size.fill('500');
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  expect((await png).suggestedFilename()).toMatch(/-500\.png$/);
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  expect((await svg).suggestedFilename()).toMatch(/-500\.svg$/);

  // A visitor with a Chinese browser clicks the link; another scans the QR code on a phone.
  const chinese = await browser.newContext({ locale: 'zh-CN' });
  const clickPage = await chinese.newPage();
  await clickPage.goto(`${shortUrl}?url=https://evil.example`);
  await expect(clickPage).toHaveURL(/\/healthz\?from=e2e&utm_source=newsletter&utm_medium=email&utm_campaign=spring$/);
  await chinese.close();
  const phone = await browser.newContext({ locale: 'en-GB', userAgent: IPHONE_UA });
  const scanPage = await phone.newPage();
  await scanPage.goto(`${shortUrl}?origin=qr_code`);
  await expect(scanPage).toHaveURL(/\/healthz\?from=e2e&utm_source=newsletter/);
  await phone.close();
  // An unknown code is a page that goes nowhere.
  const missing = await request.get('/s/zzzzzzzz', { maxRedirects: 0 });
  expect(missing.status()).toBe(404);

  // The 10-minute refresh, now.
  expect((await request.post('/dev/short-links/refresh')).ok()).toBe(true);
  await page.getByRole('link', { name: 'View details' }).click();
  await expect(page.getByText(/^Statistics refreshed /)).toBeVisible();
  await expect(page.getByRole('group', { name: 'PV' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'UV' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'Clicks' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'QR scans' })).toContainText('1');
  await expect(page.getByRole('table', { name: 'Browsers' })).toContainText('Chrome');
  await expect(page.getByRole('table', { name: 'Browsers' })).toContainText('Mobile Safari');
  await expect(page.getByRole('table', { name: 'Languages' })).toContainText('zh-CN');
  await expect(page.getByRole('table', { name: 'Languages' })).toContainText('en-GB');
  await expect(page.getByRole('table', { name: 'Devices' })).toContainText('mobile');
  await expect(page.getByRole('table', { name: 'Top locations' })).toContainText('Unknown');

  // The list finds it, with its counts.
  await page.getByRole('link', { name: 'Back to short links' }).click();
  await page.getByLabel('Search by title, link or code').fill(title);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('the short-link pages speak Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/tool/short-link');
  await expect(page.getByRole('heading', { level: 1, name: '短链接' })).toBeVisible();
  await page.getByRole('link', { name: '新建短链接' }).click();
  await page.getByRole('button', { name: '创建短链接' }).click();
  await expect(page.getByText('请输入 UTM 来源。')).toBeVisible();
});
