import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';

// Issue 13 item 4 (console): the e-mail send wizard checks pasted addresses as the SMS wizard checks
// numbers, and refuses to go on without a sender; the task list opens; both in the user's language.
// (The delivery itself is covered against the real SMTP sink in server/email/email-send.test.ts.)

test('the e-mail wizard counts pasted addresses and asks for a sender', async ({ page }) => {
  await signInDemo(page, '/email/sending');
  await expect(page.getByRole('heading', { level: 1, name: 'Send e-mail' })).toBeVisible();
  await page.getByLabel('E-mail addresses').fill('ada@example.com\nnot-an-address\nada@example.com\nlin@example.org');
  await expect(page.getByText('4 recipients · 1 invalid · 1 repeated')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Preview and send' }).click();
  await expect(page.getByText('Choose a sender.')).toBeVisible();
  await expect(page).toHaveURL(/\/email\/sending$/);

  await page.goto('/email/message');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail tasks' })).toBeVisible();
});

test('the e-mail pages speak Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/email/sending');
  await expect(page.getByRole('heading', { level: 1, name: '发送邮件' })).toBeVisible();
  await page.goto('/email/message');
  await expect(page.getByRole('heading', { level: 1, name: '邮件任务' })).toBeVisible();
});
