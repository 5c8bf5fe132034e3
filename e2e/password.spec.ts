import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn, uniqueEmail, waitForMessage } from './support';

const uniquePhone = () => `555${String(Date.now()).slice(-5)}${Math.floor(Math.random() * 100).toString().padStart(2, '0')}`;

async function api(request: APIRequestContext, Action: string, input: object): Promise<Record<string, unknown>> {
  const reply = (await (await request.post('/api', { data: { Action, ...input } })).json()) as { RetCode: number; Message: string; Data: Record<string, unknown> };
  expect(reply.RetCode, `${Action}: ${reply.Message}`).toBe(0);
  return reply.Data;
}

/** A fresh, activated account made through the gateway (the sign-up screens have their own journey). */
async function freshAccount(request: APIRequestContext, password: string): Promise<string> {
  const email = uniqueEmail('reset');
  const phone = uniquePhone();
  await api(request, 'SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
  const code = /\b(\d{6})\b/.exec((await waitForMessage(request, phone, /\d{6}/)).text)![1];
  await api(request, 'RegisterAdminUser', { Email: email, Password: password, Phone: phone, PhoneCode: code, Country: 'US', Agree: true });
  const key = /\/active\?key=([\w-]+)/.exec((await waitForMessage(request, email, /\/active\?key=/)).text)![1];
  await api(request, 'ActivateAdminUser', { Key: key });
  return email;
}

test('a forgotten password is reset from the mail, and only the new one signs in', async ({ page, request }) => {
  const email = await freshAccount(request, 'Original-2026');
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
