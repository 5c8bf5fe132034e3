import { expect, test } from '@playwright/test';
import { reloadPastLeaveWarning, unique } from './support';
import { signInFresh } from './settings-accounts';
import { demoToken, passedTemplate, scheduledTask, signInDemo } from './sms-support';

// Issue 18: what a new user tripped over in the built console, checked as that user sees it.

test('an over-long template keeps what was pasted, counts it and says what is wrong (§4)', async ({ page }) => {
  await signInDemo(page, '/sms/new-template');
  const name = page.getByLabel('Template name');
  const content = page.getByLabel('Content', { exact: true });
  await name.fill('n'.repeat(140));
  await content.fill(`Hello {{1}}, your order is ready. ${'x'.repeat(1170)}`);
  await expect(name).toHaveValue('n'.repeat(140));
  expect((await content.inputValue()).length).toBe(1204);
  await expect(page.getByText('140 / 64')).toBeVisible();
  await expect(page.getByText('1204 / 1000')).toBeVisible();
  await expect(page.getByText('Use at most 64 characters.')).toBeVisible();
  await expect(page.getByText('Use at most 1000 characters.')).toBeVisible();
  // cut back under the limits, the errors go and the counters follow
  await name.fill('order_ready');
  await content.fill('Hello {{1}}, your order is ready to collect today.');
  await expect(page.getByText('11 / 64')).toBeVisible();
  await expect(page.getByText('Use at most 1000 characters.')).toHaveCount(0);
});

test('a half-written template or post asks before a link out of it and before a reload; an untouched one does not', async ({
  page,
}) => {
  await signInDemo(page, '/sms/new-template');
  await page.getByLabel('Template name').fill('half_written');
  const templates = page.getByRole('link', { name: 'Templates', exact: true }).first();
  await templates.click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toContainText('What you entered here is not saved or sent yet');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Template name')).toHaveValue('half_written');
  await reloadPastLeaveWarning(page);
  await expect(page.getByLabel('Template name')).toHaveValue('');
  await templates.click();
  await expect(page).toHaveURL(/\/sms\/template$/);

  // the Telegram post composer: typed text asks first; leaving anyway goes
  await page.goto('/mkthub/post/tg/message');
  await page.getByLabel('Message', { exact: true }).fill('Half a post 半篇帖子');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(dialog).toContainText('What you entered here is not saved or sent yet');
  await dialog.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('template checks: no "0 words (at least 0…)", failing rules shown as failing, plurals (§14, §15)', async ({
  page,
}) => {
  await signInDemo(page, '/sms/new-template');
  const checks = page.getByRole('list').filter({ hasText: 'No variable at the end' });
  await expect(checks.getByText('At least three words per variable (no variable yet)')).toBeVisible();
  await page.getByLabel('Content', { exact: true }).fill('Hi {{1}}');
  await expect(checks.getByRole('listitem').filter({ hasText: 'No variable at the end' })).toHaveAttribute(
    'data-check',
    'fail',
  );
  await expect(checks.getByText('1 word (at least 3: three per variable)')).toBeVisible();
  await page.getByLabel('Content', { exact: true }).fill('Hi {{1}}, your parcel is waiting today.');
  await expect(checks.getByRole('listitem').filter({ hasText: 'No variable at the end' })).toHaveAttribute(
    'data-check',
    'ok',
  );
  await expect(checks.getByText('6 words (at least 3: three per variable)')).toBeVisible();
});

test('the dashboard shows the last 7 days per channel and the latest tasks (§9), in both languages', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const name = unique('dash');
  await scheduledTask(request, token, await passedTemplate(request, token), name);
  await signInDemo(page, '/dashboard');
  const week = page.getByRole('table');
  await expect(week.getByRole('columnheader', { name: 'Success rate' })).toBeVisible();
  await expect(week.getByRole('rowheader', { name: 'SMS' })).toBeVisible();
  // every channel with send statistics has its row and its overview; voice has none yet
  await expect(week.getByRole('rowheader', { name: 'WhatsApp' }).getByRole('link')).toHaveAttribute(
    'href',
    '/whatsapp/overview',
  );
  await expect(week.getByRole('row', { name: /Voice No send statistics yet/ })).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/sms\/task\//);

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await page.goto('/dashboard');
  await expect(page.getByRole('table').getByRole('columnheader', { name: '成功率' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /语音 暂无发送统计/ })).toBeVisible();
  await expect(page.getByText('最新任务')).toBeVisible();
});

test('an empty list has no pagination and one way to start (§19)', async ({ page, request }) => {
  await signInFresh(page, request, 'empty-lists');
  await page.goto('/setting/work-order');
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New ticket', exact: true })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test('an invalid submit moves focus to the first field to fix, and an empty password asks for one (§14)', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('E-mail', { exact: true }).fill('someone@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByText('Enter a password.')).toBeVisible();
});

test('row actions that open a page are links, so they open in a new tab (§19)', async ({ page, request }) => {
  const token = await demoToken(request);
  await scheduledTask(request, token, await passedTemplate(request, token), unique('links'));
  await signInDemo(page, '/sms/message');
  const view = page.getByTestId('table-row').first().getByRole('link', { name: 'View' });
  await expect(view).toHaveAttribute('href', /^\/sms\/task\/[^/]+\/[^/]+\/[^/]+$/);
});

test('send records fit a 1440 px window, with days written YYYY-MM-DD (§16)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await demoToken(request);
  await scheduledTask(request, token, await passedTemplate(request, token), unique('fit'));
  await signInDemo(page, '/sms/search');
  const from = page.getByLabel('From', { exact: true });
  await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  // A day typed in the house format is taken; one that does not exist is not.
  const weekAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await from.fill(weekAgo);
  await from.press('Enter');
  await expect(page.getByRole('radio', { name: 'Last 7 days' })).not.toBeChecked();
  await from.fill('2026-02-30');
  await from.press('Enter');
  await expect(from).toHaveValue(weekAgo);
  // Every column is inside the table's width and every header is whole: nothing cut off or truncated.
  const table = page.getByTestId('records-table');
  await expect(table.getByRole('columnheader', { name: 'Submitted / reported' })).toBeVisible();
  const cut = await table.evaluate((element) => {
    const header = element.querySelector('[role="row"]')!;
    const cells = [...header.querySelectorAll('[role="columnheader"]')];
    return {
      row: header.scrollWidth - header.clientWidth,
      headers: cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    };
  });
  expect(cut).toEqual({ row: 0, headers: [] });
});

test('every area opens with the same page header: a title and a line of context (§20)', async ({ page }) => {
  await signInDemo(page, '/setting/user-setting');
  for (const [path, title] of [
    ['/setting/user-setting', 'Account settings'],
    ['/setting/work-order', 'Work orders'],
    ['/setting/work-order-create', 'New ticket'],
    ['/notification', 'Notifications'],
    ['/sms/message', 'Send tasks'],
  ] as const) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(title);
    await expect(page.locator('main header p').first()).not.toBeEmpty();
  }
});
