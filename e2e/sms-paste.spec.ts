import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, signIn, unique, reloadPastLeaveWarning } from './support';

// Pasting recipients (issue 22) and a send wizard that keeps its campaign (issue 18 §7): the list is
// checked in a worker while the form stays usable, a reload keeps the draft after a warning, a link
// out asks first, and browser Back on the check step returns to editing.

const numbers = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `1415${String(from + i).padStart(7, '0')}`).join('\n');

async function openWizard(page: Page, path = '/sms/sending') {
  await page.goto(`/signin?service=${encodeURIComponent(path)}`);
  await signIn(page);
  await expect(page.getByTestId('recipients-paste')).toBeVisible({ timeout: 30_000 });
}

/** A real paste (Ctrl+V from the clipboard): page.fill types through the browser's editing, which
 * for thousands of lines takes minutes in Chromium and is not what a user does. */
async function paste(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.getByTestId('recipients-paste').focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test.setTimeout(120_000);

test('20,000 pasted numbers: the campaign name is typed while the counts come; a reload keeps both', async ({
  page,
}) => {
  await openWizard(page);
  const box = page.getByTestId('recipients-paste');
  await paste(page, `${numbers(20_000)}\n14150000000\nnot-a-number`);
  // typed at once, key by key, while the worker checks the list
  await page.getByLabel('Campaign name').pressSequentially('Spring launch');
  await expect(page.getByLabel('Campaign name')).toHaveValue('Spring launch');
  await expect(page.getByTestId('recipients-summary')).toContainText('20,002 recipients · 1 invalid · 1 repeated');
  await expect(page.getByTestId('recipients-summary')).toContainText('Starts with 14150000000, 14150000001');
  await expect(page.getByRole('group', { name: 'Phone numbers' })).toContainText('20,002 lines pasted');

  // the reload asks first (beforeunload), then the draft is back and counted again
  await reloadPastLeaveWarning(page);
  await expect(page.getByLabel('Campaign name')).toHaveValue('Spring launch');
  await expect(page.getByTestId('recipients-summary')).toContainText('20,002 recipients · 1 invalid · 1 repeated');
  // a list this long is held beside the box, not laid out in it (issue 22 §2); shown on request
  const held = page.getByRole('group', { name: 'Phone numbers' });
  await expect(held).toContainText('20,002 lines pasted');
  await held.getByRole('button', { name: 'Show in the box' }).click();
  expect((await box.inputValue()).split('\n')).toHaveLength(20_002);
  await box.fill('');
  await expect(page.getByTestId('recipients-summary')).toHaveCount(0);
  // a held list is cleared in one step, and the empty box comes back
  await paste(page, numbers(6_000));
  await expect(held).toContainText('6,000 lines pasted');
  await held.getByRole('button', { name: 'Clear' }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('recipients-summary')).toHaveCount(0);
});

test('a link out of a filled wizard asks first; Back on the check step returns to editing', async ({
  page,
  request,
}) => {
  const { AccessToken: token } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUSMSTemplate',
    { TemplateName: unique('paste'), Purpose: 2, Language: 'en', Content: 'Your Herald parcel is on its way today' },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUSMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(2);
  await openWizard(page, `/sms/sending?templateId=${TemplateId}`);
  await expect(page.getByTestId('send-live-preview')).toHaveText('Your Herald parcel is on its way today');
  await page.getByLabel('Campaign name').fill('Parcels');
  await page.getByTestId('recipients-paste').fill('14155550100, 14155550101');
  await expect(page.getByTestId('recipients-summary')).toContainText('2 recipients');

  await page.getByRole('link', { name: 'Create a template' }).click();
  const leave = page.getByTestId('confirm-dialog');
  await expect(leave).toContainText('Leave this page?');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/sms\/sending/);

  await page.getByTestId('send-country').fill('United States');
  await page
    .getByRole('option', { name: /United States \(\+1\)/ })
    .first()
    .click();
  // under a loaded machine the step may still be settling the country's prices: Next until the check step shows
  await expect(async () => {
    await page.getByTestId('send-next').click();
    await expect(page.getByTestId('send-review')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('send-review')).toContainText('2 valid of 2');
  await expect(page.getByTestId('send-wallet')).toContainText('SMS wallet:');
  await page.goBack();
  await expect(page.getByLabel('Campaign name')).toHaveValue('Parcels');
  await expect(page.getByTestId('recipients-paste')).toHaveValue('14155550100, 14155550101');
  await expect(page.getByTestId('recipients-summary')).toContainText('2 recipients');
  await expect(page).toHaveURL(/\/sms\/sending/);
});

test('signing out forgets the send draft: no pasted list is left in the browser', async ({ page }) => {
  await openWizard(page);
  await page.getByLabel('Campaign name').fill('Left behind');
  await paste(page, numbers(1_000));
  await expect(page.getByTestId('recipients-summary')).toContainText('1,000 recipients');
  // the list is kept as a draft in IndexedDB while signed in
  const storedTexts = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('herald-drafts');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('texts')) return resolve(0);
            const count = db.transaction('texts').objectStore('texts').count();
            count.onsuccess = () => resolve(count.result);
          };
          open.onerror = () => resolve(-1);
        }),
    );
  await expect.poll(storedTexts).toBeGreaterThan(0);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect.poll(storedTexts).toBe(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('herald.smsSend')))).toEqual(
    [],
  );

  // signing in again opens an empty wizard
  await page.goto('/sms/sending');
  await signIn(page);
  await expect(page.getByTestId('recipients-paste')).toHaveValue('', { timeout: 30_000 });
  await expect(page.getByLabel('Campaign name')).toHaveValue('');
});
