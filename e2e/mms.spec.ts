import { expect, test } from '@playwright/test';
import { pickCountry, unique } from './support';
import { signInDemo } from './sms-support';

// The MMS journey against the real server: the sandbox reviewer passes a template without blocked
// words (docs/decisions.md "SMS" sandbox reviewer, "Channel kernel"), and the sandbox carrier
// delivers numbers ending 0-6 (playwright.config.ts shortens the review and delivery delays).

/** A 1×1 PNG, and one of 310 KB (a PNG head, then padding): over the 300 KB MMS limit. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BIG_PNG = Buffer.concat([SMALL_PNG, Buffer.alloc(310 * 1024)]);

test('an MMS template with an image is reviewed, sent to three numbers, the task finishes and all three records show', async ({
  page,
}) => {
  // Review, upload, delivery and three pages: longer than one page's journey on a shared machine.
  test.setTimeout(240_000);
  await signInDemo(page, '/mms/template');
  const name = unique('mms');
  await page.getByTestId('template-new').first().click();
  await expect(page).toHaveURL(/\/mms\/new-template$/);
  await page.getByTestId('template-name-input').fill(name);
  await page.getByTestId('mms-subject-input').fill('Spring collection');
  await page.getByTestId('mms-text-input').fill('Our new spring collection is in the shops today');
  await page
    .getByTestId('mms-image-input')
    .setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: SMALL_PNG });
  await expect(page.getByTestId('mms-images').getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('mms-preview')).toContainText('Spring collection');
  await page.getByTestId('template-submit').click();

  await expect(page).toHaveURL(/\/mms\/template$/);
  const row = page.getByTestId('table-row').filter({ hasText: name });
  await expect(row.getByTestId('template-images')).toHaveText('1 image');
  await expect(row.getByTestId('template-status')).toHaveText('Passed', { timeout: 20_000 });

  await row.getByTestId('template-send').click();
  await expect(page).toHaveURL(/\/mms\/sending\?templateId=UM\w+$/);
  const campaign = unique('mms-send');
  await page.getByLabel('Campaign name').fill(campaign);
  await pickCountry(page, 'United States');
  await expect(page.getByTestId('mms-price')).toHaveText(/per MMS$/);
  await page.getByTestId('recipients-paste').fill('14155550101\n14155550102\n14155550103');
  await expect(page.getByTestId('recipients-summary')).toContainText('3 recipients · 0 invalid · 0 repeated');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('send-review-content')).toContainText('Spring collection');
  await expect(page.getByTestId('send-wallet')).toContainText('Main wallet:');
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toContainText('3 recipients queued', { timeout: 20_000 });

  await page.getByTestId('send-view-task').click();
  await expect(page).toHaveURL(/\/mms\/task\/TK\w+\/\d+\/\w+$/);
  await expect(page.getByTestId('task-detail-status')).toHaveText('Complete', { timeout: 40_000 });
  const taskId = /\/mms\/task\/(TK\w+)\//.exec(page.url())![1];
  await expect(page.getByTestId('task-count-total')).toHaveText('3');
  await expect(page.getByTestId('task-count-success')).toHaveText('3');
  const results = page.getByTestId('records-table').getByTestId('record-result');
  await expect(results).toHaveText(['Delivered', 'Delivered', 'Delivered']);

  await page.goto('/mms/message');
  const taskRow = page.getByTestId('table-row').filter({ hasText: campaign });
  // A full page load signs in again and loads the page's chunk: slow on a shared machine.
  await expect(taskRow.getByTestId('task-status')).toHaveText('Complete', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await expect(page.getByTestId('table-row').filter({ hasText: campaign })).toHaveCount(0);

  // /mms/search: the task's three records, one per number, each delivered
  await page.goto('/mms/search');
  await page.getByLabel('Task ID').fill(taskId, { timeout: 30_000 });
  const records = page.getByTestId('table-row').filter({ hasText: campaign });
  await expect(records).toHaveCount(3, { timeout: 20_000 });
  for (const phone of ['14155550101', '14155550102', '14155550103'])
    await expect(records.filter({ hasText: phone })).toContainText('Delivered');
  // and one number alone
  await page.getByLabel('Phone number').fill('14155550102');
  await expect(records).toHaveCount(1, { timeout: 20_000 });
  await expect(records).toContainText('14155550102');
});

test('an image over 300 KB and a template with neither text nor image are refused under their fields', async ({
  page,
}) => {
  await signInDemo(page, '/mms/new-template');
  await page.getByTestId('template-name-input').fill(unique('mms-bad'));
  await page.getByTestId('mms-subject-input').fill('Too big');
  await page.getByTestId('mms-image-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: BIG_PNG });
  await expect(page.getByText('Each image must be at most 300 KB: compress it and choose it again.')).toBeVisible();
  await expect(page.getByTestId('mms-images')).toHaveCount(0);

  await page.getByTestId('template-submit').click();
  await expect(page.getByText('Add a text or at least one image.')).toBeVisible();
  await expect(page).toHaveURL(/\/mms\/new-template$/);
});
