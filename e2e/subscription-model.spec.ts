import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { subscriptionMachine } from '../src/machines/subscription.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { FIXTURE_PASSWORD, PLAN_FIXTURES } from '../server/db/seed-fixtures';
import { modelPathTests } from './model-paths';
import { freshAccount, PASSWORD } from './settings-accounts';
import { DEMO, signIn } from './support';

// The plan guards decide from the account's purchase records, so each path signs in the account
// whose plan leads through the path's states: a fixture per plan state, the demo's live Pro plan, or a
// fresh account with no plan (it may claim the free trial without touching anyone else's data).
const ACCOUNT_BY_STATE: [RegExp, string | 'fresh'][] = [
  [/\.(plan\.expiring|banner\.warning)$/, PLAN_FIXTURES.expiring],
  [/\.plan\.underOneDay$/, PLAN_FIXTURES.underDay],
  [/\.(plan\.expired(\.paid)?|banner\.error)$/, PLAN_FIXTURES.expired],
  [/\.(plan\.none|banner\.info|welcome\.open|purchase\.claiming)$/, 'fresh'],
];

async function signInFor(page: Page, path: PathInfo, request: APIRequestContext) {
  const states = path.steps.flatMap((step) => step.stateIds);
  const account = ACCOUNT_BY_STATE.find(([pattern]) => states.some((id) => pattern.test(id)))?.[1];
  await page.goto('/signin');
  if (account === 'fresh') await signIn(page, await freshAccount(request, 'model-plan'), PASSWORD);
  else if (account) await signIn(page, account, FIXTURE_PASSWORD);
  else await signIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The welcome dialog is modal: a fresh account closes it before it can reach the banner. */
async function dismissBanner(page: Page) {
  const later = page.getByTestId('welcome-dialog').getByRole('button', { name: 'Later' });
  if (await later.isVisible()) await later.click();
  await page.getByTestId('plan-banner-close').click();
}

modelPathTests('subscription', {
  machine: subscriptionMachine,
  // Only the paths no other path extends: every step is still taken, in fewer sign-ins (CI time).
  longestOnly: true,
  start: signInFor,
  drivers: {
    // The console decides these by itself from the plan it loads and the day it is.
    'done: loadPlan': 'auto',
    always: 'auto',
    'always [isActive]': 'auto',
    'always [isExpiring]': 'auto',
    'always [isUnderOneDay]': 'auto',
    'always [isExpiredPaid]': 'auto',
    'always [needsErrorBanner]': 'auto',
    'always [needsInfoBanner]': 'auto',
    'always [needsWarningBanner]': 'auto',
    'always [needsWelcome]': 'auto',
    'done: claimFreeTrial': 'auto',
    'banner.dismiss': dismissBanner,
    'welcome.close': (page) => page.getByTestId('welcome-dialog').getByRole('button', { name: 'Later' }).click(),
    'plan.claimFree [canClaimFree]': (page) => page.getByTestId('welcome-free-days').click(),
  },
  states: {
    'ready.banner.hidden': async (page) => expect(page.getByTestId('plan-banner')).toBeHidden(),
    'ready.banner.warning': async (page) =>
      expect(page.getByTestId('plan-banner')).toHaveAttribute('data-kind', 'warning'),
    'ready.banner.error': async (page) => expect(page.getByTestId('plan-banner')).toHaveAttribute('data-kind', 'error'),
    // The info banner says what the welcome dialog says: it waits while the dialog is open (issue 18 §13).
    'ready.banner.info': async (page) =>
      (await page.getByTestId('welcome-dialog').isVisible())
        ? expect(page.getByTestId('plan-banner')).toBeHidden()
        : expect(page.getByTestId('plan-banner')).toHaveAttribute('data-kind', 'info'),
  },
});
