import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';

// Issue 18: what a new user tripped over in the built console, checked as that user sees it.

test('an over-long template keeps what was pasted, counts it and says what is wrong (§4)', async ({ page }) => {
  await signInDemo(page, '/sms/new-template');
  const name = page.getByLabel('Template name');
  const content = page.getByLabel('Content', { exact: true });
  await name.fill('n'.repeat(140));
  await content.fill(`Hello {{1}}, your order is ready. ${'x'.repeat(1170)}`);
  await expect(name).toHaveValue('n'.repeat(140));
  expect((await content.inputValue()).length).toBe(1204);
  await expect(page.getByText('140 / 64')).toBeVisible();
  await expect(page.getByText('1204 / 1000')).toBeVisible();
  await expect(page.getByText('Use at most 64 characters.')).toBeVisible();
  await expect(page.getByText('Use at most 1000 characters.')).toBeVisible();
  // cut back under the limits, the errors go and the counters follow
  await name.fill('order_ready');
  await content.fill('Hello {{1}}, your order is ready to collect today.');
  await expect(page.getByText('11 / 64')).toBeVisible();
  await expect(page.getByText('Use at most 1000 characters.')).toHaveCount(0);
});
