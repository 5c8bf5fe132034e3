import { expect, test, type Page } from '@playwright/test';
import { RetCode } from '../src/gateway/contract/retcodes';
import { fbAdCreateMachine } from '../src/machines/fb-ad-create.machine';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { unique } from './support';
import { openedFacebookAccount } from './fb-ads-support';

// The ad-create wizard's generated paths (fbAdCreate), driven through the real console against one opened
// sandbox Facebook account. `error: createFbCampaign` makes the gateway unreachable for CreateFbCampaign; the
// guarded errors answer it with the gateway's refusal of the campaign's, ad set's or ad's name.

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const nameField = (page: Page) => page.getByLabel('Name', { exact: true });

async function refuseName(page: Page, field: string) {
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { Action?: string } | null;
    if (body?.Action !== 'CreateFbCampaign') return route.continue();
    await route.fulfill({
      json: {
        RetCode: RetCode.FbAdNameTaken,
        Message: 'taken',
        Data: { Fields: [{ Field: field, Key: 'validation:fbNameTaken' }] },
      },
    });
  });
}

let accountId = '';

modelPathTests('fbAdCreate', {
  // the longest paths take every step of the shorter ones (issue 19: CI time); of those, the ones that submit
  longestOnly: true,
  machine: fbAdCreateMachine,
  start: async (page, path, request) => {
    const labels = path.steps.map((step) => step.label);
    // the steps before a submit are all taken by the paths that submit; the ad set refusal is the ad's twin
    test.skip(!labels.includes('form.submit'), 'its steps are taken by a path that submits');
    test.skip(labels.includes('error: createFbCampaign [refusedAdSet]'), 'the same as the ad refusal');
    test.skip(labels.at(-1) === 'step.back', 'the same as the submit after the error');
    // a step filled once stays filled: a plain Next after coming back would pass, not stay
    const back = labels.indexOf('step.back');
    test.skip(back >= 0 && labels.slice(back).includes('step.next'), 'a filled step passes Next');
    if (!accountId) accountId = await openedFacebookAccount(request);
    if (labels.includes('error: createFbCampaign')) await failAction(page, 'CreateFbCampaign');
    if (labels.includes('error: createFbCampaign [refusedCampaign]')) await refuseName(page, 'Campaign.Name');
    if (labels.includes('error: createFbCampaign [refusedAdSet]')) await refuseName(page, 'AdSet.Name');
    if (labels.includes('error: createFbCampaign [refusedAd]')) await refuseName(page, 'Ad.Name');
    await signInDemo(page, `/advertising/facebook/ad-create/${accountId}/1`);
  },
  drivers: {
    'step.next': next,
    'step.next [campaignValid]': async (page) => {
      await nameField(page).fill(unique('Model campaign'));
      await next(page);
    },
    'step.next [adSetValid]': async (page) => {
      await nameField(page).fill(unique('Model set'));
      await page.getByRole('textbox', { name: 'Bid amount' }).fill('1.50');
      await page.getByRole('textbox', { name: 'Daily budget' }).fill('20');
      await next(page);
    },
    'step.next [adValid]': async (page) => {
      await nameField(page).fill(unique('Model ad'));
      await page.getByLabel('Primary text').fill('Spring shoes, 20% off.');
      await page.getByRole('textbox', { name: 'Headline' }).fill('Spring sale');
      await page.getByLabel('Destination URL').fill('https://shop.example.com/spring');
      await next(page);
    },
    'step.back': (page) => page.getByRole('button', { name: 'Back' }).click(),
    'form.submit': (page) => page.getByRole('button', { name: 'Create campaign' }).click(),
    'done: createFbCampaign': 'auto',
    'error: createFbCampaign': 'auto',
    'error: createFbCampaign [refusedCampaign]': 'auto',
    'error: createFbCampaign [refusedAdSet]': 'auto',
    'error: createFbCampaign [refusedAd]': 'auto',
  },
  states: {
    campaign: async (page) => expect(page.getByText('Step 1 of 4')).toBeVisible(),
    adset: async (page) => expect(page.getByText('Step 2 of 4')).toBeVisible(),
    ad: async (page) => expect(page.getByText('Step 3 of 4')).toBeVisible(),
    confirm: async (page) => expect(page.getByRole('button', { name: 'Create campaign' })).toBeVisible(),
    failed: async (page) => expect(page.getByRole('alert').filter({ hasText: 'could not reach Herald' })).toBeVisible(),
    created: async (page) => expect(page.getByRole('status')).toContainText('in review'),
  },
});
