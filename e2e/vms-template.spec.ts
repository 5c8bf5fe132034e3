import { expect, test, type Page } from '@playwright/test';
import { signInFresh } from './settings-accounts';
import { chooseAudio, toneMp3 } from './vms-support';

// Voice templates as a user meets them: an MP3 uploaded on /vms/audio becomes a template on
// /vms/new-template, which passes the content check and the audit to Approved in the list; an approved
// template is disabled and enabled again; one rejected for a blocked word is recreated under a new name
// and approved; the page reads in Chinese; a missing name and file are refused under their fields.

let mp3: Buffer;
test.beforeAll(async () => {
  mp3 = await toneMp3();
});

const templateRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

async function uploadOnAudioPage(page: Page, fileName: string) {
  await page.goto('/vms/audio');
  await page.getByRole('button', { name: 'Upload audio' }).first().click();
  await page
    .getByTestId('audio-upload-dialog')
    .getByLabel('Audio file')
    .setInputFiles({ name: fileName, mimeType: 'audio/mpeg', buffer: mp3 });
  const row = page.getByRole('row', { name: new RegExp(fileName.replace('.', '\\.')) });
  await expect(row.getByTestId('audio-status')).toHaveText('Success', { timeout: 30_000 });
}

async function createTemplate(page: Page, name: string, fileName: string) {
  await page.getByRole('link', { name: 'New template' }).first().click();
  await expect(page).toHaveURL(/\/vms\/new-template$/);
  await page.getByLabel('Template name').fill(name);
  await chooseAudio(page, fileName);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/vms\/template$/);
}

test('a template on an uploaded MP3 is approved, disabled and enabled; a rejected one is recreated', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signInFresh(page, request, 'voice-tpl');
  await uploadOnAudioPage(page, 'welcome.mp3');

  await page.getByRole('link', { name: 'Templates', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Voice templates' })).toBeVisible();
  await expect(page.getByText('No voice templates yet')).toBeVisible();

  await createTemplate(page, 'Welcome call', 'welcome.mp3');
  const welcome = templateRow(page, 'Welcome call');
  await expect(welcome).toContainText('welcome.mp3');
  await expect(welcome.getByText('Approved')).toBeVisible({ timeout: 30_000 });

  await welcome.getByRole('button', { name: 'Disable' }).click();
  await expect(welcome.getByText('Disabled')).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await welcome.getByRole('button', { name: 'Enable' }).click();
  await expect(welcome.getByText('Approved')).toBeVisible();

  await createTemplate(page, 'Casino night', 'welcome.mp3');
  const casino = templateRow(page, 'Casino night');
  await expect(casino.getByText('Reject')).toBeVisible({ timeout: 30_000 });
  await expect(casino).toContainText(/casino/i);
  await casino.getByRole('link', { name: 'Recreate' }).click();
  await expect(page).toHaveURL(/\/vms\/new-template\/UV/);
  await expect(page.getByLabel('Template name')).toHaveValue('Casino night');
  await page.getByLabel('Template name').fill('Movie night');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/vms\/template$/);
  await expect(templateRow(page, 'Movie night').getByText('Approved')).toBeVisible({ timeout: 30_000 });
  // A recreated template is a new one: the rejected one stays as it was.
  await expect(templateRow(page, 'Casino night').getByText('Reject')).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '语音模板' })).toBeVisible();
  await expect(templateRow(page, 'Welcome call').getByText('已通过')).toBeVisible();
  await expect(templateRow(page, 'Casino night').getByText('驳回')).toBeVisible();
  await expect(templateRow(page, 'Casino night').getByRole('link', { name: '重新创建' })).toBeVisible();
});

test('a template without a name or an audio file is refused under its fields', async ({ page, request }) => {
  await signInFresh(page, request, 'voice-tpl-bad');
  await page.goto('/vms/new-template');
  await expect(page.getByRole('heading', { name: 'New voice template' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Enter a template name.')).toBeVisible();
  await expect(page.getByText('Choose an audio file for the template.')).toBeVisible();
  await expect(page).toHaveURL(/\/vms\/new-template$/);
  await page.getByLabel('Template name').fill('x'.repeat(65));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Enter a template name.')).toHaveCount(0);
  await expect(page.getByText('Use at most 64 characters.')).toBeVisible();
  await expect(page.getByText('Choose an audio file for the template.')).toBeVisible();
});
