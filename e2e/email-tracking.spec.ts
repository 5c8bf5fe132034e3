import { expect, test } from '@playwright/test';
import { EMAIL_TASK_STATUS } from '../src/gateway/contract/statuses';
import { api, unique } from './support';
import { demoToken, signInDemo } from './sms-support';
import { emailSendingSetup } from './email-support';

// Issue 13 item 6: a task sent to the sandbox SMTP sink carries an open pixel and tracked links; the
// mail is fetched from /dev/outbox, its pixel and a link are requested as a mail client would, and the
// task detail page shows the open and the click. (Tokens and counts in depth: server/email/email-tracking.test.ts.)

test.describe.configure({ timeout: 120_000 });

test('a sent mail is opened and clicked, and the task detail counts both', async ({ page, request }) => {
  const token = await demoToken(request);
  const call = <D>(action: string, input: object) => api<D>(request, action, input, token);
  const { senderId: SenderId, templateId: TemplateId } = await emailSendingSetup(
    request,
    token,
    '<p>Spring is here. <a href="https://shop.example.com/spring">See the offers</a> <a href="{{UnsubscribeUrl}}">Unsubscribe</a></p>',
  );
  const to = `reader-${Date.now()}@inbox.example.org`;
  const { TaskId } = await call<{ TaskId: string }>('AddEmailSendTask', {
    TaskName: unique('track'),
    TemplateId,
    SenderId,
    Emails: [to],
  });
  await expect
    .poll(
      async () =>
        (await call<{ Tasks: { Status: number }[] }>('GetEmailSendTask', { Page: 1, NumPerPage: 10, TaskId })).Tasks[0]
          ?.Status,
      { timeout: 60_000 },
    )
    .toBe(EMAIL_TASK_STATUS.Completed);

  let html = '';
  await expect
    .poll(
      async () => {
        const mail = (await (await request.get('/dev/outbox/mail.json')).json()) as {
          envelopeTo: string[];
          html: string;
        }[];
        html = mail.find((m) => m.envelopeTo.includes(to))?.html ?? '';
        return html.length > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const pixel = /src="https?:\/\/[^/"]+(\/t\/o\/[^"]+\.gif)"/.exec(html)![1];
  const link = /href="https?:\/\/[^/"]+(\/t\/c\/[^"]+)"/.exec(html)![1];
  expect((await request.get(pixel)).headers()['content-type']).toBe('image/gif');
  const click = await request.get(link, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toBe('https://shop.example.com/spring');

  await signInDemo(page, '/email/message');
  await page.goto(`/email/task/${TaskId}/0/1`);
  await expect(page.getByRole('heading', { name: 'Trace statistics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('task-count-opens')).toHaveText('1');
  await expect(page.getByTestId('task-count-unique-clicks')).toHaveText('1');
  await expect(page.getByText('Reading conversion: 100%')).toBeVisible();
});
