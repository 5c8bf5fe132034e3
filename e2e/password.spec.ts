import { expect, test } from '@playwright/test';
import { freshAccount, signIn, waitForMessage } from './support';

test('a forgotten password is reset from the mail, and only the new one signs in', async ({ page, request }) => {
  const email = await freshAccount(request, 'reset', 'Original-2026');
  const newPassword = 'Replaced-2027';

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('retrieve-sent')).toContainText(email);
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();

  const mail = await waitForMessage(request, email, /\/reset\?key=/);
  const link = new URL(/https?:\/\/\S+\/reset\?key=[\w-]+/.exec(mail.text)![0]);
  const resetPath = `${link.pathname}${link.search}`;
  await page.goto(resetPath);
  await expect(page.getByText(`For the account ${email}.`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('Something-else-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in now' }).click();
  await expect(page).toHaveURL(/\/signin\?email=/);

  await signIn(page, email, 'Original-2026');
  await expect(page.getByText('Sign-in failed: the e-mail or password is wrong.').first()).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A reset link is single use: opened again, it says so and offers a new one.
  await page.goto(resetPath);
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/retrieve');
});
