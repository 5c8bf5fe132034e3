import { expect, test, type Page } from '@playwright/test';
import { reloadPastLeaveWarning } from './support';
import { signInDemo } from './sms-support';

// /email/message/email-editor (issue 13 item 4): a one-off mail designed in the drag-and-drop editor.
// The subject and a merge tag added to the selected text survive a reload and a Back; Continue saves
// it as a marketing template, waits for its (sandbox) review and opens the send wizard with it chosen.

/** Selects the footer text in the GrapesJS canvas and appends a merge tag to it from the page's menu. */
async function addMergeTag(page: Page, tag: string) {
  const canvas = page.frameLocator('iframe.gjs-frame');
  await expect(canvas.locator('[data-gjs-type="mj-column"]')).toHaveCount(7, { timeout: 30_000 });
  await canvas.locator('[data-gjs-type="mj-text"]').last().click();
  await page.getByRole('button', { name: 'Insert merge tag' }).click();
  await page.getByRole('menuitem', { name: tag }).click();
  await expect(canvas.locator('body')).toContainText(tag);
}

test('design a mail: the draft survives a reload and a Back, then review and the wizard with it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInDemo(page, '/email/sending');
  await page.getByRole('link', { name: 'Design a mail' }).click();
  await expect(page).toHaveURL(/\/email\/message\/email-editor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Design a mail' })).toBeVisible();
  const savedAs = await page.getByText(/Saved as the template “Mail of \d{4}-\d\d-\d\d \d\d:\d\d”/).textContent();
  const name = /“(.+)”/.exec(savedAs ?? '')![1]!;

  await page.getByLabel('Subject').fill('Our autumn news for {{FirstName}}');
  await addMergeTag(page, '{{LastName}}');

  // a reload asks first (beforeunload), then the draft is back: subject and design
  await reloadPastLeaveWarning(page);
  await expect(page.getByLabel('Subject')).toHaveValue('Our autumn news for {{FirstName}}', { timeout: 30_000 });
  const canvas = page.frameLocator('iframe.gjs-frame');
  await expect(canvas.locator('body')).toContainText('{{LastName}}', { timeout: 30_000 });
  await expect(page.getByText(`Saved as the template “${name}”`)).toBeVisible();

  // browser Back and Forward: still the draft
  await page.goBack();
  await expect(page).toHaveURL(/\/email\/sending$/);
  await page.goForward();
  await expect(page.getByLabel('Subject')).toHaveValue('Our autumn news for {{FirstName}}', { timeout: 30_000 });
  await expect(canvas.locator('body')).toContainText('{{LastName}}', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Continue to send' }).click();
  await expect(page).toHaveURL(/\/email\/sending\?templateId=ET\w+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Send e-mail' })).toBeVisible();
  await expect(page.getByTestId('send-template')).toHaveValue(name, { timeout: 20_000 });
});

test('the design page in Chinese', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/email/sending');
  await page.getByRole('link', { name: '设计邮件' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '设计邮件' })).toBeVisible();
  await expect(page.getByText(/将保存为模板“\d{4}-\d\d-\d\d \d\d:\d\d 的邮件”/)).toBeVisible();
  await expect(page.getByLabel('主题')).toBeVisible();
  await expect(page.getByRole('button', { name: '继续发送' })).toBeVisible();
});
