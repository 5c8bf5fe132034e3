import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { emailSendingSetup } from './email-support';
import { unique } from './support';

// Issue 13 items 4-5 in the browser: with a verified domain and an approved template (set up through the
// gateway), the send wizard mails 2 good addresses and 1 hard bounce (the sandbox sink's address rules);
// the task ends Completed with 2 delivered and 1 bounced; the mail arrives DKIM-signed at /dev/outbox.
// Then the routes around a task: /email/task/{taskId}/{sessionNo} (reload, Back) and "Send again"
// (/email/message/apply/{TaskId}) prefilled from it; another account's or a missing task is not found.

// Pages load slowly on a busy shared machine: each first look after a navigation waits up to LOAD.
test.describe.configure({ timeout: 420_000 });
const LOAD = { timeout: 90_000 };

test('the wizard sends for real: delivered, bounced, DKIM pass; the task reopens and sends again', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const { senderLabel, templateId } = await emailSendingSetup(request, token);
  const stamp = Date.now();
  const good = [`ann-${stamp}@inbox.example.org`, `bob-${stamp}@inbox.example.org`];
  const bounce = `bounce-${stamp}@inbox.example.org`;
  const name = unique('real-send');

  await signInDemo(page, `/email/sending?templateId=${templateId}`);
  await page.getByLabel('Campaign name').fill(name, LOAD);
  await page.getByTestId('send-sender').fill(senderLabel.split('<')[1].replace('>', ''));
  await page.getByRole('option', { name: senderLabel }).click();
  await page.getByLabel('E-mail addresses').fill([...good, bounce].join('\n'));
  await expect(page.getByText('3 recipients · 0 invalid · 0 repeated')).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Preview and send' }).click();
  await expect(page.getByTestId('send-review')).toBeVisible(LOAD);
  await expect(page.getByTestId('send-review')).toContainText('Spring offers');
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toContainText('3 recipients', LOAD);

  await page.getByTestId('send-view-task').click();
  await expect(page).toHaveURL(/\/email\/task\/TK\w+\/\d+\/\w+$/);
  const [, taskId, , sessionNo] = /\/email\/task\/(TK\w+)\/(\d+)\/(\w+)$/.exec(page.url())!;
  await expect(page.getByTestId('task-detail-status')).toHaveText('Completed', { timeout: 90_000 });
  await expect(page.getByTestId('task-count-total')).toHaveText('3');
  await expect(page.getByTestId('task-count-success')).toHaveText('2');
  await expect(page.getByTestId('task-count-fail')).toHaveText('1');

  // The mail as the sink received it: DKIM-signed by the sender's domain.
  await page.goto('/dev/outbox');
  const mail = page.locator('article[data-channel="smtp"]').filter({ hasText: good[0] });
  await expect(mail).toContainText('DKIM pass', LOAD);
  await expect(mail).toContainText('Spring offers');

  // Spec 000 §2's form without the account id: the same detail, after a reload too, and Back.
  await page.goto('/email/message');
  await page.goto(`/email/task/${taskId}/${sessionNo}`);
  await expect(page.getByTestId('task-count-success')).toHaveText('2', LOAD);
  await page.reload();
  await expect(page.getByTestId('task-detail-status')).toHaveText('Completed', LOAD);

  // Send again from the detail: the wizard starts from the task, schedule cleared.
  await page.getByRole('link', { name: 'Send again' }).click();
  await expect(page).toHaveURL(new RegExp(`/email/message/apply/${taskId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Send again' })).toBeVisible(LOAD);
  await expect(page.getByText(`Copied from the task "${name}"`)).toBeVisible(LOAD);
  await expect(page.getByLabel('Campaign name')).toHaveValue(name);
  await expect(page.getByTestId('send-sender')).toHaveValue(senderLabel);
  const pasted = await page.getByLabel('E-mail addresses').inputValue();
  expect(pasted.split('\n').sort()).toEqual([...good, bounce].sort());
  await expect(page.getByText('3 recipients · 0 invalid · 0 repeated')).toBeVisible(LOAD);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/email/task/${taskId}/${sessionNo}$`));
  await expect(page.getByTestId('task-count-success')).toHaveText('2', LOAD);

  // From the task list's row action too.
  await page.goto('/email/message');
  await page.getByTestId('table-row').filter({ hasText: name }).getByRole('link', { name: 'Send again' }).click();
  await expect(page).toHaveURL(new RegExp(`/email/message/apply/${taskId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Send again' })).toBeVisible(LOAD);
});

test('send again of a missing task is not found, in both languages', async ({ page, baseURL }) => {
  await signInDemo(page, '/email/message/apply/TK0000000000');
  await expect(page.getByText('This task was not found.')).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Back to e-mail tasks' }).click();
  await expect(page).toHaveURL(/\/email\/message$/);

  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.goto('/email/message/apply/TK0000000000');
  await expect(page.getByRole('heading', { level: 1, name: '再次发送' })).toBeVisible(LOAD);
  await expect(page.getByText('未找到该任务。')).toBeVisible();
  await page.goto('/email/task/TK0000000000/SN0');
  await expect(page.getByText('未找到该任务。')).toBeVisible(LOAD);
});
