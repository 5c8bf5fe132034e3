import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { packagePurchaseMachine } from '../src/machines/package-purchase.machine';
import { smsTaskCancelMachine } from '../src/machines/sms-task-cancel.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { signInFresh } from './settings-accounts';
import { failAction, passedTemplate, scheduledTask } from './sms-support';
import { taskCancelPathTests } from './task-cancel-paths';

// The write machines' generated paths, driven through the real console. A path through a failure
// (`error: …`) makes the gateway unreachable for that one Action, the failure a user can always meet.

const goesThroughFailure = (path: PathInfo, actor: string) =>
  path.steps.some((step) => step.label === `error: ${actor}`);
const dialog = (page: Page) => page.getByTestId('confirm-dialog');

let templateId: string | undefined;

taskCancelPathTests({
  machine: smsTaskCancelMachine,
  tasksPage: '/sms/message',
  addWaitingTask: async (request, token, name) => {
    templateId ??= await passedTemplate(request, token);
    await scheduledTask(request, token, templateId, name);
  },
  cancelAction: 'CancelUSMSSendTask',
});

// A fresh account takes the free trial package (nothing to pay, nobody else's plan changed).
async function openFreePackage(page: Page, path: PathInfo, request: APIRequestContext) {
  if (goesThroughFailure(path, 'pay')) await failAction(page, 'BuySubscriptionPackage');
  await signInFresh(page, request, 'model-buy');
  await page.goto('/buyPackage?no=free-trial');
  await expect(page.getByTestId('buy-total')).toHaveText('$0.00');
}

modelPathTests('packagePurchase', {
  machine: packagePurchaseMachine,
  longestOnly: true,
  start: openFreePackage,
  drivers: {
    'purchase.start': (page) => page.getByTestId('buy-pay').click(),
    'purchase.confirm': (page) => dialog(page).getByRole('button', { name: 'Confirm' }).click(),
    'purchase.dismiss': (page) => dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click(),
    'done: pay': 'auto',
    'error: pay': 'auto',
  },
  states: {
    idle: async (page) => expect(dialog(page)).toBeHidden(),
    confirming: async (page) => expect(dialog(page)).toContainText('Confirm your purchase'),
    failed: async (page) => expect(dialog(page).getByRole('alert')).toContainText('did not reach Herald'),
    done: async (page) => {
      await expect(page).toHaveURL(/\/bill\/subscription$/);
      await expect(page.getByTestId('plan-state')).toHaveText('Active');
    },
  },
});
