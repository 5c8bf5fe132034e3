import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contactImportMachine } from '../src/machines/contact-import.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { signInFresh } from './settings-accounts';
import { failAction, signInDemo } from './sms-support';

// Audience (issue 12): a csv imported with a column mapping, its contacts listed, a segment built on an
// attribute with its live count; and the contactImport machine's paths replayed in the console.

const csv = (rows: string[]) => ({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('imports a csv with a mapping, lists the contacts and counts a segment', async ({ page, request }) => {
  await signInFresh(page, request, 'audience');
  await page.goto('/audience/attributes');
  await page.getByRole('button', { name: 'New attribute' }).click();
  await page.getByTestId('new-attribute-dialog').getByLabel('Name').fill('city');
  await page.getByTestId('new-attribute-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'city' })).toBeVisible();

  await page.goto('/audience/contacts/import');
  await page
    .getByTestId('import-file')
    .setInputFiles(
      csv([
        'E-mail,Given,Town,Mobile',
        'ada@example.com,Ada,Paris,+14155550101',
        'bob@example.com,Bob,Paris,',
        'cy@example.com,Cy,Rome,+14155550103',
        'not-an-email,Dee,Oslo,',
      ]),
    );
  await expect(page.getByTestId('import-rows')).toContainText('4 rows to import');
  await chooseOption(page, 'import-map-1', 'First name');
  await chooseOption(page, 'import-map-2', 'city');
  await chooseOption(page, 'import-map-3', 'Phone');
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-valid')).toContainText('3 rows can be imported; 1 have a problem');
  await expect(page.getByTestId('import-problems')).toContainText('Row 5, E-mail: Enter a valid e-mail');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-report')).toContainText('3 created, 0 updated, 1 skipped.');

  await page.getByRole('link', { name: 'See the contacts' }).click();
  await expect(page.getByTestId('contacts-total')).toHaveText('3 contacts');
  await expect(page.getByTestId('contacts-table')).toContainText('ada@example.com');
  await expect(page.getByTestId('contacts-table')).toContainText('+14155550101');

  await page.goto('/audience/segment/create');
  await page.getByTestId('segment-name').fill('Parisians');
  await page.getByRole('button', { name: 'Data source of condition 1' }).click();
  await page.getByRole('option', { name: 'Attribute' }).click();
  await page.getByRole('button', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'is', exact: true }).click();
  await page.getByLabel('Value').fill('paris');
  await expect(page.getByTestId('segment-count')).toHaveText('2');
  await page.getByTestId('segment-save').click();
  await expect(page).toHaveURL(/\/audience\/segment$/);
  await expect(page.getByTestId('segment-row-count')).toHaveText('2');
});

// The model paths run on the demo account; each path imports at most one row.
let brokenFile = false;
async function openImport(page: Page, path: PathInfo, _request: APIRequestContext) {
  const labels = path.steps.map((step) => step.label);
  brokenFile = labels.includes('error: parseFile');
  if (labels.includes('upload.failed')) await failAction(page, 'AppendContactImportRows');
  if (labels.includes('import.lost')) await failAction(page, 'GetContactImport');
  await signInDemo(page, '/audience/contacts/import');
}

const chooseGoodFile = async (page: Page) =>
  page
    .getByTestId('import-file')
    .setInputFiles(
      brokenFile
        ? { name: 'broken.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') }
        : csv(['email,first name', `model-${Date.now()}@example.com,Model`]),
    );

modelPathTests('contactImport', {
  // every step of the shorter paths is taken by a longer one: run those only (issue 19: CI time)
  longestOnly: true,
  machine: contactImportMachine,
  start: openImport,
  drivers: {
    'file.choose [fileAcceptable]': chooseGoodFile,
    'file.choose': (page) =>
      page
        .getByTestId('import-file')
        .setInputFiles({ name: 'people.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') }),
    'done: parseFile': 'auto',
    'error: parseFile': 'auto',
    'header.toggle': (page) => page.getByLabel('The first line names the columns').click(),
    'mapping.set': (page) => chooseOption(page, 'import-map-1', 'Last name'),
    'tags.set': (page) => page.getByLabel('Tag the contacts').fill('model'),
    'import.again': (page) => page.getByRole('button', { name: /Choose another file|Import another file/ }).click(),
    'mapping.confirm [mappingValid]': (page) => page.getByTestId('import-check').click(),
    'done: validateRows': 'auto',
    'mapping.edit': (page) => page.getByRole('button', { name: 'Change the mapping' }).click(),
    'import.start [hasValidRows]': (page) => page.getByTestId('import-start').click(),
    'upload.progress': 'auto',
    'upload.done': 'auto',
    'upload.failed': 'auto',
    'import.progress': 'auto',
    'import.finished [importSucceeded]': 'auto',
    'import.lost': 'auto',
  },
  states: {
    choosing: async (page) => expect(page.getByTestId('import-file')).toBeVisible(),
    mapping: async (page) => expect(page.getByTestId('import-check')).toBeVisible(),
    reviewing: async (page) => expect(page.getByTestId('import-valid')).toContainText('1 rows can be imported'),
    done: async (page) => expect(page.getByTestId('import-report')).toContainText('1 created'),
    failed: async (page) => expect(page.getByTestId('import-progress').getByRole('alert')).toBeVisible(),
  },
});
