import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_PASSWORD, PLAN_FIXTURES } from '../server/db/seed-fixtures';
import { emailSendingSetup } from './email-support';
import { demoToken, signInDemo } from './sms-support';
import { signIn, unique } from './support';

// Issue 13 item 8: AI e-mail on /email/message/email-ai with the offline sandbox generator
// (docs/decisions.md "AI text"): generate from a brief, edit, use it and send it; a failure and a
// cancelled wait; the used-up AIGCRequestLimit; once in Chinese.

// the journey sets up a verified domain and a sender first, and waits for a template review
test.describe.configure({ timeout: 180_000 });

const BRIEF = 'Spring sale on all shoes. Free shipping this week';
const briefBox = (page: Page) => page.getByLabel('Brief');

async function generate(page: Page, brief: string) {
  await briefBox(page).fill(brief);
  await page.getByRole('button', { name: /^(Generate|Regenerate|Try again)$/ }).click();
}

test('generate an e-mail from a brief, edit it, use it and send it', async ({ page, request }) => {
  const sending = await emailSendingSetup(request, await demoToken(request));
  await signInDemo(page, '/email/message/email-ai');
  await expect(page.getByRole('heading', { level: 1, name: 'AI e-mail' })).toBeVisible();
  await expect(page.getByTestId('ai-usage')).toContainText(/AI generations used: \d+ of 2000/);
  await expect(page.getByText('Your draft appears here')).toBeVisible();

  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Write at least 2 characters.')).toBeVisible();

  await page.getByRole('button', { name: /^Tone/ }).click();
  await page.getByRole('option', { name: 'Playful' }).click();
  await generate(page, BRIEF);
  const subject = page.getByLabel('Subject');
  await expect(subject).toHaveValue('Psst! Spring sale on all shoes');
  await expect(page.getByLabel('Preview text')).toHaveValue('Spring sale on all shoes, Free shipping this week');
  await expect(page.frameLocator('iframe[title="Preview"]').getByText('Free shipping this week')).toBeVisible();

  const edited = `Spring sale ${unique('ai')}`;
  await subject.fill(edited);
  await page.getByRole('button', { name: 'Use this' }).click();
  await expect(page).toHaveURL(/\/email\/sending\?templateId=ET\w+$/, { timeout: 30_000 });
  await expect(page.getByTestId('send-template')).not.toHaveValue('', { timeout: 20_000 });

  await page.getByLabel('Campaign name').fill(unique('ai-send'));
  await page.getByTestId('send-sender').fill('Shop');
  await page.getByRole('option', { name: sending.senderLabel }).click();
  await page.getByLabel('E-mail addresses', { exact: true }).fill('ada@example.com');
  await expect(page.getByTestId('recipients-summary')).toContainText('1 recipient', { timeout: 15_000 });
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toContainText(edited);
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toBeVisible({ timeout: 20_000 });
});

test('a failed generation says so, and a long wait can be cancelled', async ({ page }) => {
  await signInDemo(page, '/email/message/email-ai');
  await generate(page, 'Launch party [fail]');
  await expect(page.getByRole('alert').filter({ hasText: 'AI information generation failed' })).toBeVisible();

  await generate(page, 'Launch party [slow]');
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(page.getByText('this takes about 30 seconds')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
  await expect(page.getByLabel('Brief')).toHaveValue('Launch party [slow]');
});

test('a used-up AI quota is explained with the way to more', async ({ page }) => {
  // the trial fixture's plan allows 20 AI generations: use them up through the gateway
  const login = await page.request.post('/api', {
    data: { Action: 'LoginByPassword', Email: PLAN_FIXTURES.trial, Password: FIXTURE_PASSWORD },
  });
  const token = ((await login.json()) as { Data: { AccessToken: string } }).Data.AccessToken;
  for (let i = 0; i < 20; i++) {
    const reply = await page.request.post('/api', {
      data: { Action: 'GenerateEmailContent', Brief: 'Use one generation', Language: 'en' },
      headers: { authorization: `Bearer ${token}` },
    });
    if (((await reply.json()) as { RetCode: number }).RetCode !== 0) break;
  }
  await page.goto(`/signin?service=${encodeURIComponent('/email/message/email-ai')}`);
  await signIn(page, PLAN_FIXTURES.trial, FIXTURE_PASSWORD);
  await expect(page.getByTestId('ai-usage')).toContainText('AI generations used: 20 of 20');
  await generate(page, BRIEF);
  await expect(page.getByRole('alert')).toContainText('AI generation count in subscription used up');
  await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
});

test('AI e-mail speaks Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/email/message/email-ai');
  await expect(page.getByRole('heading', { level: 1, name: 'AI 邮件' })).toBeVisible();
  await page.getByLabel('描述').fill('春季鞋子大促。本周包邮');
  await page.getByRole('button', { name: '生成' }).click();
  await expect(page.getByLabel('主题')).toHaveValue('好消息：春季鞋子大促');
  await expect(page.getByTestId('ai-usage')).toContainText('已使用 AI 生成次数');
});

test('phone width: the page fits and generates', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInDemo(page, '/email/message/email-ai');
  await generate(page, BRIEF);
  await expect(page.getByLabel('Subject')).toHaveValue('Good news: Spring sale on all shoes');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
