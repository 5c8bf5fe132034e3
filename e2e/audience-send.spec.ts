import { expect, test, type Page } from '@playwright/test';
import { api, unique } from './support';
import { demoToken, passedTemplate, signInDemo } from './sms-support';

// Sending to the audience (issue 12 item 6): a csv imported with a custom attribute, a segment built on
// it, an SMS sent to the segment with {{2}} filled from the attribute; the records show each contact's
// own text, and the task counts the unsubscribed contact it skipped.

const csv = (rows: string[]) => ({ name: 'buyers.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('import, segment, send an SMS with a variable from an attribute, see the personalised records', async ({
  page,
  request,
  baseURL,
}) => {
  // Five pages, an import and a send on a shared 2-core machine.
  test.setTimeout(240_000);
  const token = await demoToken(request);
  const attribute = `shop_${Date.now()}`;
  const town = unique('Town');
  const { AttributeId } = await api<{ AttributeId: number }>(
    request,
    'CreateContactAttribute',
    { Name: attribute, Type: 2 },
    token,
  );
  const templateId = await passedTemplate(
    request,
    token,
    'Hello {{1}}, your parcel for {{2}} left our depot today, thank you',
  );
  const stamp = String(Date.now()).slice(-4);
  const phones = [
    '1415551' + stamp.slice(0, 3) + '1',
    '1415552' + stamp.slice(0, 3) + '2',
    '1415553' + stamp.slice(0, 3) + '3',
  ];

  await signInDemo(page, '/audience/contacts/import');
  await page
    .getByTestId('import-file')
    .setInputFiles(
      csv([
        'Given,Shop,Mobile',
        `Ada,${town}-north,+${phones[0]}`,
        `Bob,${town}-south,+${phones[1]}`,
        `Cy,${town}-east,+${phones[2]}`,
      ]),
    );
  await expect(page.getByTestId('import-rows')).toContainText('3 rows to import');
  await chooseOption(page, 'import-map-0', 'First name');
  await chooseOption(page, 'import-map-1', attribute);
  await chooseOption(page, 'import-map-2', 'Phone');
  await page.getByTestId('import-check').click();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-report')).toContainText('3 created');

  // Cy unsubscribes from SMS (the contact's suppression, as its page edits it).
  const found = await api<{ Contacts: { ContactId: number }[] }>(request, 'ListContacts', { Search: phones[2] }, token);
  await api(
    request,
    'UpdateContact',
    {
      ContactId: found.Contacts[0].ContactId,
      Phone: `+${phones[2]}`,
      FirstName: 'Cy',
      Attributes: { [AttributeId]: `${town}-east` },
      Suppressed: ['sms'],
    },
    token,
  );

  const segment = unique('Shops');
  await page.goto('/audience/segment/create');
  await page.getByTestId('segment-name').fill(segment);
  await page.getByRole('button', { name: 'Data source of condition 1' }).click();
  await page.getByRole('option', { name: 'Attribute' }).click();
  await page.getByRole('button', { name: /^Attribute/ }).click();
  await page.getByRole('option', { name: attribute, exact: true }).click();
  await page.getByRole('button', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'starts with', exact: true }).click();
  await page.getByLabel('Value').fill(town);
  await expect(page.getByTestId('segment-count')).toHaveText('3');
  await page.getByTestId('segment-save').click();
  await expect(page).toHaveURL(/\/audience\/segment$/);

  await page.goto(`/sms/sending?templateId=${templateId}`);
  const campaign = unique('segment-send');
  await page.getByLabel('Campaign name').fill(campaign);
  await page.getByTestId('send-country').fill('United States');
  await page
    .getByRole('option', { name: /United States \(\+1\)/ })
    .first()
    .click();
  await page.getByTestId('recipients-kind').getByRole('radio', { name: 'A segment' }).click();
  await page.getByRole('button', { name: /^Segment/ }).click();
  await page.getByRole('option', { name: segment }).click();
  await expect(page.getByTestId('audience-count')).toContainText('3 members');
  await page.getByRole('button', { name: 'Attribute for {{1}}' }).click();
  await page.getByRole('option', { name: 'First name' }).click();
  await page.getByLabel('Default for {{1}}').fill('friend');
  await page.getByRole('button', { name: 'Attribute for {{2}}' }).click();
  await page.getByRole('option', { name: attribute }).click();
  // A default may carry the task's own short link, its UTM campaign the task's name (docs/decisions.md
  // "Short links in message content"); this send's default goes back to words.
  await page.getByRole('button', { name: 'Insert short link' }).nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a short link' });
  await expect(dialog.getByLabel('UTM source')).toHaveValue('sms');
  await expect(dialog.getByLabel('UTM campaign')).toHaveValue(campaign);
  await dialog.getByLabel('Long link').fill(`${baseURL}/healthz?from=default`);
  await dialog.getByLabel('Title').fill(unique('Default link'));
  await dialog.getByRole('button', { name: 'Insert link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Default for {{2}}')).toHaveValue(/\/s\/[0-9A-Za-z]{8}$/);
  await page.getByLabel('Default for {{2}}').fill('your shop');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toContainText(`${segment}: 3 contacts`);
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('send-view-task').click();
  await expect(page.getByTestId('task-detail-status')).toHaveText('Complete', { timeout: 40_000 });
  await expect(page.getByTestId('task-count-total')).toHaveText('2');
  await expect(page.getByTestId('task-count-suppressed')).toHaveText('1');
  await expect(page.getByText(`Segment “${segment}”`)).toBeVisible();

  await page.getByTestId('task-records-link').click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
  await expect(page.getByTestId('virtual-row').filter({ hasText: phones[0] }).getByTestId('record-content')).toHaveText(
    `Hello Ada, your parcel for ${town}-north left our depot today, thank you`,
  );
  await expect(page.getByTestId('virtual-row').filter({ hasText: phones[1] }).getByTestId('record-content')).toHaveText(
    `Hello Bob, your parcel for ${town}-south left our depot today, thank you`,
  );
  await expect(page.getByTestId('virtual-row').filter({ hasText: phones[2] })).toHaveCount(0);
});
