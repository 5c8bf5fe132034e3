import { expect, test, type Page } from '@playwright/test';
import { smsAiMachine } from '../src/machines/sms-ai.machine';
import { RetCode } from '../src/gateway/contract/retcodes';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';

// Campaigns from AI (issue 14 item 5; docs/decisions.md "Campaigns from AI"): the smsAi machine's paths
// on /campaign/create/sms-ai/{name}/{aim} with the sandbox writer, "Use" going on to the campaign's SMS
// and e-mail editors (built elsewhere: only the address is checked), and the page in Chinese. The first
// look at a page waits longer: its lazy chunk loads slowly on a loaded machine.

const SMS_PAGE = '/campaign/create/sms-ai/Spring%20sale/2';
const BRIEF = 'Spring sale on all shoes. Free shipping this week';
const brief = (page: Page) => page.getByLabel('Brief');
const generateButton = (page: Page) => page.getByRole('button', { name: /^(Generate|Regenerate|Try again)$/ });
const has = (path: PathInfo, label: string) => path.steps.some((step) => step.label === label);

/** Answers ContentGeneration itself: after `holdMs`, or at once with a used-up quota. */
async function routeGeneration(page: Page, how: { holdMs?: number; quotaUsedUp?: boolean }) {
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { Action?: string } | null;
    if (body?.Action !== 'ContentGeneration') return route.continue();
    if (how.quotaUsedUp)
      return route.fulfill({
        json: { RetCode: RetCode.AiQuotaUsedUp, Message: 'AI generation count in subscription used up.', Data: {} },
      });
    await new Promise((resolve) => setTimeout(resolve, how.holdMs));
    await route.continue();
  });
}

test.describe('smsAi paths', () => {
  modelPathTests('smsAi', {
    // every step of the shorter paths is taken by a longer one: run those only (CI time; about 5 s each)
    longestOnly: true,
    machine: smsAiMachine,
    start: async (page: Page, path: PathInfo) => {
      test.skip(
        has(path, 'draft.cancel [hasDraft]') && !has(path, 'done: generateDraft'),
        'no draft before the first generation',
      );
      if (has(path, 'error: generateDraft')) await failAction(page, 'ContentGeneration');
      if (has(path, 'error: generateDraft [isQuotaUsedUp]')) await routeGeneration(page, { quotaUsedUp: true });
      if (has(path, 'error: saveDraft')) await failAction(page, 'CreateUSMSTemplate');
      if (has(path, 'draft.cancel') || has(path, 'draft.cancel [hasDraft]'))
        await routeGeneration(page, { holdMs: 4_000 });
      await signInDemo(page, SMS_PAGE);
    },
    drivers: {
      'brief.change': (page) => brief(page).fill(BRIEF),
      'language.change': async (page) => {
        await page
          .getByRole('main')
          .getByRole('button', { name: /^Language/ })
          .click();
        await page.getByRole('option', { name: 'Chinese (简体中文)' }).click();
      },
      'tone.change': async (page) => {
        await page.getByRole('button', { name: /^Tone/ }).click();
        await page.getByRole('option', { name: 'Playful' }).click();
      },
      'draft.generate': async (page) => {
        await brief(page).fill('x');
        await generateButton(page).click();
      },
      'draft.generate [isBriefValid]': async (page) => {
        await brief(page).fill(BRIEF);
        await generateButton(page).click();
      },
      'draft.regenerate': async (page) => {
        await brief(page).fill('x');
        await generateButton(page).click();
      },
      'draft.regenerate [isBriefValid]': async (page) => {
        await brief(page).fill(BRIEF);
        await generateButton(page).click();
      },
      'draft.cancel': (page) => page.getByRole('button', { name: 'Cancel' }).click(),
      'draft.cancel [hasDraft]': (page) => page.getByRole('button', { name: 'Cancel' }).click(),
      'draft.edit': (page) =>
        page.getByLabel('Text', { exact: true }).fill('Spring sale, edited. Reply STOP to opt out.'),
      'draft.save': (page) => page.getByRole('button', { name: 'Save as template' }).click(),
      'done: generateDraft': 'auto',
      'error: generateDraft': 'auto',
      'error: generateDraft [isQuotaUsedUp]': 'auto',
      'done: saveDraft': 'auto',
      'error: saveDraft': 'auto',
    },
    states: {
      idle: async (page) => expect(page.getByRole('button', { name: 'Generate' })).toBeVisible(),
      generating: async (page) => expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible(),
      generated: async (page) => expect(page.getByLabel('Text', { exact: true })).toBeEnabled(),
      failed: async (page) => expect(page.getByText('The SMS could not be generated')).toBeVisible(),
      quotaExhausted: async (page) => expect(page.getByText('No AI generations left')).toBeVisible(),
      saved: async (page) =>
        expect(page.getByRole('status').filter({ hasText: 'Saved as the SMS template' })).toBeVisible(),
    },
  });
});

test.describe('use in the campaign', () => {
  // "Use" waits for the template's review (SMS_TEMPLATE_REVIEW_DELAY_MS in the e2e server)
  test.describe.configure({ timeout: 120_000 });

  test('an SMS from a brief, its parts counted, goes on to the campaign’s SMS editor', async ({ page }) => {
    await signInDemo(page, SMS_PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'AI SMS for “Spring sale”' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Aim: Activation.')).toBeVisible();
    await brief(page).fill(BRIEF);
    await generateButton(page).click();
    const text = page.getByLabel('Text', { exact: true });
    await expect(text).toHaveValue(
      'Good news: Spring sale on all shoes. Free shipping this week. We miss you: come back and see what is new. Reply STOP to opt out.',
    );
    await expect(page.getByText(/SMS parts: 1 · characters: 128/)).toBeVisible();
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page).toHaveURL(/\/campaign\/create\/sms-editor\/Spring%20sale\/2\?templateId=\w+&source=ai$/, {
      timeout: 60_000,
    });
    // the campaign's editor has the approved template chosen and the campaign's name
    await expect(page.getByTestId('send-template')).not.toHaveValue('', { timeout: 20_000 });
    await expect(page.getByLabel('Campaign name')).toHaveValue('Spring sale');
  });

  test('a rejected template says so and links to the templates', async ({ page }) => {
    await signInDemo(page, '/campaign/create/sms-ai/Loans/1');
    await brief(page).fill('Quick loan approval today');
    await generateButton(page).click();
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(/loan approval/);
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'was rejected in review' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('link', { name: 'Open templates' })).toHaveAttribute('href', '/sms/template');
  });

  test('the AI e-mail goes on to the campaign’s e-mail editor', async ({ page }) => {
    await signInDemo(page, '/campaign/create/email-ai/Spring%20sale/1');
    await expect(page.getByRole('heading', { level: 1, name: 'AI e-mail for “Spring sale”' })).toBeVisible({
      timeout: 30_000,
    });
    await brief(page).fill(BRIEF);
    await generateButton(page).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Good news: Spring sale on all shoes');
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page).toHaveURL(/\/campaign\/create\/email-editor\/Spring%20sale\/1\?templateId=ET\w+&source=ai$/, {
      timeout: 60_000,
    });
  });
});

test('AI SMS speaks Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/campaign/create/sms-ai/%E6%98%A5%E5%AD%A3/1');
  await expect(page.getByRole('heading', { level: 1, name: '“春季”的 AI 短信' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('描述').fill('春季鞋子大促。本周包邮');
  await page.getByRole('button', { name: '生成' }).click();
  await expect(page.getByLabel('正文', { exact: true })).toHaveValue(
    '好消息：春季鞋子大促，本周包邮。抢先体验吧！回复TD退订',
  );
  await expect(page.getByText(/短信条数：1/)).toBeVisible();
});
