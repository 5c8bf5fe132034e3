import { expect, test } from '@playwright/test';
import { api, DEMO, signIn } from './support';
import type { Balance } from '../src/gateway/contract/actions/billing';
import { totalAvailableUnits } from '../src/gateway/contract/money';

test('a deep link while signed out comes back after sign-in', async ({ page }) => {
  await page.goto('/dashboard?tab=overview');
  await expect(page).toHaveURL(/\/signin\?service=%2Fdashboard%3Ftab%3Doverview/);
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard\?tab=overview$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Demo');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
});

test('the demo account sees its balance and plan in the account menu, in both languages', async ({ page, request }) => {
  // the total counts every wallet (issue 10): main + the sub-wallets, as the gateway has them now (other
  // journeys spend from the demo's SMS wallet before this one runs)
  const { AccessToken } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  const units = totalAvailableUnits(await api<Balance>(request, 'GetBalance', {}, AccessToken));
  const total = `$${(units / 10_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await page.goto('/signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-balance')).toHaveText(total);
  await expect(page.getByTestId('account-plan')).toHaveText('Pro');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toContainText(/好，Demo/);
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-plan')).toHaveText('专业版');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { name: '登录 Herald' })).toBeVisible();
});
