import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { unique } from './support';

// The send wizards (smsSend and the MMS, voice and e-mail wizards that are its statechart under their
// own ids) replayed through their pages. A path that passes the form check starts on a filled form; a
// path through `error: loadPreview` or `error: submitTask` makes the gateway unreachable for that
// channel's Action once the form is filled, and "Try again" reaches it again.

export interface SendWizardChannel {
  machine: AnyStateMachine;
  /** The wizard's page, '/sms/sending' (a function: a new address per path, as a campaign's name). */
  page: string | (() => string);
  /** An approved template of the demo account (made once per worker), chosen by ?templateId=. */
  template: (request: APIRequestContext, token: string) => Promise<string>;
  /** Fills what the channel asks beyond the campaign name and the recipients (country, sender). */
  fillChannel: (page: Page) => Promise<void>;
  /** The recipients box's label and one recipient the sandbox accepts. */
  recipientsLabel: string;
  recipient: string;
  /** The Actions behind the check step and the send. */
  previewAction: string;
  submitAction: string;
  /** At most this many paths (CI time); the longest paths are kept, so each covers the shorter. */
  maxPaths?: number;
  /** Chooses the recipients instead of typing `recipient` (a campaign: a list of the demo account). */
  chooseRecipients?: (page: Page, request: APIRequestContext, token: string) => Promise<void>;
  /** What the page shows once the wizard has submitted (the task by default). */
  submitted?: (page: Page) => Promise<void>;
}

const goesThrough = (path: PathInfo, label: string) => path.steps.some((step) => step.label === label);
const failedCard = (page: Page) => page.getByTestId('send-failed');
const review = (page: Page) => page.getByTestId('send-review');

/** "Try again" reaches the gateway again: the failure was the network's, not the request's. */
async function retryReachable(page: Page, scope: ReturnType<Page['getByTestId']> | Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await scope.getByRole('button', { name: 'Try again' }).click();
}

export function sendWizardPathTests(channel: SendWizardChannel): void {
  let templateId: Promise<string> | null = null;

  async function start(page: Page, path: PathInfo, request: APIRequestContext) {
    test.slow();
    templateId ??= demoToken(request).then((token) => channel.template(request, token));
    const address = typeof channel.page === 'string' ? channel.page : channel.page();
    await signInDemo(page, `${address}?templateId=${await templateId}`);
    // the template comes chosen from the link once its query answers
    await expect(page.getByTestId('send-template')).not.toHaveValue('', { timeout: 20_000 });
    if (goesThrough(path, 'always [isFormValid]')) {
      await page.getByLabel('Campaign name').fill(unique('wizard-model'));
      await channel.fillChannel(page);
      if (channel.chooseRecipients) await channel.chooseRecipients(page, request, await demoToken(request));
      else {
        await page.getByLabel(channel.recipientsLabel, { exact: true }).fill(channel.recipient);
        await expect(page.getByTestId('recipients-summary')).toContainText('1 recipient', { timeout: 15_000 });
      }
    }
    if (goesThrough(path, 'error: loadPreview')) await failAction(page, channel.previewAction);
    if (goesThrough(path, 'error: submitTask')) await failAction(page, channel.submitAction);
  }

  modelPathTests(channel.machine.id, {
    machine: channel.machine,
    start,
    longestOnly: true,
    maxPaths: channel.maxPaths ?? 5,
    drivers: {
      always: 'auto',
      'form.submit': (page) => page.getByTestId('send-next').click(),
      'always [isFormValid]': 'auto',
      'done: loadPreview': 'auto',
      'error: loadPreview': 'auto',
      'preview.retry': (page) => retryReachable(page, page.getByRole('alert')),
      'preview.back': (page) => review(page).getByRole('button', { name: 'Back to edit' }).click(),
      'preview.confirm': (page) => page.getByTestId('send-confirm').click(),
      'done: submitTask': 'auto',
      'error: submitTask': 'auto',
      'failed.retry': (page) => retryReachable(page, failedCard(page)),
      'failed.edit': (page) => failedCard(page).getByRole('button', { name: 'Back to edit' }).click(),
      'wizard.restart': (page) => page.getByRole('button', { name: 'Send another' }).click(),
    },
    states: {
      'compose.editing': async (page) => expect(page.getByTestId('send-next')).toBeVisible(),
      'preview.ready': async (page) => expect(page.getByTestId('send-confirm')).toBeVisible(),
      'preview.failed': async (page) =>
        expect(page.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeVisible(),
      submitted:
        channel.submitted ?? (async (page) => expect(page.getByTestId('send-submitted')).toContainText('1 recipient')),
      failed: async (page) => expect(failedCard(page)).toBeVisible(),
    },
  });
}
