import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';
import type { OutboxMessage } from './support';
import { demoInboxMessage, memberSays } from './telegram-support';

// Issue 15 item 7: a member writes in a Telegram group the bot is in; the message arrives in the smart
// inbox without a reload and counts in the top bar; the user opens it, is stopped at 1001 characters,
// replies (the reply lands in the group, as a reply), archives it, and reads the page in Chinese.

test('a group message arrives live, is opened, answered once, archived, and reads in Chinese', async ({
  page,
  request,
}) => {
  const botId = 710_000_000 + (Date.now() % 10_000_000);
  const first = `Warm-up ${botId}`;
  const { bot, group } = await demoInboxMessage(request, botId, first);

  await signInDemo(page, '/mkthub/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart inbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(first) })).toBeVisible();

  const question = `Do you ship to Shanghai? 你们发货到上海吗？ ${botId}`;
  await memberSays(request, bot, group.ChatId, question, 'Li Lei');
  const row = page.getByRole('row', { name: new RegExp(`Shanghai.*${botId}`) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Li Lei');
  await expect(row).toContainText('Telegram · Group message');
  await expect(row).toContainText('Unread');
  await expect(page.getByRole('link', { name: /^Smart inbox, [0-9]+ unread$/ })).toBeVisible({ timeout: 20_000 });

  await row.getByRole('link', { name: new RegExp(question.slice(0, 20)) }).click();
  await expect(page).toHaveURL(/\/mkthub\/inbox\/detail\/IB/);
  await expect(page.getByText('Reviewed')).toBeVisible();
  const box = page.getByLabel('Your reply');
  await box.fill('x'.repeat(1001));
  await expect(page.getByText('A reply is at most 1000 characters.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toBeDisabled();
  const answer = `Yes, in 3 days. 三天送达。 ${botId}`;
  await box.fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toContainText('Sent');
  await expect(page.getByText('Replied')).toBeVisible();
  const outbox = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
  expect(outbox.filter((m) => m.channel === 'telegram' && m.text === answer)).toHaveLength(1);

  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('This message is archived. Restore it to reply.')).toBeVisible();

  await page.context().addCookies([{ name: 'lang', value: 'zh', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('button', { name: '恢复' })).toBeVisible();
  await page.getByRole('button', { name: '恢复' }).click();
  await expect(page.getByLabel('您的回复')).toBeVisible();
  await page.getByRole('link', { name: '返回收件箱' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '智能收件箱' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Shanghai.*${botId}`) })).toContainText('已回复');
});
