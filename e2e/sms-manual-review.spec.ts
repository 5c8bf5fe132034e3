import { expect, test } from '@playwright/test';
import { api, unique } from './support';
import { demoToken, passedTemplate, signInDemo } from './sms-support';
import { runScript } from './settings-accounts';

// Issue 11 item 3: the sandbox content reviewer sends a task with a prize-style word to pending manual
// review (7); the console shows it so, and the staff command (`npm run support -- task <id> approve|reject`)
// decides it: approved, it is sent; rejected, it ends with the staff's reason (docs/decisions.md
// "Channel kernel").
test('a task flagged for manual review shows as such; staff approve one and reject another', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token, 'Your Herald prize has shipped and will arrive soon');
  const send = async (name: string) =>
    (
      await api<{ TaskId: string }>(
        request,
        'AddUSMSSendTask',
        { TaskName: name, TemplateId: templateId, CountryCode: 'US', Phones: ['14155550601'] },
        token,
      )
    ).TaskId;
  const approved = unique('prize-ok');
  const rejected = unique('prize-no');
  const approvedId = await send(approved);
  const rejectedId = await send(rejected);

  await signInDemo(page, '/sms/message');
  const row = (name: string) => page.getByTestId('table-row').filter({ hasText: name });
  for (const name of [approved, rejected])
    await expect(row(name).getByTestId('task-status')).toHaveText('Pending manual review', { timeout: 30_000 });

  const approving = await runScript('scripts/support.ts', ['task', approvedId, 'approve'], {}, baseURL!);
  expect(approving.stdout).toContain(`${approvedId} is now status`);
  const rejecting = await runScript(
    'scripts/support.ts',
    ['task', rejectedId, 'reject', 'Prize', 'claims', 'need', 'proof'],
    {},
    baseURL!,
  );
  expect(rejecting.stdout).toContain('(Prize claims need proof)');

  // The list follows the tasks as they move on: the approved one is sent, the rejected one ends.
  await page.reload();
  await expect(row(approved).getByTestId('task-status')).toHaveText('Complete', { timeout: 60_000 });
  await expect(row(rejected).getByTestId('task-status')).toHaveText('Rejected');
  await row(rejected).getByRole('link', { name: rejected }).click();
  await expect(page.getByText('Prize claims need proof')).toBeVisible();
});
