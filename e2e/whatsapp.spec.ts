import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';
import { disconnectDemo, numberRow } from './whatsapp-support';

// WhatsApp numbers (issue 15 item 2): connect the sandbox business by embedded sign-up, see its numbers with
// status and quality, a webhook changes one, Refresh reads it back from the platform.

test('connects the sandbox business, shows its numbers, and refreshes them', async ({ page, request }) => {
  await disconnectDemo(request);
  await signInDemo(page, '/whatsapp/number');
  await page.getByRole('button', { name: 'Connect WhatsApp' }).click();

  await expect(page.getByRole('heading', { name: 'Connect WhatsApp to Herald' })).toBeVisible();
  await page.getByLabel('Sandbox Shop').check();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/whatsapp\/number$/);
  await expect(page.getByRole('status').filter({ hasText: 'WhatsApp is connected.' })).toBeVisible();
  await expect(page.getByText(/Business account: Sandbox Shop/)).toBeVisible();
  const best = numberRow(page, '+1 555-010-0040');
  await expect(best).toContainText('Connected');
  await expect(best).toContainText('High');
  await expect(best).toContainText('100K / 24 h');
  await expect(numberRow(page, '+1 555-010-0017')).toContainText('Flagged');
  await expect(numberRow(page, '+1 555-010-0017')).toContainText('Medium');
  await expect(numberRow(page, '+1 555-010-0018')).toContainText('Low');

  // The platform bans the number (a signed webhook from the sandbox); Refresh reads the platform again.
  const cells = await best.getByRole('cell').allTextContents();
  expect(cells[0]).toBe('+1 555-010-0040');
  const list = await page.request.get('/dev/whatsapp');
  const id = /<code>(\d+40)<\/code>/.exec(await list.text())?.[1];
  expect(id).toBeTruthy();
  const sent = await request.post('/dev/whatsapp/event', {
    data: { phoneNumberId: id, event: 'status', status: 'BANNED' },
  });
  expect(await sent.json()).toMatchObject({ delivered: true });
  await page.reload();
  await expect(numberRow(page, '+1 555-010-0040')).toContainText('Banned');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Numbers refreshed from WhatsApp.')).toBeVisible();
  await expect(numberRow(page, '+1 555-010-0040')).toContainText('Connected');

  // Phone width: the table scrolls inside its card, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
