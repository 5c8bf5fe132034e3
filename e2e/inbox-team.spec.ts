import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { templateReplyMachine } from '../src/machines/template-reply.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, signInDemo } from './sms-support';
import { inboxMessageWith, unique, waitForMessage } from './support';
import { approvedTemplate, connectShopNumber } from './whatsapp-support';

// Inbox assignment: a teammate added in the roster dialog, a message assigned to them (they are mailed a
// link, /dev/outbox), the list filtered by assignee.
// The inbox's "Send a template" form (templateReply machine) driven through the real console on a WhatsApp
// message written 30 hours ago (outside the window: a template is the only answer). A path through
// `error: sendTemplateReply` loses the first send on the network; the retry then goes through.

// the first test prepares a WhatsApp account and an approved template (about 10 s) before its own steps
test.describe.configure({ timeout: 120_000 });

interface Setup {
  messageId: string;
  templateName: string;
}
let setup: Promise<Setup> | null = null;

/** Once per run: the demo account's WhatsApp number, an approved template and a customer's late message. */
async function prepare(request: APIRequestContext): Promise<Setup> {
  const token = await demoToken(request);
  const phoneNumberId = await connectShopNumber(request, token);
  const templateName = unique('wa_model_reply');
  await approvedTemplate(request, token, {
    Name: templateName,
    Body: 'Hello {{1}}, your parcel is with the courier and arrives soon.',
    BodySamples: ['Ann'],
  });
  const stamp = String(Date.now()).slice(-4);
  const text = `Where is my parcel? model ${stamp}`;
  const said = await request.post('/dev/whatsapp/event', {
    data: { event: 'message', phoneNumberId, from: `1415558${stamp}`, name: 'Ada', text, hoursAgo: '30' },
  });
  expect(said.ok()).toBe(true);
  const messageId = await inboxMessageWith(request, token, text);
  return { messageId, templateName };
}

/** The first SendInboxTemplateReply is lost on the network; later ones go through. */
async function failFirstSend(page: Page) {
  let failed = false;
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { Action?: string } | null;
    if (body?.Action === 'SendInboxTemplateReply' && !failed) {
      failed = true;
      await route.abort('connectionreset');
    } else await route.continue();
  });
}

let templateName = '';
const form = (page: Page) => page.getByRole('form', { name: 'Send a WhatsApp template' });
const chooseTemplate = async (page: Page) => {
  await form(page)
    .getByRole('button', { name: /^Approved template/ })
    .click();
  await page.getByRole('option', { name: new RegExp(templateName) }).click();
};

modelPathTests('templateReply', {
  machine: templateReplyMachine,
  longestOnly: true,
  start: async (page: Page, path: PathInfo, request: APIRequestContext) => {
    setup ??= prepare(request);
    const ready = await setup;
    templateName = ready.templateName;
    if (path.steps.some((step) => step.label === 'error: sendTemplateReply')) await failFirstSend(page);
    await signInDemo(page, `/mkthub/inbox/detail/${ready.messageId}`);
  },
  drivers: {
    'form.open': (page) => page.getByRole('button', { name: 'Send a template' }).click(),
    'template.choose': chooseTemplate,
    // another value than the submit's 'Ada', so leaving `failed` is a change
    'field.change': (page) => form(page).getByLabel('Variable 1').fill('Ada L.'),
    'form.submit [isComplete]': async (page) => {
      await form(page).getByLabel('Variable 1').fill('Ada');
      await form(page).getByRole('button', { name: 'Send template' }).click();
    },
    'form.cancel': (page) => form(page).getByRole('button', { name: 'Cancel' }).click(),
    'form.retry': (page) => form(page).getByRole('button', { name: 'Try again' }).click(),
    'form.close': (page) => page.getByRole('button', { name: 'Done' }).click(),
    'done: sendTemplateReply': 'auto',
    'error: sendTemplateReply': 'auto',
  },
  states: {
    closed: async (page) => expect(page.getByRole('button', { name: 'Send a template' })).toBeVisible(),
    choosing: async (page) => expect(form(page).getByRole('button', { name: 'Send template' })).toBeDisabled(),
    filling: async (page) => expect(form(page).getByLabel('Variable 1')).toBeVisible(),
    failed: async (page) => expect(form(page).getByRole('alert')).toContainText('We could not reach Herald'),
    sent: async (page) => expect(page.getByRole('status').filter({ hasText: 'Template sent' })).toBeVisible(),
  },
});

test('a teammate is added, given a message (and mailed its link), and the list filters by them', async ({
  page,
  request,
}) => {
  setup ??= prepare(request);
  const { messageId } = await setup;
  const name = unique('Mia');
  const email = `${name.toLowerCase()}@example.com`;
  await signInDemo(page, '/mkthub/inbox');
  await page.getByRole('button', { name: 'Teammates' }).click();
  const dialog = page.getByTestId('inbox-team');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Add teammate' }).click();
  await expect(dialog.getByText('Enter a valid e-mail, like name@example.com.')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Add teammate' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/mkthub/inbox/detail/${messageId}`);
  await page.getByRole('button', { name: /^Assigned to/ }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'e-mailed a link' })).toBeVisible();
  const mail = await waitForMessage(request, email, /\/mkthub\/inbox\/detail\//);
  expect(mail.text).toContain(messageId);

  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await page.getByRole('button', { name: /^Assignee/ }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Where is my parcel? model' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
