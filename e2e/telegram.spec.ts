import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';
import type { OutboxMessage } from './support';
import { png, sandboxToken } from './telegram-support';

// Issue 15 item 6: a user connects a Telegram bot (the gateway's sandbox Bot API), verifies two of its
// groups, posts a message with an image to both, sees the post Completed, and finds it in /dev/outbox.

test('connect a bot, verify groups, post with an image to two groups, see it Completed and in the outbox', async ({
  page,
  request,
}) => {
  const botId = 700_000_000 + (Date.now() % 100_000_000);
  await signInDemo(page, '/mkthub/tglist');
  await expect(page.getByRole('heading', { level: 1, name: 'Telegram' })).toBeVisible();

  const tokenField = page.getByLabel('Bot token');
  await tokenField.fill('12345:too-short');
  await page.getByRole('button', { name: /^Connect (another )?bot$/ }).click();
  await expect(page.getByText('A bot token is the bot id, a colon and 35 letters').first()).toBeVisible();
  await tokenField.fill(sandboxToken(botId));
  await page.getByRole('button', { name: /^Connect (another )?bot$/ }).click();
  await expect(page.getByText(`@herald_sandbox_${botId}_bot`)).toBeVisible();

  const groups = page.getByRole('table', { name: 'Groups' });
  await expect(groups.getByRole('row')).toHaveCount(8); // a header and 7 groups
  await page.getByRole('button', { name: 'Verify Sandbox group A' }).click();
  await expect(page.getByRole('button', { name: 'Verify Sandbox group A' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify Sandbox group B' }).click();
  await expect(groups.getByRole('row', { name: /Sandbox group B/ })).toContainText('Verified');
  await page.getByRole('button', { name: 'Verify Sandbox group G' }).click();
  await expect(page.getByText('The bot cannot reach this group').first()).toBeVisible();

  await page.getByRole('link', { name: 'New post' }).first().click();
  await expect(page).toHaveURL(/\/mkthub\/post\/tg\/message$/);
  const text = `Launch day ${botId}`;
  await page.getByLabel('Message').fill(text);
  const image = page.getByLabel('Image (optional)');
  await image.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(12_000, 1) });
  await expect(page.getByText('Width plus height must be at most 10,000 px.').first()).toBeVisible();
  await image.setInputFiles({ name: 'launch.png', mimeType: 'image/png', buffer: png(800, 600) });
  await expect(page.getByRole('img', { name: 'launch.png' })).toBeVisible();
  await page.getByLabel('Sandbox group A').check();
  await page.getByLabel('Sandbox group B').check();
  await page.getByRole('button', { name: 'Send now' }).click();

  await expect(page).toHaveURL(/\/mkthub\/tglist$/);
  const row = page.getByRole('table', { name: 'Posts' }).getByRole('row', { name: new RegExp(text) });
  await expect(row).toContainText('Completed', { timeout: 20_000 });
  await expect(row).toContainText('Sandbox group A: sent');
  await expect(row).toContainText('Sandbox group B: sent');

  const outbox = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
  const posted = outbox.filter((m) => m.channel === 'telegram' && m.text.startsWith(text));
  expect(posted.map((m) => m.to.replace(/ \(.*\)$/, '')).sort()).toEqual(['Sandbox group A', 'Sandbox group B']);
  expect(posted[0].text).toContain('[photo] http');

  // once in Chinese
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Telegram' })).toBeVisible();
  await expect(page.getByRole('table', { name: '帖子' }).getByRole('row', { name: new RegExp(text) })).toContainText(
    '已完成',
  );
});
