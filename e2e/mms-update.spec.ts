import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { api, unique, reloadPastLeaveWarning } from './support';

// /mms/update-template/{templateId}/{id} (issue 11, spec 000 §2): a rejected MMS template is opened from
// its row's Edit, its subject changed and saved through UpdateUMMSTemplate; it goes back to review and
// passes. A reload and a Back in the middle keep the draft (as the send wizard does). The sandbox
// reviewer rejects a blocked word (docs/decisions.md "Channel kernel").

/** A rejected (3) MMS template of the demo account: its subject names a blocked word. */
async function rejectedMmsTemplate(request: APIRequestContext, name: string): Promise<string> {
  const token = await demoToken(request);
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUMMSTemplate',
    { TemplateName: name, Language: 'en', Subject: 'Casino night', Text: 'Join us for the spring party today' },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUMMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(3);
  return TemplateId;
}

const templateRow = (page: Page, name: string) => page.getByTestId('table-row').filter({ hasText: name });

test('a rejected MMS template is edited: a reload and a Back keep the draft, the save sends it to review', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = unique('mms-edit');
  const templateId = await rejectedMmsTemplate(request, name);
  await signInDemo(page, '/mms/template');
  await page.getByLabel('Name, ID or subject').fill(name);
  const row = templateRow(page, name);
  await expect(row.getByTestId('template-status')).toHaveText('Rejected');
  await row.getByRole('link', { name: 'Edit' }).click();

  await expect(page).toHaveURL(new RegExp(`/mms/update-template/${templateId}/\\d+$`));
  await expect(page.getByRole('heading', { name: 'Edit MMS template' })).toBeVisible();
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toHaveValue('Casino night');
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue('Join us for the spring party today');
  await subject.fill('Spring party night');

  // a reload asks first (beforeunload), then the draft is back
  await reloadPastLeaveWarning(page);
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Spring party night', { timeout: 30_000 });

  // browser Back to the list and Forward again: still the draft
  await page.goBack();
  await expect(page).toHaveURL(/\/mms\/template$/);
  await expect(page.getByRole('heading', { name: 'MMS templates' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/mms/update-template/${templateId}/\\d+$`));
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Spring party night', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/mms\/template$/);
  await page.getByLabel('Name, ID or subject').fill(name);
  await expect(row).toContainText('Spring party night');
  await expect(row.getByTestId('template-status')).toHaveText('Passed', { timeout: 20_000 });

  // saved: the draft is gone, so the page opens with what the server keeps
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Spring party night');
  await page.getByLabel('Subject', { exact: true }).fill('Not kept');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/mms\/template$/);
  await page.getByLabel('Name, ID or subject').fill(name);
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Spring party night');
});

test('the update page in Chinese', async ({ page, request }) => {
  const name = unique('mms-edit-zh');
  const templateId = await rejectedMmsTemplate(request, name);
  await signInDemo(page, '/mms/template');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.getByLabel('名称、ID 或主题').fill(name);
  await templateRow(page, name).getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(new RegExp(`/mms/update-template/${templateId}/\\d+$`));
  await expect(page.getByRole('heading', { name: '编辑彩信模板' })).toBeVisible();
  await expect(page.getByLabel('主题', { exact: true })).toHaveValue('Casino night');
});
