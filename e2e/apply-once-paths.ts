import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { modelPathTests } from './model-paths';
import { failAction } from './sms-support';

// The apply-once statechart's pages (src/machines/apply-once.ts: campaignApply, planApply) replayed the
// same way: open the page on a fresh thing to apply, confirm, and on the error path the gateway is made
// unreachable until "Try again".

export interface ApplyOncePage {
  machine: AnyStateMachine;
  /** Opens the apply page on something new to apply, ready for the button. */
  open: (page: Page, request: APIRequestContext) => Promise<void>;
  /** The Action the page calls, made unreachable on the error path. */
  action: string;
  /** The page's apply button. */
  button: string;
  applied: (page: Page) => Promise<void>;
}

export function applyOncePathTests(id: string, config: ApplyOncePage) {
  modelPathTests(id, {
    machine: config.machine,
    // each machine's 4 paths all ran; the 2 longest take every step (CI time)
    longestOnly: true,
    start: async (page, path, request) => {
      await config.open(page, request);
      if (path.steps.some((step) => step.label === 'error: apply')) await failAction(page, config.action);
    },
    drivers: {
      'apply.confirm [applicable]': (page) => page.getByRole('button', { name: config.button }).click(),
      'done: apply': 'auto',
      'error: apply': 'auto',
      'apply.retry': async (page) => {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.getByRole('button', { name: 'Try again' }).click();
      },
    },
    states: {
      applied: config.applied,
      failed: async (page) => expect(page.getByRole('main').getByRole('alert')).toContainText('could not reach'),
    },
  });
}
