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
  await expect(page.getByText('This file type is not accepted here.')).toBeVisible();
  await expect(page.getByText('The file is larger than 10 MB.')).toBeVisible();
  expect(authorisations).toEqual([]);
});

test('an upload the server refuses shows "Upload failed" and stops loading', async ({ page, request }) => {
  await signInFresh(page, request, 'uploads');
  await page.goto('/setting/work-order-create');
  // A PDF named .png passes the browser's checks; the server reads its first bytes and refuses it.
  await page
    .getByTestId('ticket-pictures-input')
    .setInputFiles([{ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 renamed') }]);
  const slot = page.locator('[data-testid="picture-upload"]');
  await expect(slot).toHaveAttribute('data-phase', 'failed');
  await expect(slot).toContainText('Upload failed. Try again later.');
  await expect(slot.getByRole('progressbar')).toHaveCount(0);
  await expect(slot.getByRole('button', { name: 'Try again' })).toBeVisible();
});
