import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { aigcGenerationMachine } from '../src/machines/aigc-generation.machine';
import { modelPathTests } from './model-paths';
import type { PathInfo } from '../src/statecharts/explore';
import { demoToken, failAction, signInDemo } from './sms-support';
import { api, unique } from './support';

// Issue 16 item 7: an AI image painted by the sandbox generator (5 s here), saved to the library and listed in
// My designs; a size out of range refused at the field; the page in Chinese; and the generation machine's
// paths, a reload mid-generation among them. Every test uses the demo account, whose plan has AI generations.

test.setTimeout(120_000);

const PAGE = '/tool/creative-material';

/** The demo's generations run one at a time: wait until none is running before a test starts another. */
async function noneRunning(request: APIRequestContext) {
  const token = await demoToken(request);
  await expect
    .poll(
      async () =>
        (await api<{ Designs: { Status: number }[] }>(request, 'ListAIGCDesign', {}, token)).Designs.some(
          (design) => design.Status === 1,
        ),
      { timeout: 30_000 },
    )
    .toBe(false);
}

async function describe(page: Page, prompt: string) {
  await page.getByLabel('Describe the image').fill(prompt);
  await page.getByLabel('Width (px)').fill('240');
  await page.getByLabel('Height (px)').fill('120');
}

test('paint an image, save it to the library and find it in My designs', async ({ page, request }) => {
  await noneRunning(request);
  await signInDemo(page, PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Creative material' })).toBeVisible();
  const prompt = unique('Red sneakers on a beach');
  await describe(page, prompt);
  await page.getByLabel('Width (px)').fill('600');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Width must be a whole number from 18 to 520 pixels.')).toBeVisible();
  await page.getByLabel('Width (px)').fill('240');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('status')).toContainText('Painting your image');
  const image = page.getByRole('img', { name: prompt }).first();
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect(image).toHaveJSProperty('naturalWidth', 240);
  await page.getByRole('button', { name: 'Save to library' }).first().click();
  await expect(page.getByText('In the library').first()).toBeVisible();
  const designs = page.getByRole('list', { name: 'My designs' });
  await expect(designs.getByRole('listitem').filter({ hasText: prompt })).toContainText('In the library');

  await page.goto('/tool/library');
  await expect(page.getByText(prompt.slice(0, 60)).first()).toBeVisible();
});

test('the page reads in Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, PAGE);
  await expect(page.getByRole('heading', { level: 1, name: '创意素材' })).toBeVisible();
  await expect(page.getByLabel('描述图片')).toBeVisible();
  await expect(page.getByRole('button', { name: '生成' })).toBeVisible();
});

// The machine's paths. One that resumes starts an image and reloads the page while it is painted; one through a
// failed result describes "[fail]" (the sandbox refuses it); a lost connection aborts that Action until retried.
const labels = (path: PathInfo): string[] => path.steps.map((step) => step.label);

async function openCreative(page: Page, path: PathInfo, request: APIRequestContext) {
  await noneRunning(request);
  const steps = labels(path);
  if (steps.includes('error: createTask')) await failAction(page, 'CreateAIGCContentGenerationTask');
  await signInDemo(page, PAGE);
  if (!steps.includes('generate.resume')) return;
  await describe(page, steps.includes('done: getResult [failed]') ? 'Make it [fail]' : unique('Resumed poster'));
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('status')).toContainText('Painting your image');
  if (steps.includes('error: getResult')) await failAction(page, 'GetAIGCContentGenerationTaskResult');
  await page.reload();
}

const retry = async (page: Page) => {
  await page.unroute('**/api');
  await page.getByRole('button', { name: 'Try again' }).click();
};

modelPathTests('aigcGeneration', {
  machine: aigcGenerationMachine,
  longestOnly: true,
  start: openCreative,
  drivers: {
    'generate.start': async (page) => {
      await describe(page, unique('Blue mug'));
      await page.getByRole('button', { name: 'Generate' }).click();
    },
    'generate.resume': 'auto',
    'generate.retry': retry,
    'generate.retry [hasTask]': retry,
    'done: createTask': 'auto',
    'error: createTask': 'auto',
    'after 2 s': 'auto',
    'done: getResult [succeeded]': 'auto',
    'done: getResult [failed]': 'auto',
    'done: getResult': 'auto',
    'error: getResult': 'auto',
  },
  states: {
    done: async (page) => expect(page.getByRole('button', { name: 'Save to library' }).first()).toBeVisible(),
    failed: async (page) =>
      expect(page.getByRole('alert').filter({ hasText: 'refused this description' })).toBeVisible(),
    refused: async (page) => expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toBeVisible(),
    lost: async (page) => expect(page.getByRole('alert').filter({ hasText: 'connection was lost' })).toBeVisible(),
  },
});
