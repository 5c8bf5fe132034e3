import { expect, test } from '@playwright/test';
import { png, runScript, signInFresh } from './settings-accounts';

test('a ticket with 2 pictures, answered by staff: the badge rises, and falls when the ticket is opened', async ({
  page,
  request,
  baseURL,
}) => {
  await signInFresh(page, request, 'tickets');
  await page.goto('/setting/work-order');
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket', exact: true }).first().click();
  await expect(page).toHaveURL(/\/setting\/work-order-create$/);

  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByText('Choose a category.')).toBeVisible();
  await page.getByTestId('ticket-category').click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await page.getByLabel('Describe the problem').fill('Messages to +44 stay in "sending" since this morning.');
  await page.getByTestId('ticket-pictures-input').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: png(1) },
    { name: 'second.png', mimeType: 'image/png', buffer: png(2) },
  ]);
  await expect(page.getByTestId('picture-upload')).toHaveCount(2);
  await expect(page.locator('[data-testid="picture-upload"][data-phase="done"]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit ticket' }).click();

  await expect(page).toHaveURL(/\/setting\/work-order\/\d+$/);
  const ticketId = /\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByTestId('ticket-status')).toHaveText('In review');
  await expect(page.getByTestId('ticket-picture')).toHaveCount(2);
  await expect(page.getByTestId('ticket-picture').first()).toHaveJSProperty('complete', true);
  expect(
    await page
      .getByTestId('ticket-picture')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1);
  await expect(page.getByTestId('work-order-badge')).toHaveAttribute('data-count', '0');

  const answered = await runScript(
    'scripts/support.ts',
    ['reply', ticketId, 'We', 'are', 'looking', 'into', 'it.'],
    {},
    baseURL!,
  );
  expect(answered.stdout).toContain(`replied to #${ticketId}; status pending`);

  await page.goto('/setting/work-order');
  await expect(page.getByTestId('work-order-badge')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId(`new-reply-${ticketId}`)).toBeVisible();
  await page.getByRole('link', { name: `#${ticketId}` }).click();
  await expect(page.getByTestId('comment-staff')).toContainText('We are looking into it.');
  await expect(page.getByTestId('ticket-status')).toHaveText('Pending');
  await expect(page.getByTestId('work-order-badge')).toHaveAttribute('data-count', '0');

  await page.getByLabel('Your reply').fill('Thanks, it works again.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByTestId('comment-owner')).toHaveCount(2);
  await expect(page.getByTestId('ticket-status')).toHaveText('In review');
  await page.getByRole('button', { name: 'Mark as solved' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Solved');

  await page.goto('/notification');
  await expect(page.getByTestId('notification').first()).toContainText(`Support replied to ticket #${ticketId}`);
});
