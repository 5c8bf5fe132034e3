import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { connectProfile } from './social-support';
import { api, unique } from './support';

// Issue 15 item 7 for the social platforms (docs/decisions.md "Social messages in the inbox"): someone
// comments on a published Facebook post (the sandbox's signed Graph webhook); the comment arrives in the
// inbox without a reload, is answered through the platform and shows Replied; a Facebook private message
// written 25 hours ago refuses a reply with the platform's rule, in the console and on the server.

test('a comment on a published post arrives live and is answered; a 25-hour-old DM refuses a reply', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await demoToken(request);
  // the same sandbox account name is the same profile (no quota taken): see social-model.spec.ts
  const profileId = await connectProfile(request, token, 1, 'Model path page');
  const postText = unique('Terrace opens Friday');
  const { PostId } = await api<{ PostId: string }>(
    request,
    'SaveSocialPost',
    { ProfileIds: [profileId], Text: postText, Mode: 'publish' },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetSocialPost', { PostId }, token)).Status, {
      timeout: 40_000,
    })
    .toBe(1);

  await signInDemo(page, '/mkthub/inbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart inbox' })).toBeVisible();
  const stamp = postText.split('_')[1];
  const event = (data: Record<string, string>) => request.post('/dev/social/event', { data: { profileId, ...data } });
  const comment = `Can I book a table for six ${stamp}`;
  expect((await event({ kind: 'comment', text: comment, name: 'Ada Fan' })).ok()).toBe(true);
  const row = page.getByRole('row', { name: new RegExp(comment) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Facebook · Comment');
  await expect(row).toContainText('Unread');

  await row.getByRole('link', { name: new RegExp(comment.slice(0, 12)) }).click();
  await expect(page.getByText(`“${postText}” → Model path page`)).toBeVisible();
  const answer = `Yes, see you Friday ${stamp}`;
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText('Replied', { exact: true })).toBeVisible();

  const late = `Are you open on Monday ${stamp}`;
  expect((await event({ kind: 'message', text: late, name: 'Bo Customer', hoursAgo: '25' })).ok()).toBe(true);
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  const lateRow = page.getByRole('row', { name: new RegExp(late) });
  await expect(lateRow).toBeVisible({ timeout: 20_000 });
  await expect(lateRow).toContainText('Facebook · Private message');
  await lateRow.getByRole('link', { name: new RegExp(late.slice(0, 12)) }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Facebook private messages older than 24 hours cannot be replied to.',
  );
  const messageId = page.url().split('/').pop()!;
  const refused = (await (
    await request.post('/api', {
      data: { Action: 'ReplyInboxMessage', MessageId: messageId, Text: 'Sorry', IdempotencyKey: unique('k') },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { RetCode: number; Message: string };
  expect(refused.RetCode).toBe(239701);
  expect(refused.Message).toBe('Facebook private messages older than 24 hours cannot be replied to.');
});
