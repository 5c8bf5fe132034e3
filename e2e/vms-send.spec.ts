import { expect, test } from '@playwright/test';
import { vmsTaskCancelMachine } from '../src/machines/vms-task-cancel.machine';
import { demoToken, signInDemo } from './sms-support';
import { taskCancelPathTests, tomorrowMorning } from './task-cancel-paths';
import { api, pickCountry, unique } from './support';
import { approvedVoiceTemplate, toneMp3 } from './vms-support';

// Voice calls as a user sends them (issue 11): an approved voice template is sent from /vms/sending to
// three numbers whose last digits pick the sandbox carrier's outcomes (1 answered, 6 no answer, 8 busy),
// the task reaches Submit Success and its calls show their outcomes and durations; bad input is refused
// under its field; the cancel machine's generated paths run on a task waiting for tomorrow.

let mp3: Buffer;
test.beforeAll(async () => {
  mp3 = await toneMp3();
});

test('a voice template is called to three numbers; the task succeeds and each call shows its outcome', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const template = await approvedVoiceTemplate(request, await demoToken(request), mp3);
  await signInDemo(page, `/vms/sending?templateId=${template.id}`);
  const campaign = unique('calls');
  await page.getByLabel('Campaign name').fill(campaign);
  // the template comes chosen from the link (?templateId=)
  await expect(page.getByRole('combobox', { name: 'Voice template' })).toHaveValue(template.name, { timeout: 20_000 });
  await pickCountry(page, 'United States');
  await expect(page.getByTestId('vms-price')).toBeVisible();
  await page.getByTestId('recipients-paste').fill('14155550101\n14155550106\n14155550108');
  await expect(page.getByTestId('recipients-summary')).toContainText('3 recipients · 0 invalid · 0 repeated');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toContainText('3 recipients queued', { timeout: 20_000 });

  await page.getByTestId('send-view-task').click();
  await expect(page).toHaveURL(/\/vms\/task\/TK\w+\/\d+\/\w+$/);
  await expect(page.getByTestId('task-detail-status')).toHaveText('Submit Success', { timeout: 60_000 });
  const results = page.getByTestId('records-table').getByTestId('record-result');
  await expect(results).toHaveCount(3, { timeout: 30_000 });
  await expect(results).toContainText(['Answered', 'No answer', 'Busy'], { timeout: 30_000 });

  await page.goto('/vms/message');
  await expect(page.getByTestId('table-row').filter({ hasText: campaign }).getByTestId('task-status')).toHaveText(
    'Submit Success',
    { timeout: 30_000 },
  );
});

test('a voice template is called to a list of the audience; a contact unsubscribed from calls is skipped', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await demoToken(request);
  const template = await approvedVoiceTemplate(request, token, mp3);
  // numbers ending 1 and 3 answer (sandbox carrier); unique per run in the shared demo account
  const stamp = String(Date.now()).slice(-5, -1);
  const phones = [`1415${stamp}01`, `1415${stamp}03`, `1415${stamp}11`];
  const ContactIds: number[] = [];
  for (const [index, phone] of phones.entries()) {
    const contact = await api<{ ContactId: number }>(
      request,
      'CreateContact',
      { Phone: `+${phone}`, FirstName: `Caller ${index}`, Suppressed: index === 2 ? ['voice'] : [] },
      token,
    );
    ContactIds.push(contact.ContactId);
  }
  const listName = unique('Call list');
  const { ListId } = await api<{ ListId: number }>(request, 'CreateContactList', { Name: listName }, token);
  await api(request, 'AddContactsToList', { ListId, ContactIds }, token);

  await signInDemo(page, `/vms/sending?templateId=${template.id}`);
  await page.getByLabel('Campaign name').fill(unique('list-calls'));
  await expect(page.getByRole('combobox', { name: 'Voice template' })).toHaveValue(template.name, { timeout: 20_000 });
  await pickCountry(page, 'United States');
  await page.getByTestId('recipients-kind').getByRole('radio', { name: 'A list' }).click();
  await page.getByRole('button', { name: /^List/ }).click();
  await page.getByRole('option', { name: new RegExp(listName) }).click();
  await expect(page.getByTestId('audience-count')).toContainText('3 members');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toContainText(`${listName}: 3 contacts`, { timeout: 20_000 });
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('send-view-task').click();
  await expect(page.getByTestId('task-detail-status')).toHaveText('Submit Success', { timeout: 60_000 });
  await expect(page.getByTestId('task-count-suppressed')).toHaveText('1');
  await expect(page.getByText(`List “${listName}”`)).toBeVisible();
  const results = page.getByTestId('records-table').getByTestId('record-result');
  await expect(results).toHaveCount(2, { timeout: 30_000 });
  await expect(results).toContainText(['Answered', 'Answered'], { timeout: 30_000 });
});

test('a call task without a template or numbers is refused under its fields; the page reads in Chinese', async ({
  page,
}) => {
  await signInDemo(page, '/vms/sending');
  await page.getByTestId('send-next').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByTestId('send-review')).toHaveCount(0);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '发送语音呼叫' })).toBeVisible();
});

let voiceTemplate: Promise<{ id: string }> | null = null;

taskCancelPathTests({
  machine: vmsTaskCancelMachine,
  tasksPage: '/vms/message',
  addWaitingTask: async (request, token, name) => {
    voiceTemplate ??= approvedVoiceTemplate(request, token, mp3);
    const TemplateId = (await voiceTemplate).id;
    await api(
      request,
      'AddUVMSSendTask',
      { TaskName: name, TemplateId, CountryCode: 'US', Phones: ['14155550601'], ...tomorrowMorning() },
      token,
    );
  },
  cancelAction: 'CancelUVMSSendTask',
});
