import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail, uniquePhone, waitForMessage } from './support';

const PASSWORD = 'Lovelace-1815';

test('a new account signs up, activates from the mail, signs in, reads the console in Chinese and signs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const phone = uniquePhone('');

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Start a 14-day free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Create your Herald account' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  // The browser is en-US, so the country starts at the United States.
  await expect(page.getByLabel('Country or region')).toHaveValue('US');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await expect(page.getByTestId('code-sent')).toContainText(`+1 ${phone}`);

  const sms = await waitForMessage(request, phone, /\d{6}/);
  expect(sms.channel).toBe('sms');
  const code = /\b(\d{6})\b/.exec(sms.text)![1];
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Your name (optional)').fill('Ada');
  await page.getByLabel('I agree to the Herald Terms of Service and Privacy Policy.').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByTestId('signup-done')).toContainText(email);
  await expect(page.getByTestId('outbox-hint')).toBeVisible();

  const mail = await waitForMessage(request, email, /\/active\?key=/);
  expect(mail.channel).toBe('email');
  const link = new URL(/https?:\/\/\S+\/active\?key=[\w-]+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('activation-done')).toContainText(email);
  // Spec 000 §8: activation success goes on to sign-in by itself.
  await expect(page).toHaveURL(/\/signin\?email=/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada');
  // A new account has no plan: the welcome dialog offers the free trial (spec 000 §4).
  await expect(page.getByRole('heading', { name: 'Welcome to Herald' })).toBeVisible();
  await expect(page.getByTestId('welcome-free-days')).toBeEnabled();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Herald' })).toBeHidden();
  await expect(page.getByTestId('account-menu')).toContainText('A');
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-balance')).toHaveText('$0.00');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toContainText(/好，Ada/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { name: '登录 Herald' })).toBeVisible();
});
