import { expect, test, type Page } from '@playwright/test';
import { AD_OPENING_FIELDS_BY_PLATFORM, AD_PLATFORMS, type AdPlatform } from '../src/gateway/contract/advertising';
import { RetCode } from '../src/gateway/contract/retcodes';
import { adOpeningMachine } from '../src/machines/ad-opening.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { unique } from './support';

// The ad account opening dialog's generated paths, driven through the real console. A path that reaches
// a platform's branch of `details` opens that platform's account list (the dialog starts on the page's
// platform). `error: applyAdAccount` makes the gateway unreachable for ApplyAdAccount; the guarded errors
// answer it with the gateway's field refusal (ValidationError) on a company or a platform field.

const dialog = (page: Page) => page.getByTestId('ad-opening-dialog');
const next = (page: Page) => dialog(page).getByRole('button', { name: 'Next' }).click();
const back = (page: Page) => dialog(page).getByRole('button', { name: 'Back' }).click();

async function choose(page: Page, label: string, option: string) {
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fill(page: Page, label: string, value: string) {
  await dialog(page).getByLabel(label, { exact: true }).fill(value);
}

async function fillCompany(page: Page) {
  await fill(page, 'Account name', unique('Model shop'));
  await fill(page, 'Company name', 'Example Ltd');
  await fill(page, 'Promotion link', 'https://shop.example.com');
  await fill(page, 'Registered region', 'HK');
  await fill(page, 'Business licence number', 'BR-123456');
  await choose(page, 'Industry', 'E-commerce');
  await choose(page, 'Sub-industry', 'Apparel');
}

/** Valid answers to each platform's own fields (AD_OPENING_FIELDS_BY_PLATFORM). */
const FILL_DETAILS: Record<AdPlatform['slug'], (page: Page) => Promise<void>> = {
  facebook: async (page) => {
    await fill(page, 'BM ID', '1234567890');
    await fill(page, 'Pixel ID', '9876543210');
    await choose(page, 'US landing page is e-commerce', 'No');
  },
  google: async (page) => {
    await fill(page, 'MCC ID', '123-456-7890');
    await fill(page, 'E-mail', 'ads@example.com');
  },
  tiktok: async (page) => {
    await fill(page, 'Company English name', 'Example Ltd');
    await fill(page, 'Address', '1 Queen Street, Hong Kong');
    await fill(page, 'Website', 'https://shop.example.com');
    await fill(page, 'Parent company', 'Example Group');
    await choose(page, 'Customer category', 'E-commerce');
  },
  twitter: async (page) => {
    await fill(page, 'Twitter link', 'https://twitter.com/example');
    await fill(page, 'Twitter handle', '@example');
    await choose(page, 'New Twitter account', 'Yes');
  },
  snapchat: async (page) => {
    await fill(page, 'Public profile', 'https://snapchat.com/add/example');
    await fill(page, 'Campaign link', 'https://shop.example.com/spring');
  },
  huawei: async (page) => {
    await choose(page, 'Operation type', 'Self-operated');
    await fill(page, 'Reference number', 'REF-2026-01');
    await fill(page, 'Start date', '2026-12-01');
    await fill(page, 'Target countries', 'US, GB');
  },
  appstore: async (page) => {
    await fill(page, 'Ad target', 'Installs');
    await fill(page, 'Ideal price', '1.50');
    await fill(page, 'Budget', '1000');
    await fill(page, 'E-mail', 'ads@example.com');
  },
};

/** The platforms whose `details` branch a path enters, in order. */
function platformsOf(path: PathInfo): AdPlatform[] {
  const ids = new Set(path.steps.flatMap((step) => step.stateIds));
  return AD_PLATFORMS.filter((p) => ids.has(`adOpening.details.${p.slug}`));
}

/** ApplyAdAccount answered with the gateway's refusal of one field. */
async function refuseField(page: Page, field: string) {
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { Action?: string } | null;
    if (body?.Action !== 'ApplyAdAccount') return route.continue();
    await route.fulfill({
      json: {
        RetCode: RetCode.ValidationError,
        Message: 'invalid',
        Data: { Fields: [{ Field: field, Key: 'validation:required' }] },
      },
    });
  });
}

let platform: AdPlatform = AD_PLATFORMS[0];

modelPathTests('adOpening', {
  // every step of the shorter paths is taken by a longer one: run those only (issue 19: CI time)
  longestOnly: true,
  machine: adOpeningMachine,
  start: async (page, path) => {
    const labels = path.steps.map((step) => step.label);
    // The dialog always opens with its page's platform chosen, so `platform` cannot be left empty.
    test.skip(labels[1] === 'step.next', 'the dialog opens with a platform chosen');
    // The explorer does not follow the chosen platform: a path that enters Facebook's branch and comes
    // back to another platform's cannot happen (the console returns to the branch it left).
    const platforms = platformsOf(path);
    test.skip(platforms.length > 1, 'the console returns to the platform branch it left');
    platform = platforms[0] ?? AD_PLATFORMS[0];
    if (labels.includes('error: applyAdAccount')) await failAction(page, 'ApplyAdAccount');
    if (labels.includes('error: applyAdAccount [refusedCompanyField]')) await refuseField(page, 'AccountName');
    if (labels.includes('error: applyAdAccount [refusedDetailField && isPlatform]'))
      await refuseField(page, AD_OPENING_FIELDS_BY_PLATFORM[platform.id][0]);
    await signInDemo(page, `/advertising/${platform.slug}/account-list`);
    await page.getByRole('button', { name: 'Apply for accounts' }).click();
    await expect(dialog(page)).toBeVisible();
  },
  drivers: {
    // a field of the step on screen: the platform itself on step 1, else the step's first text field
    'field.change': async (page) => {
      const boxes = dialog(page).getByRole('textbox');
      if ((await boxes.count()) === 0) await choose(page, 'Ad platform', platform.name);
      else await boxes.first().fill('1234567890');
    },
    'step.next [platformValid]': next,
    // the unguarded Next leaves a step's fields empty: it stays, with field errors
    'step.next': next,
    'step.next [companyValid && isPlatform]': async (page) => {
      await fillCompany(page);
      await next(page);
    },
    'step.next [detailsValid]': async (page) => {
      await FILL_DETAILS[platform.slug](page);
      await next(page);
    },
    'step.back': back,
    'step.back [isPlatform]': back,
    'form.submit': (page) => dialog(page).getByRole('button', { name: 'Send application' }).click(),
    'form.reset': (page) => dialog(page).getByRole('button', { name: 'Another application' }).click(),
    'done: applyAdAccount': 'auto',
    'error: applyAdAccount': 'auto',
    'error: applyAdAccount [refusedCompanyField]': 'auto',
    'error: applyAdAccount [refusedDetailField && isPlatform]': 'auto',
  },
  states: {
    platform: async (page) => expect(dialog(page).getByText('Step 1 of 4')).toBeVisible(),
    company: async (page) => expect(dialog(page).getByText('Step 2 of 4')).toBeVisible(),
    ...Object.fromEntries(
      AD_PLATFORMS.map((p) => [
        `details.${p.slug}`,
        async (page: Page) => expect(dialog(page).getByText(`${p.name} details`)).toBeVisible(),
      ]),
    ),
    confirm: async (page) => expect(dialog(page).getByRole('button', { name: 'Send application' })).toBeVisible(),
    failed: async (page) => expect(dialog(page).getByRole('alert')).toBeVisible(),
    submitted: async (page) => expect(dialog(page).getByRole('status')).toContainText('sent'),
  },
});
