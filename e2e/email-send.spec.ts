import { expect, test } from '@playwright/test';
import { emailTaskCancelMachine } from '../src/machines/email-task-cancel.machine';
import { emailSendingSetup, type EmailSending } from './email-support';
import { signInDemo } from './sms-support';
import { api } from './support';
import { taskCancelPathTests, tomorrowMorning } from './task-cancel-paths';

// Issue 13 item 4 (console): the e-mail send wizard checks pasted addresses as the SMS wizard checks
// numbers, and refuses to go on without a sender; the task list opens; both in the user's language.
// emailTaskCancel's generated paths run on a task waiting for tomorrow.
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

let sending: Promise<EmailSending> | null = null;

taskCancelPathTests({
  machine: emailTaskCancelMachine,
  tasksPage: '/email/message',
  addWaitingTask: async (request, token, name) => {
    sending ??= emailSendingSetup(request, token);
    const { senderId, templateId } = await sending;
    await api(
      request,
      'AddEmailSendTask',
      { TaskName: name, TemplateId: templateId, SenderId: senderId, Emails: ['ada@example.com'], ...tomorrowMorning() },
      token,
    );
  },
  cancelAction: 'CancelEmailSendTask',
});
