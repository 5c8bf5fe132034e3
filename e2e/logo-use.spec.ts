import { expect, test } from '@playwright/test';
import { freshAccount, signIn } from './support';

// Logos in use (issue 16 item 6): upload a logo, put it in the middle of a short link's QR code (the
// preview says so), make it the e-mail footer's logo with an address line at phone width, send a test and
// find the footer, its logo at the lasting /m/ address, in the mail the sandbox SMTP sink received.

const PASSWORD = 'logo-use-e2e-Pass-1';
const LINE = 'Acme Ltd · 1 Harbour Road, Sydney';

/** A 1x1 PNG. */
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

test('a logo in a QR code and in the e-mail footer of a test send', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = await freshAccount(request, 'logo-use', PASSWORD);
  await page.goto('/signin');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('welcome-dialog').getByRole('button', { name: 'Later' }).click();

  await page.goto('/tool/logo');
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('logo-item').filter({ hasText: 'brand.png' })).toContainText('Default');

  // A short link, then its QR code with the logo in the centre.
  await page.goto('/tool/short-link/create');
  await page.getByLabel('Title').fill(`Logo QR ${Date.now()}`);
  await page.getByLabel('Long link').fill(`${baseURL}/healthz`);
  await page.getByLabel('UTM source').fill('poster');
  await page.getByLabel('UTM medium').fill('print');
  await page.getByLabel('UTM campaign').fill('spring');
  await page.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByText('Your short link is ready')).toBeVisible();
  const shortUrl = (await page.locator('code').first().textContent())!.trim();
  await page.getByLabel('Logo in the centre').click();
  await page.getByRole('option', { name: 'brand.png', exact: true }).click();
  await expect(
    page.getByRole('img', { name: `QR code of ${shortUrl}?origin=qr_code with the logo brand.png` }),
  ).toBeVisible();

  // The e-mail footer, at phone width, by keyboard where it counts.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/email/setting');
  await page.getByLabel('Footer logo').click();
  await page.getByRole('option', { name: 'Default logo (brand.png)' }).click();
  await page.getByLabel('Name and address line').fill(LINE);
  await page.getByLabel('Name and address line').press('Enter');
  await expect(page.getByText('Footer saved.')).toBeVisible();
  await expect(page.getByRole('figure').getByRole('img', { name: 'brand.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(`Test mail sent to ${email}.`)).toBeVisible();

  // In the sandbox sink: the outbox page lists it, its HTML carries the footer.
  await page.goto('/dev/outbox');
  await expect(page.getByText('Test: your e-mail footer').first()).toBeVisible();
  const mails = (await (await request.get('/dev/outbox/mail.json')).json()) as { envelopeTo: string[]; html: string }[];
  const mail = mails.find((m) => JSON.stringify(m.envelopeTo).includes(email))!;
  expect(mail.html).toContain('Acme Ltd · 1 Harbour Road, Sydney');
  const logoUrl = /<img src="([^"]+\/m\/[A-Za-z0-9_-]{24})"/.exec(mail.html)![1];
  const logo = await request.get(new URL(logoUrl).pathname);
  expect(logo.headers()['content-type']).toBe('image/png');
});
