import { expect, test } from '@playwright/test';
import { png, signInFresh } from './settings-accounts';

test('the upload machine refuses a wrong type and an oversize file before anything is sent', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'uploads');
  await page.goto('/setting/work-order-create');
  const authorisations: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api') && (r.postData() ?? '').includes('GetUploadAuthorization'))
      authorisations.push(r.url());
  });
  await page.getByTestId('ticket-pictures-input').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    { name: 'huge.png', mimeType: 'image/png', buffer: png(3, 10_485_761) },
  ]);
  await expect(page.locator('[data-testid="picture-upload"][data-phase="rejected"]')).toHaveCount(2);
  await expect(
    page.getByText('This file type is not accepted here. Choose a PNG, JPG, GIF, WEBP, or BMP file.'),
  ).toBeVisible();
  await expect(page.getByText('The file is larger than 10 MB.')).toBeVisible();
  expect(authorisations).toEqual([]);
});

test('a text file named .png is refused from its first bytes, before hashing, with no retry (issue 18 §8)', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'uploads');
  await page.goto('/setting/work-order-create');
  await page
    .getByTestId('ticket-pictures-input')
    .setInputFiles([{ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 renamed') }]);
  const slot = page.locator('[data-testid="picture-upload"]');
  await expect(slot).toHaveAttribute('data-phase', 'rejected');
  await expect(slot).toContainText('content does not match its name');
  await expect(slot).toContainText('PNG, JPG, GIF, WEBP, or BMP');
  await expect(slot).not.toContainText('Upload failed');
  await expect(slot.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('an upload the server refuses shows "Upload failed" and stops loading', async ({ page, request }) => {
  await signInFresh(page, request, 'uploads');
  await page.goto('/setting/work-order-create');
  // A real picture the gateway refuses (here: its authorisation answers "upload failed").
  await page.route('**/api', async (route) => {
    if (!(route.request().postData() ?? '').includes('GetUploadAuthorization')) return route.continue();
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ RetCode: 233001, Message: 'Upload failed. Try again later.', Data: {} }),
    });
  });
  await page
    .getByTestId('ticket-pictures-input')
    .setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: png(2, 64) }]);
  const slot = page.locator('[data-testid="picture-upload"]');
  await expect(slot).toHaveAttribute('data-phase', 'failed');
  await expect(slot).toContainText('Upload failed. Try again later.');
  await expect(slot.getByRole('progressbar')).toHaveCount(0);
  await expect(slot.getByRole('button', { name: 'Try again' })).toBeVisible();
});
