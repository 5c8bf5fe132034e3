import { expect, test, type Page } from '@playwright/test';
import { waTemplateEditorMachine } from '../src/machines/wa-template-editor.machine';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { png } from './telegram-support';
import { api, unique } from './support';

// Issue 15 item 3: a marketing template with a URL button is created in the editor, shows In review and
// then Approved (the e2e sandbox reviews in 1 s: playwright.config.ts WA_TEMPLATE_REVIEW_DELAY_MS); a
// rejected one shows its reason, is edited and resubmitted, and is approved. Then the editor's paths.

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a template with a URL button is approved; a rejected one shows its reason and is resubmitted', async ({
  page,
  request,
}) => {
  const rejectedName = unique('wa_rejected');
  await api(
    request,
    'CreateWhatsAppTemplate',
    { Name: rejectedName, Language: 'en_US', Category: 'MARKETING', Body: 'Spammy offers for you all week long.' },
    await demoToken(request),
  );
  const name = unique('wa_sale');
  await signInDemo(page, '/whatsapp/new-template');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Body').fill('Hello, our spring sale ends ');
  await page.getByRole('button', { name: 'Add variable' }).click();
  await expect(page.getByText('A variable cannot end the body: add some words after it.')).toBeVisible();
  await page.getByLabel('Body').fill('Hello, our spring sale ends {{1}} on Sunday.');
  await page.getByLabel('Sample for variable 1').fill('Friday');
  await expect(page.getByTestId('wa-preview')).toContainText('spring sale ends Friday on Sunday.');
  await choose(page, 'Buttons', 'Call to action');
  await page.getByLabel('Button text 1').fill('Shop now');
  await page.getByLabel('Web address 1').fill('ftp://shop.example');
  await expect(page.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
  await page.getByLabel('Web address 1').fill('https://shop.example/sale');
  await page.getByRole('button', { name: 'Submit for review' }).click();

  await expect(page).toHaveURL(/\/whatsapp\/template$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(/In review|Approved/);
  await expect(row).toContainText('Approved', { timeout: 20_000 });

  const rejected = page.getByRole('row', { name: new RegExp(rejectedName) });
  await expect(rejected).toContainText('Rejected', { timeout: 20_000 });
  await expect(rejected).toContainText('Promotional');
  await rejected.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'WhatsApp rejected this template' })).toBeVisible();
  await page.getByLabel('Body').fill('Fresh offers for you all week long.');
  await page.getByRole('button', { name: 'Save and resubmit' }).click();
  await expect(page).toHaveURL(/\/whatsapp\/template$/);
  await expect(page.getByRole('row', { name: new RegExp(rejectedName) })).toContainText('Approved', {
    timeout: 20_000,
  });

  await page.context().addCookies([{ name: 'lang', value: 'zh', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp 模板' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('已通过');
});

modelPathTests('waTemplateEditor', {
  machine: waTemplateEditorMachine,
  longestOnly: true,
  start: async (page, path) => {
    if (path.steps.some((step) => step.label === 'error: saveTemplate'))
      await failAction(page, 'CreateWhatsAppTemplate');
    await signInDemo(page, '/whatsapp/new-template');
  },
  drivers: {
    always: 'auto',
    'field.change [mayChangeCategory]': (page) => page.getByLabel('Name').fill(unique('wa_model')),
    'variable.insert': (page) => page.getByRole('button', { name: 'Add variable' }).click(),
    'form.submit': (page) => page.getByRole('button', { name: 'Submit for review' }).click(),
    'form.submit [isFormValid]': async (page) => {
      await page.getByLabel('Name').fill(unique('wa_model'));
      await page.getByLabel('Body').fill('A template made by a generated path today.');
      await page.getByRole('button', { name: 'Submit for review' }).click();
    },
    'done: saveTemplate': 'auto',
    'error: saveTemplate': 'auto',
  },
  states: {
    editing: async (page) => expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible(),
  },
});

test('a media template takes its sample file through the upload and names it', async ({ page }) => {
  await signInDemo(page, '/whatsapp/new-template');
  await choose(page, 'Type', 'Media');
  await page
    .getByLabel('Sample media file')
    .setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: png(40, 30) });
  await expect(page.getByText('✓ sample.png')).toBeVisible();
});
