import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { api, freshAccount, signIn } from './support';
import { passedTemplate } from './sms-support';

// Issue 10, end to end on the real server and its sandbox payment provider: a new account adds money
// and buys a plan with nothing seeded.
const PASSWORD = 'Lovelace-1815';
// each test signs a new account up through the sandbox outbox first
test.describe.configure({ timeout: 180_000 });

async function signInFresh(page: Page, request: Parameters<typeof freshAccount>[0], prefix: string) {
  const email = await freshAccount(request, prefix, PASSWORD);
  await page.goto('/signin');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  // a new account has no plan: the welcome dialog opens once (spec 000 §4)
  await page.getByTestId('welcome-dialog').getByRole('button', { name: 'Later' }).click();
}

/** Client-side navigation through the side menu: the page is never reloaded. */
async function openBilling(page: Page, item: RegExp) {
  await page.getByRole('link', { name: item }).first().click();
}

async function bindCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  // the saved card is listed (the first card upgrades the account: the page may be drawn again)
  await expect(page.getByTestId('saved-card').filter({ hasText: `ending in ${number.slice(-4)}` })).toBeVisible();
}

const addFunds = (page: Page) => page.getByRole('form', { name: 'Add funds' });

async function topUp(page: Page, amount: string) {
  await addFunds(page).getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: /ending in/ }).first()).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: `Pay $${amount}` }).click();
}

test('a new account binds a card, is upgraded at once, tops up 50.00, buys a plan and downloads its invoice', async ({
  page,
  request,
}) => {
  await signInFresh(page, request, 'money');
  await page.goto('/bill/payment-method');
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
  // the sandbox lists its test cards; the console refuses a number that fails Luhn before sending it
  await expect(page.getByTestId('sandbox-cards')).toContainText('4242 4242 4242 4242');
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('This card number is not valid. Check the digits.')).toBeVisible();
  await bindCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your account is upgraded', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('saved-card')).toContainText('ending in 4242');

  // the session follows without a reload: the upgrade page now speaks to an upgraded account
  await openBilling(page, /^Upgrade$/);
  await expect(page.getByTestId('upgrade-intro')).toHaveText('Choose a paid plan to upgrade.');

  await openBilling(page, /^Payment$/);
  await addFunds(page).getByLabel('Amount').fill('20');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Amount at least $50.00.')).toBeVisible();
  await topUp(page, '50.00');
  await expect(page).toHaveURL(/\/bill\/payment-status\?id=pay_/);
  await expect(page.getByTestId('payment-status')).toContainText('Payment succeeded');
  await expect(page.getByTestId('payment-amount')).toHaveText('$50.00');
  // the outcome survives a reload: it is read from the gateway by the id in the address
  await page.reload();
  await expect(page.getByTestId('payment-status')).toContainText('Payment succeeded');

  await page.goto('/buyPackage?no=starter&unit=month');
  await page.getByTestId('buy-pay').click();
  await page.getByRole('dialog', { name: 'Confirm your purchase' }).getByRole('button', { name: 'Pay $29.00' }).click();
  await expect(page).toHaveURL(/\/bill\/subscription$/);
  await expect(page.getByTestId('plan-state')).toHaveText('Active');

  await openBilling(page, /^Invoices$/);
  const invoices = page.getByTestId('invoices');
  await expect(invoices.getByRole('row')).toHaveCount(3); // header, top-up, plan
  const downloading = page.waitForEvent('download');
  await invoices.getByRole('button', { name: 'Download PDF' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  await openBilling(page, /^Usage$/);
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page.getByTestId('usage-total')).toBeVisible();
});

test('a declined card shows its message and charges nothing', async ({ page, request }) => {
  await signInFresh(page, request, 'declined');
  await page.goto('/bill/payment-method');
  await bindCard(page, '4000 0000 0000 0002');
  await openBilling(page, /^Payment$/);
  const available = page.getByTestId('wallet-0-available');
  const before = await available.textContent();
  await topUp(page, '50.00');
  await expect(page.getByTestId('checkout-failed')).toContainText('Payment method failed. Try another card.');
  await expect(page).toHaveURL(/\/bill\/management/);
  await expect(available).toHaveText(before!);
  await page.getByRole('button', { name: 'Try another method' }).click();
  await expect(page.getByRole('radio', { name: 'Bank transfer' })).toBeVisible();
});

test('the challenge card passes its challenge and the money arrives', async ({ page, request }) => {
  await signInFresh(page, request, 'challenge');
  await page.goto('/bill/payment-method');
  await bindCard(page, '4000 0027 6000 3184');
  await openBilling(page, /^Payment$/);
  await topUp(page, '60.00');
  const challenge = page.getByTestId('challenge-dialog');
  await expect(challenge).toContainText('Your bank asks you to confirm this payment');
  await challenge.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/bill\/payment-status\?id=pay_/);
  await expect(page.getByTestId('payment-status')).toContainText('Payment succeeded');
  await expect(page.getByTestId('payment-amount')).toHaveText('$60.00');
});

test('a new account tops up its SMS wallet by card and pays for the SMS it sends', async ({ page, request }) => {
  await signInFresh(page, request, 'paidsms');
  await page.goto('/bill/payment-method');
  await bindCard(page, '4242 4242 4242 4242');
  await openBilling(page, /^Payment$/);
  // the SMS wallet is chosen in the form as a user would, then paid by the saved card
  await addFunds(page).getByRole('button', { name: 'Wallet' }).click();
  await page.getByRole('option', { name: 'SMS wallet' }).click();
  await topUp(page, '50.00');
  await expect(page.getByTestId('payment-status')).toContainText('Payment succeeded');

  const token = await page.evaluate(() => localStorage.getItem('herald.accessToken'));
  const smsWallet = async () =>
    (
      await api<{ SubWallets: { ProductTypes: number[]; Amount: number }[] }>(request, 'GetBalance', {}, token!)
    ).SubWallets.find((wallet) => wallet.ProductTypes.includes(9))!.Amount;
  expect(await smsWallet()).toBe(500_000);

  const templateId = await passedTemplate(request, token!);
  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddUSMSSendTask',
    {
      TaskName: 'paid',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['14155550601'],
      SendType: 'immediate',
    },
    token!,
  );
  const status = async () =>
    (await api<{ Tasks: { Status: number }[] }>(request, 'GetUSMSSendTask', { TaskId }, token!)).Tasks[0]?.Status;
  await expect.poll(status, { timeout: 60_000 }).toBe(3);
  await page.goto('/sms/message');
  await expect(page.getByRole('row', { name: /paid/ })).toContainText('Complete');
  expect(await smsWallet()).toBeLessThan(500_000);
});
