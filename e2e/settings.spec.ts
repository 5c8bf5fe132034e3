import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail, waitForMessage } from './support';
import { PASSWORD, runScript, signInFresh } from './settings-accounts';

test('change the password, then sign in with the new one', async ({ page, request }) => {
  const email = await signInFresh(page, request, 'password');
  await page.goto('/setting/user-setting?tab=password');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Changed-2027');
  await page.getByLabel('Confirm new password').fill('Changed-2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(/Sign-in failed/).first()).toBeVisible();
  await page.getByLabel('Password').fill('Changed-2027');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in goes back to the page the user signed out from.
  await expect(page).toHaveURL(/\/setting\/user-setting/);
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('change the e-mail with the code from the outbox and the link sent to the new address', async ({
  page,
  request,
}) => {
  const email = await signInFresh(page, request, 'email-old');
  const newEmail = uniqueEmail('email-new');
  await page.goto('/setting/user-setting?tab=email');
  await expect(page.getByTestId('current-email')).toHaveText(email);
  await page.getByRole('button', { name: 'Send code to current e-mail' }).click();
  await expect(page.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
  const code = /\b(\d{6})\b/.exec((await waitForMessage(request, email, /\b\d{6}\b/)).text)![1];
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByTestId('email-link-sent')).toContainText(newEmail);

  const link = new URL(
    /https?:\/\/\S+\/mail\?key=[\w-]+/.exec((await waitForMessage(request, newEmail, /\/mail\?key=/)).text)![0],
  );
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByTestId('mail-confirmed')).toContainText(newEmail);
  await page.getByRole('link', { name: 'Go to the console' }).click();
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
});

test('create an access key, call the API with it from a script, then revoke it', async ({ page, request, baseURL }) => {
  const email = await signInFresh(page, request, 'apikey');
  await page.goto('/setting/user-setting?tab=accessKeys');
  // The signing steps the intro and the signature error point to are on this page.
  await page.getByText('How to sign a request', { exact: true }).click();
  await expect(page.getByText('String to sign: six lines joined by a line feed', { exact: false })).toBeVisible();
  await page.getByLabel('Key name').fill('Nightly export');
  await page.getByRole('button', { name: 'Create access key' }).click();
  const dialog = page.getByTestId('access-key-secret');
  await expect(dialog).toBeVisible();
  const id = (await dialog.getByTestId('new-access-key-id').textContent())!.trim();
  const secret = (await dialog.getByTestId('new-access-key-secret').textContent())!.trim();
  await dialog.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(page.getByTestId('access-keys')).toContainText(id);
  await expect(page.getByTestId('access-keys')).not.toContainText(secret);

  const env = { HERALD_ACCESS_KEY_ID: id, HERALD_ACCESS_KEY_SECRET: secret };
  const called = await runScript('scripts/api-client-example.ts', ['GetUserInfo', '{}'], env, baseURL!);
  expect(called.code).toBe(0);
  expect(JSON.parse(called.stdout)).toMatchObject({ RetCode: 0, Data: { Email: email } });

  await page.getByTestId(`revoke-${id}`).click();
  await page.getByRole('button', { name: 'Revoke' }).last().click();
  await expect(page.getByText('The key has been revoked.')).toBeVisible();
  const refused = await runScript('scripts/api-client-example.ts', ['GetUserInfo', '{}'], env, baseURL!);
  expect(JSON.parse(refused.stdout)).toMatchObject({ RetCode: 235007 });
});
