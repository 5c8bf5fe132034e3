import { expect, test, type Page } from '@playwright/test';
import { signInDemo } from './sms-support';

// E-mail templates (issue 13 item 3): build one in the drag-and-drop editor (drag a text block into a
// row, type Chinese and English, insert a merge tag), save it, see it pass review, edit it again with
// its design reloaded; a rich-text template; a subject over the limit refused under its field.

const unique = () => Date.now().toString(36);

async function fillHeader(page: Page, name: string, subject: string) {
  await page.getByLabel('Template name').fill(name);
  await page.getByLabel('Subject').fill(subject);
}

// fixme: the block dragged from GrapesJS's panel does not land in the canvas iframe's row in headless
// Chromium yet (the editor, its six rows and the merge-tag footer load; see the report of issue 13 item 3).
test.fixme('a drag-and-drop template: build, submit, passes review, opens again as built', async ({ page }) => {
  test.setTimeout(120_000);
  await signInDemo(page, '/email/template');
  await page.getByRole('link', { name: 'New template' }).first().click();
  await expect(page).toHaveURL(/\/email\/new-template$/);
  const name = `welcome-${unique()}`;
  await fillHeader(page, name, 'Hello {{FirstName}}');

  const canvas = page.frameLocator('iframe.gjs-frame');
  const rows = canvas.locator('[data-gjs-type="mj-column"]');
  await expect(rows).toHaveCount(7, { timeout: 30_000 });
  await page.getByTitle('Open Blocks').click();
  const textBlock = page.locator('.gjs-block').filter({ hasText: /^\s*Text\s*$/ });
  await textBlock.dragTo(rows.first());
  const added = canvas.locator('[data-gjs-type="mj-text"]').first();
  await expect(added).not.toContainText('Unsubscribe');
  await added.dblclick();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('你好 Hello ');
  await page.getByRole('button', { name: 'Insert merge tag' }).click();
  await page.getByRole('menuitem', { name: '{{FirstName}}' }).click();
  await expect(canvas.locator('body')).toContainText('{{FirstName}}');
  await expect(canvas.locator('body')).toContainText('你好 Hello');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.locator('body')).toContainText('你好 Hello');
  await expect(page.locator('iframe[title="Preview"]')).toHaveAttribute('sandbox', '');

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/email\/template$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/Pending review|In review|Passed/);
  await expect(row).toContainText('Passed', { timeout: 30_000 });

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/email\/update-template\/ET\w+\/\d+$/);
  await expect(page.getByLabel('Template name')).toHaveValue(name);
  await expect(page.frameLocator('iframe.gjs-frame').locator('body')).toContainText('你好 Hello', {
    timeout: 30_000,
  });
});

test('a rich-text template, and a subject over 150 characters refused under its field', async ({ page }) => {
  test.setTimeout(90_000);
  await signInDemo(page, '/email/new-template');
  const name = `rich-${unique()}`;
  await fillHeader(page, name, 'x'.repeat(151));
  await page.getByRole('radio', { name: 'Rich text' }).click();
  const body = page.getByRole('textbox', { name: 'E-mail body' });
  await body.click();
  await page.keyboard.type('Dear ');
  await page.getByRole('button', { name: 'Insert merge tag' }).click();
  await page.getByRole('menuitem', { name: '{{FirstName}}' }).click();
  await body.pressSequentially(', 欢迎光临 our shop.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Use at most 150 characters for the subject.')).toBeVisible();

  await page.getByLabel('Subject').fill('Welcome to the shop');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/email\/template$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Rich text');
  await expect(row).toContainText('Passed', { timeout: 30_000 });
});
