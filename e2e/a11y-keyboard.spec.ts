import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// Issue 21 (keyboard, title, lang) and issue 18 items 10, 20, 21: what axe cannot see.
// Each test signs in and walks several pages: slow on a loaded machine.
test.beforeEach(() => test.slow());

async function signInAt(page: Page, path: string) {
  await page.goto(`/signin?service=${encodeURIComponent(path)}`);
  await signIn(page);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const focusIsInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

test('the first tab stop skips to the content; the page has its own title and a full breadcrumb trail', async ({
  page,
}) => {
  await signInAt(page, '/sms/new-template');
  await expect(page).toHaveTitle('New template · Herald');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveText('SMS/Templates/New template');

  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // the language menu by keyboard: the title, the trail and <html lang> follow the choice
  await page.getByRole('button', { name: 'Language', exact: true }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // an open menu shows focus on its item, not as a ring around the whole panel
  await expect(menu).toHaveCSS('outline-style', 'none');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('新建模板 · Herald');
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('模板');
});

test('a dialog traps focus and gives it back; tabs and a combobox work by keyboard', async ({ page }) => {
  await signInAt(page, '/sms/setting');
  const add = page.getByTestId('alarm-add');
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New alarm rule' })).toBeVisible();
  expect(await focusIsInDialog(page)).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'New alarm rule' })).toBeHidden();
  await expect(add).toBeFocused();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const profile = page.getByRole('tab', { name: 'Profile' });
  await profile.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Password' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');

  await profile.click();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.focus();
  await zone.fill('Tokyo');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(zone).toHaveValue(/Tokyo/);
});

test('at phone width the console says it is not made for phones and folds the side menu away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, '/sms/overview');
  await expect(page.getByRole('heading', { name: 'Herald is made for larger screens' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'SMS' })).toBeHidden();
  // the product navigation stays reachable, scrolled sideways inside its own row
  await page.getByRole('button', { name: 'SMS', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/sms\/template$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('not-for-mobile')).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'SMS' })).toBeVisible();
});
