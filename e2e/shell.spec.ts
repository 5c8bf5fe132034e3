import { expect, test } from '@playwright/test';
import { signIn } from './support';

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

test('the demo account sees its balance and plan in the account menu, in both languages', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('account-menu').click();
  // the total counts every wallet: 1,234.56 main + 200.00 SMS (issue 10)
  await expect(page.getByTestId('account-balance')).toHaveText('$1,434.56');
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
