import { expect, type Page } from '@playwright/test';
import { whatsappSignUpMachine } from '../src/machines/whatsapp-sign-up.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { demoSignUpReturn, disconnectDemo } from './whatsapp-support';

// The WhatsApp sign-up machine's generated paths through the real console (issue 15 item 2). Leaving for the
// sign-up page (done: getSignUpUrl) is the journey in whatsapp.spec.ts; here the page starts back from it
// with a code (good or expired) or with Cancel's error.

const has = (path: PathInfo, label: string) => path.steps.some((step) => step.label === label);
const alert = (page: Page) => page.getByRole('alert');

modelPathTests('whatsappSignUp', {
  machine: whatsappSignUpMachine,
  longestOnly: true,
  start: async (page, path, request) => {
    await disconnectDemo(request);
    if (has(path, 'error: getSignUpUrl')) await failAction(page, 'GetWhatsAppSignUpUrl');
    let back = '/whatsapp/number';
    if (has(path, 'always [returnedWithCode]'))
      back = await demoSignUpReturn(request, has(path, 'error: connect') ? 'sbx-shop-expired1' : undefined);
    if (has(path, 'always [returnedRefused]')) back = '/whatsapp/number?error=access_denied&state=x';
    await signInDemo(page, '/whatsapp/number');
    if (back !== '/whatsapp/number') await page.goto(back);
  },
  drivers: {
    always: 'auto',
    'always [returnedWithCode]': 'auto',
    'always [returnedRefused]': 'auto',
    'done: connect': 'auto',
    'error: connect': 'auto',
    'error: getSignUpUrl': 'auto',
    // the page leaves for the sandbox sign-up: the path ends there, once it has arrived (a context closed
    // in the middle of that navigation, with the top bar's poll in flight, can hang Chromium's teardown)
    'signup.start': async (page) => {
      await page.getByRole('button', { name: /^Connect WhatsApp$|^Connect another account$/ }).click();
      await page.waitForURL(/\/sandbox\/whatsapp\/signup/);
    },
    'signup.retry': (page) => page.getByRole('button', { name: 'Try again' }).click(),
    'account.disconnected': async (page) => {
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    },
  },
  states: {
    idle: (page) => expect(page.getByRole('button', { name: 'Connect WhatsApp' })).toBeVisible(),
    connected: (page) => expect(page.getByText('WhatsApp is connected.')).toBeVisible(),
    refused: (page) => expect(alert(page).getByRole('button', { name: 'Try again' })).toBeVisible(),
  },
});
