import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkoutMachine } from '../src/machines/checkout.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { freshAccount, signIn } from './support';

// The checkout machine's generated paths, replayed on /bill/management against the real server and its
// sandbox provider. Each path gets a fresh account with the test card whose behaviour leads through
// the path's states (docs/decisions.md, "Money in": test cards).
const PASSWORD = 'Lovelace-1815';
// each path signs a new account up and saves its card first
test.describe.configure({ timeout: 180_000 });
const CARD_BY_STEP: [string, string][] = [
  ['done: pay [needsChallenge]', '4000 0027 6000 3184'],
  ['done: pay', '4000 0000 0000 0002'],
];
const SUCCEEDS = '4242 4242 4242 4242';

async function start(page: Page, path: PathInfo, request: APIRequestContext) {
  const labels = path.steps.map((step) => step.label);
  const card = CARD_BY_STEP.find(([label]) => labels.includes(label))?.[1] ?? SUCCEEDS;
  await page.goto('/signin');
  await signIn(page, await freshAccount(request, 'model-pay', PASSWORD), PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('welcome-dialog').getByRole('button', { name: 'Later' }).click();
  await page.goto('/bill/payment-method');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  // the saved card is listed (the first card upgrades the account: the page may be drawn again)
  await expect(page.getByTestId('saved-card').filter({ hasText: `ending in ${card.slice(-4)}` })).toBeVisible();
  await page
    .getByRole('link', { name: /^Payment$/ })
    .first()
    .click();
  await expect(page.getByRole('form', { name: 'Add funds' })).toBeVisible();
}

const amount = (page: Page) => page.getByRole('form', { name: 'Add funds' }).getByLabel('Amount');
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

modelPathTests('checkout', {
  machine: checkoutMachine,
  start,
  maxPaths: 12,
  drivers: {
    'always [canTopUp]': 'auto',
    'amount.change': (page) => amount(page).fill('50.00'),
    'amount.next [amountValid]': async (page) => {
      await amount(page).fill('50.00');
      await next(page);
    },
    'amount.next': async (page) => {
      await amount(page).fill('20');
      await next(page);
    },
    'wallet.change': async (page) => {
      await page.getByRole('button', { name: /Wallet/ }).click();
      await page.getByRole('option', { name: 'SMS wallet' }).click();
    },
    'method.choose': (page) =>
      page
        .getByRole('radio', { name: /ending in/ })
        .first()
        .check(),
    'method.next [cardChosen]': async (page) => {
      await page
        .getByRole('radio', { name: /ending in/ })
        .first()
        .check();
      await next(page);
    },
    'method.next [bankChosen]': async (page) => {
      await page.getByRole('radio', { name: 'Bank transfer' }).check();
      await next(page);
    },
    'checkout.back': (page) => page.getByRole('button', { name: 'Back' }).click(),
    'checkout.pay': (page) => page.getByRole('button', { name: /^Pay / }).click(),
    'done: pay [succeeded]': 'auto',
    'done: pay [needsChallenge]': 'auto',
    'done: pay': 'auto',
    'challenge.complete': (page) =>
      page.getByTestId('challenge-dialog').getByRole('button', { name: 'Confirm payment' }).click(),
    'challenge.cancel': (page) => page.getByTestId('challenge-dialog').getByRole('button', { name: 'Cancel' }).click(),
    'done: answerChallenge [succeeded]': 'auto',
    'done: answerChallenge': 'auto',
    'checkout.retry': (page) => page.getByRole('button', { name: 'Try another method' }).click(),
  },
  states: {
    succeeded: async (page) => {
      await expect(page).toHaveURL(/\/bill\/payment-status\?id=pay_/);
      await expect(page.getByTestId('payment-status')).toContainText('Payment succeeded');
    },
    failed: async (page) => expect(page.getByTestId('checkout-failed')).toBeVisible(),
    bankTransfer: async (page) => expect(page.getByTestId('bank-transfer')).toContainText('Your reference code'),
    challenge: async (page) => expect(page.getByTestId('challenge-dialog')).toBeVisible(),
  },
});
