import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { emailDomainVerifyMachine } from '../src/machines/email-domain-verify.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { freshAccount, PASSWORD, signInFresh } from './settings-accounts';
import { signIn } from './support';
import { failAction } from './sms-support';
import { addDomainThroughDialog, publish, shownRecords, uniqueDomain } from './email-support';

// /email/setting against the real server: a domain is verified by real DNS look-ups against the e2e
// server's loopback DNS sandbox, whose records the test publishes (PUT /dev/dns).

const detail = (page: Page) => page.getByTestId('domain-detail');

// Signing up takes most of a minute on a busy machine: the model paths share one account.
test.describe.configure({ timeout: 120_000 });
let modelAccount: Promise<string> | undefined;

test('add a domain, see its records, fail, publish them, pass, and add a sender', async ({ page, request }) => {
  await signInFresh(page, request, 'email-domain');
  await page.goto('/email/setting');
  // The first visit loads the page's chunk and its translations: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'E-mail settings' })).toBeVisible({ timeout: 30_000 });

  // Bad names are refused by field, before anything is sent.
  await page.getByRole('button', { name: 'Add domain' }).first().click();
  const add = page.getByTestId('add-domain-dialog');
  await expect(add.getByRole('note')).toContainText('sub-domain');
  await add.getByLabel('Domain').fill('邮件 example.com');
  await add.getByRole('button', { name: 'Add domain' }).click();
  await expect(add).toContainText('no spaces, other symbols or Chinese characters');
  await add.getByLabel('Domain').fill('gmail.com');
  await expect(add).toContainText("mailbox provider's domain");
  await add.getByRole('button', { name: 'Cancel' }).click();

  const domain = uniqueDomain('shop');
  await addDomainThroughDialog(page, domain);
  await expect(detail(page)).toContainText('DNS takes 10 to 30 minutes');
  const records = await shownRecords(page);
  expect(records.map((r) => [r.kind, r.type, r.host])).toEqual([
    ['SPF', 'TXT', '@'],
    ['DKIM', 'TXT', expect.stringMatching(/^herald\d{4}\._domainkey$/)],
    ['DMARC', 'TXT', '_dmarc'],
    ['MX', 'MX', '@'],
    ['TRACKING', 'CNAME', 'track'],
  ]);
  await expect(detail(page).getByRole('button', { name: 'Copy value of DKIM' })).toBeVisible();

  await detail(page).getByRole('button', { name: 'Verify now' }).click();
  await expect(detail(page).getByRole('alert')).toContainText('Not verified yet');
  await expect(detail(page).getByTestId('record-DKIM')).toContainText('The name does not exist (NXDOMAIN)');
  await expect(detail(page).getByTestId('detail-status')).toHaveText('Failed');

  await publish(request, domain, records);
  await detail(page).getByRole('button', { name: 'Verify now' }).click();
  await expect(detail(page).getByRole('status')).toContainText('Verified');
  await expect(detail(page).getByTestId('detail-status')).toHaveText('Passed');
  await expect(detail(page).getByTestId('record-MX')).toContainText('10 mx.herald.local');
  await detail(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('domains-table').getByTestId('domain-status')).toHaveText('Passed');

  await page.getByRole('button', { name: 'Add sender' }).first().click();
  const sender = page.getByTestId('add-sender-dialog');
  await sender.getByLabel('Sender name').fill('Shop News');
  await sender.getByLabel('Address').fill('news');
  await sender.getByRole('button', { name: 'Add sender' }).click();
  const row = page.getByTestId('senders-table').getByRole('row', { name: /Shop News/ });
  await expect(row).toContainText(`news@${domain}`);
  await expect(row.getByTestId('sender-status')).toHaveText('Enabled');
  await row.getByTestId('sender-disable').click();
  await expect(row.getByTestId('sender-status')).toHaveText('Disabled');
  await row.getByTestId('sender-enable').click();
  await expect(row.getByTestId('sender-status')).toHaveText('Enabled');
});

test('a sender on an unverified domain gets a field error', async ({ page, request }) => {
  await signInFresh(page, request, 'email-sender');
  const domain = uniqueDomain('pending');
  await addDomainThroughDialog(page, domain);
  await detail(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Add sender' }).first().click();
  const sender = page.getByTestId('add-sender-dialog');
  await sender.getByLabel('Sender name').fill('Early');
  await sender.getByLabel('Address').fill('hello');
  await sender.getByRole('button', { name: 'Add sender' }).click();
  await expect(sender.getByRole('alert')).toContainText('not verified yet');
  await expect(page.getByTestId('senders-table')).toContainText('No sender yet');
});

// The verification machine's generated paths: a path that ends passed publishes the records first; one
// through the failure makes the gateway unreachable for VerifyUEmailDomain.
const passes = (path: PathInfo) => path.steps.some((step) => step.label.includes('[domainPassed]'));

async function openNewDomain(page: Page, path: PathInfo, request: APIRequestContext) {
  if (path.steps.some((step) => step.label === 'error: verifyDomain')) await failAction(page, 'VerifyUEmailDomain');
  modelAccount ??= freshAccount(request, 'email-model');
  await page.goto('/signin');
  await signIn(page, await modelAccount, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const later = page.getByRole('button', { name: 'Later' });
  await later
    .waitFor({ timeout: 5_000 })
    .then(() => later.click())
    .catch(() => undefined);
  const domain = uniqueDomain('model');
  await addDomainThroughDialog(page, domain);
  if (passes(path)) await publish(request, domain, await shownRecords(page));
}

modelPathTests('emailDomainVerify', {
  machine: emailDomainVerifyMachine,
  longestOnly: true,
  start: openNewDomain,
  drivers: {
    'verify.start': (page) => detail(page).getByRole('button', { name: 'Verify now' }).click(),
    'done: verifyDomain [domainPassed]': 'auto',
    'done: verifyDomain': 'auto',
    'error: verifyDomain': 'auto',
  },
  states: {
    idle: async (page) => expect(detail(page).getByTestId('verify-outcome')).toHaveCount(0),
    passed: async (page) => expect(detail(page).getByRole('status')).toContainText('Verified'),
    failed: async (page) => expect(detail(page).getByRole('alert')).toContainText('DNS takes 10 to 30 minutes'),
    error: async (page) => expect(detail(page).getByRole('alert')).toContainText('did not reach Herald'),
  },
});
