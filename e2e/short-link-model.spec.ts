import { expect, type Page } from '@playwright/test';
import { shortLinkCreateMachine } from '../src/machines/short-link-create.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { unique } from './support';

// The new short link form's generated paths, driven through the real console on /tool/short-link/create.
// A path through `error: createLink` makes the gateway unreachable for CreateShortLink.

async function fillValidForm(page: Page) {
  await page.getByLabel('Title').fill(unique('model-link'));
  await page.getByLabel('Long link').fill('https://shop.example.com/spring');
  await page.getByLabel('UTM source').fill('newsletter');
  await page.getByLabel('UTM medium').fill('email');
  await page.getByLabel('UTM campaign').fill('spring');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Create short link' }).click();

modelPathTests('shortLinkCreate', {
  machine: shortLinkCreateMachine,
  // Only the paths no other path extends: every step is still taken, in fewer sign-ins (CI time).
  longestOnly: true,
  start: async (page: Page, path: PathInfo) => {
    if (path.steps.some((step) => step.label === 'error: createLink')) await failAction(page, 'CreateShortLink');
    await signInDemo(page, '/tool/short-link/create');
  },
  drivers: {
    'field.change': (page) => page.getByLabel('Title').fill(unique('model-link')),
    // the unguarded submit is the one with an incomplete form: from `failed` the form is complete, so empty a field
    'form.submit': async (page) => {
      await page.getByLabel('Title').fill('');
      await submit(page);
    },
    'form.submit [isFormValid]': async (page) => {
      await fillValidForm(page);
      await submit(page);
    },
    'form.reset': (page) => page.getByRole('button', { name: 'Create another' }).click(),
    'done: createLink': 'auto',
    'error: createLink': 'auto',
  },
  states: {
    editing: async (page) => expect(page.getByRole('button', { name: 'Create short link' })).toBeVisible(),
    // the form's own alert (the shell also shows the network failure as a notification)
    failed: async (page) =>
      expect(page.getByRole('alert').filter({ hasText: 'We could not reach Herald' })).toBeVisible(),
    created: async (page) => expect(page.getByText('Your short link is ready')).toBeVisible(),
  },
});
