import { expect, test, type Page } from '@playwright/test';
import { waAgentCreateMachine } from '../src/machines/wa-agent-create.machine';
import { modelPathTests } from './model-paths';
import { failAction, signInDemo } from './sms-support';
import { pickCountry, unique } from './support';

// Issue 15 item 5: an agent campaign is refused at the field 23 hours ahead, accepted 25 hours ahead,
// created with its charge, and cancelled with its refund. Then the create form's paths.

const HOUR = 3_600_000;
/** The datetime-local value `hours` from now on the UTC wall clock. */
const utcAhead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString().slice(0, 16);

async function fillCampaign(page: Page, name: string, hoursAhead = 25) {
  await page.getByLabel('Campaign name').fill(name);
  await pickCountry(page, 'United States', 'agent-country');
  await page.getByTestId('agent-zone').fill('UTC');
  await page.getByRole('option', { name: /^UTC \(UTC/ }).click();
  await page.getByLabel('Expected send time').fill(utcAhead(hoursAhead));
  await page.getByLabel('Message').fill('Our spring sale starts tomorrow.');
  await page.getByLabel('Paste numbers').fill('2025550101\n2025550102\nnot a number');
  await page.getByRole('button', { name: 'Check numbers' }).click();
  await expect(page.getByTestId('agent-recipients')).toContainText('3 numbers: 2 valid, 1 not valid, 0 repeated');
}

test('an agent campaign 23 hours ahead is refused at the field; one 25 hours ahead is charged, then cancelled and refunded', async ({
  page,
}) => {
  const name = unique('agent');
  await signInDemo(page, '/whatsapp/agent');
  await page.getByRole('link', { name: 'New agent campaign' }).click();
  await expect(page).toHaveURL(/\/whatsapp\/agent-create$/);
  await fillCampaign(page, name, 23);
  await expect(page.getByText('At least 24 hours from now in the chosen time zone.')).toBeVisible();
  await page.getByLabel('Expected send time').fill(utcAhead(25));
  await expect(page.getByText('At least 24 hours from now in the chosen time zone.')).toBeHidden();
  await expect(page.getByTestId('agent-estimate')).toContainText('= $0.10');
  await page.getByRole('button', { name: 'Submit campaign' }).click();

  await expect(page).toHaveURL(/\/whatsapp\/agent-detail\/AG/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Waiting to send')).toBeVisible();
  const money = page.getByTestId('agent-money');
  await expect(money).toContainText('Charged$0.10');
  await page.getByRole('button', { name: 'Cancel campaign' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel campaign' }).click();
  await expect(page.getByText('Campaign cancelled; $0.10 refunded.')).toBeVisible();
  await expect(money).toContainText('Refunded$0.10');
  await expect(page.getByRole('button', { name: 'Cancel campaign' })).toBeHidden();

  await page.getByRole('link', { name: 'Back to the list' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('Refunded');

  await page.context().addCookies([{ name: 'lang', value: 'zh', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '代理营销活动' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('已退款');
});

modelPathTests('waAgentCreate', {
  machine: waAgentCreateMachine,
  longestOnly: true,
  maxPaths: 2,
  start: async (page, path) => {
    if (path.steps.some((step) => step.label === 'error: submitTask')) await failAction(page, 'CreateWaAgentTask');
    await signInDemo(page, '/whatsapp/agent-create');
  },
  drivers: {
    'form.submit': (page) => page.getByRole('button', { name: 'Submit campaign' }).click(),
    'form.submit [isFormValid]': async (page) => {
      await fillCampaign(page, unique('agent_model'));
      await page.getByRole('button', { name: 'Submit campaign' }).click();
    },
    'done: submitTask': 'auto',
    'error: submitTask': 'auto',
  },
  states: {
    'form.editing': async (page) => expect(page.getByRole('button', { name: 'Submit campaign' })).toBeVisible(),
  },
});
