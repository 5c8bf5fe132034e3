import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mktPlanEditorMachine } from '../src/machines/mkt-plan-editor.machine';
import { planApplyMachine } from '../src/machines/plan-apply.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { applyOncePathTests } from './apply-once-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { api, unique } from './support';

// The marketing plan form machine's generated paths, driven through /mkthub/createplan/1 and
// /mkthub/editplan/{Id} (issue 14 item 4). A step's driver fills what its guard needs (a name and a
// channel to save, a brief to generate, a strategy to apply); edits of a strategy's steps and a plan
// already applied have no driver here (e2e/mkt-plans.spec.ts takes them).

const has = (path: PathInfo, label: string) => path.steps.some((step) => step.label === label);
const FAILING: Record<string, string> = {
  'error: loadPlan': 'GetMKTPlan',
  'error: checkName': 'QueryPlanNameCheck',
  'error: generateContent': 'GenerateMKTPlanContent',
  'error: saveDraft': 'SaveMKTPlan',
  'error: submitPlan': 'SaveMKTPlan',
  'error: applyPlan': 'ApplyMKTPlan',
};

/** What saving needs: a name, the industry and product category, a channel. */
async function settings(page: Page) {
  await page.getByLabel('Plan name').fill(unique('Path plan'));
  await page.getByLabel('Industry').fill('Retail');
  await page.getByLabel('Product category').fill('Shoes');
  await page.getByLabel('SMS', { exact: true }).check();
}

/** The path cancels a generation: the sandbox AI takes its time with a `[slow]` brief (30 s). */
let slowBrief = false;

async function generated(page: Page) {
  await settings(page);
  await page.getByLabel('Brief').fill(`Spring sale on all shoes this week${slowBrief ? ' [slow]' : ''}`);
  await page.getByRole('button', { name: 'Generate plan' }).click();
}

modelPathTests('mktPlanEditor', {
  // every step of the shorter paths is taken by a longer one: run those only (CI time)
  longestOnly: true,
  machine: mktPlanEditorMachine,
  async start(page: Page, path: PathInfo, request: APIRequestContext) {
    slowBrief = has(path, 'generate.cancel');
    for (const [label, action] of Object.entries(FAILING)) if (has(path, label)) await failAction(page, action);
    if (!has(path, 'always [hasSource]')) return signInDemo(page, '/mkthub/createplan/1');
    const { PlanId } = await api<{ PlanId: string }>(
      request,
      'SaveMKTPlan',
      {
        Name: unique('Saved plan'),
        Aim: 1,
        Industry: 'Retail',
        ProductCategory: 'Shoes',
        Type: 'promotion',
        Tone: 'friendly',
        Channels: ['sms'],
        Brief: 'Spring sale',
        Submit: false,
      },
      await demoToken(request),
    );
    await signInDemo(page, `/mkthub/editplan/${PlanId}`);
  },
  drivers: {
    always: 'auto',
    'always [hasSource]': 'auto',
    'done: loadPlan [mayEdit]': 'auto',
    'error: loadPlan': 'auto',
    'load.retry': (page) => page.getByRole('button', { name: 'Try again' }).click(),
    'name.change': (page) => page.getByLabel('Plan name').fill(unique('Named plan')),
    'after 400 ms [hasName]': 'auto',
    'done: checkName': 'auto',
    'error: checkName': 'auto',
    'text.change': (page) => page.getByLabel('Industry').fill('Retail'),
    'aim.set': (page) => page.getByRole('radio', { name: 'Activation' }).check(),
    'channel.toggle': (page) => page.getByLabel('E-mail', { exact: true }).check(),
    'plan.generate [canGenerate]': generated,
    'generate.cancel': (page) => page.getByRole('button', { name: 'Cancel', exact: true }).click(),
    'done: generateContent': 'auto',
    'error: generateContent': 'auto',
    'plan.saveDraft [canSaveDraft]': async (page) => {
      await settings(page);
      await page.getByRole('button', { name: 'Save as draft' }).click();
    },
    'done: saveDraft': 'auto',
    'error: saveDraft': 'auto',
    'plan.apply [canApply]': async (page) => {
      await generated(page);
      await expect(page.getByLabel('Message of step 1')).not.toHaveValue('');
      await page.getByRole('button', { name: 'Save and apply' }).click();
    },
    'done: submitPlan': 'auto',
    'error: submitPlan': 'auto',
    'done: applyPlan': 'auto',
    'error: applyPlan': 'auto',
  },
});

// The apply page's machine (planApply) through /mkthub/applyplan/{Id}, on a submitted plan of the demo account.
applyOncePathTests('planApply', {
  machine: planApplyMachine,
  open: async (page, request) => {
    const token = await demoToken(request);
    const { PlanId } = await api<{ PlanId: string }>(
      request,
      'SaveMKTPlan',
      {
        Name: unique('apply'),
        Aim: 1,
        Industry: 'Retail',
        ProductCategory: 'Shoes',
        Type: 'promotion',
        Tone: 'friendly',
        Channels: ['sms'],
        Content: { Goal: '', Audience: '', Steps: [{ Channel: 'sms', Day: 0, Text: 'Spring sale' }] },
        Submit: true,
      },
      token,
    );
    await signInDemo(page, `/mkthub/applyplan/${PlanId}`);
    await expect(page.getByRole('list', { name: "The journey's steps" })).toContainText('Send: SMS');
  },
  action: 'ApplyMKTPlan',
  button: 'Apply plan',
  applied: async (page) => expect(page.getByRole('link', { name: 'Open its workflow' })).toBeVisible(),
});
