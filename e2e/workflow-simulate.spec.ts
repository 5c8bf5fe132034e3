import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { workflowSimulationMachine } from '../src/machines/workflow-simulation.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, passedTemplate, signInDemo } from './sms-support';
import { api, newContact, unique } from './support';

// Issue 14 item 3: "Simulate" on the canvas runs the journey over its list without sending: contacts
// entering, SMS messages and cost, the condition's branches on the steps, and each way through it. An
// edit marks the result out of date. The page in Chinese, and the simulation machine's paths.

const at = { x: 0, y: 0 };

/** A saved journey over 3 contacts (2 of them VIP): trigger → SMS → 1 day → in VIP? → exit / exit. */
async function savedJourney(request: APIRequestContext) {
  const token = await demoToken(request);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push(await newContact(request, token));
  const list = await api<{ ListId: number }>(request, 'CreateContactList', { Name: unique('sim') }, token);
  await api(request, 'AddContactsToList', { ListId: list.ListId, ContactIds: ids }, token);
  const vip = await api<{ ListId: number }>(request, 'CreateContactList', { Name: unique('vip') }, token);
  await api(request, 'AddContactsToList', { ListId: vip.ListId, ContactIds: ids.slice(0, 2) }, token);
  const templateId = await passedTemplate(request, token);
  const name = unique('Simulated');
  const { SeqId } = await api<{ SeqId: string }>(
    request,
    'SaveSEQ2Workflow',
    {
      Name: name,
      Document: {
        nodes: [
          { id: 't', kind: 'trigger', position: at, config: { source: 'list', audienceId: `L${list.ListId}` } },
          { id: 's', kind: 'sms', position: { x: 0, y: 150 }, config: { templateId } },
          { id: 'd', kind: 'delay', position: { x: 0, y: 300 }, config: { amount: 1, unit: 'day' } },
          {
            id: 'c',
            kind: 'condition',
            position: { x: 0, y: 450 },
            config: { audienceId: `L${vip.ListId}`, rules: [{ kind: 'inList', value: '' }] },
          },
          { id: 'x', kind: 'exit', position: { x: -150, y: 600 }, config: {} },
          { id: 'y', kind: 'exit', position: { x: 150, y: 600 }, config: {} },
        ],
        edges: [
          { id: 'e1', source: 't', target: 's' },
          { id: 'e2', source: 's', target: 'd' },
          { id: 'e3', source: 'd', target: 'c' },
          { id: 'e4', source: 'c', target: 'x', branch: 'yes' },
          { id: 'e5', source: 'c', target: 'y', branch: 'no' },
        ],
      },
    },
    token,
  );
  return { SeqId, name };
}

const panel = (page: Page) => page.getByRole('region', { name: /^(Simulation|模拟结果)$/ });
const board = (page: Page) => page.getByRole('figure', { name: 'Workflow canvas' });

test('simulate a journey before it runs: counts, cost and ways, out of date after an edit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { SeqId } = await savedJourney(request);
  await signInDemo(page, `/mkthub/editworkflow/${SeqId}`);
  await page.getByRole('button', { name: 'Simulate' }).click();
  await expect(panel(page).getByTestId('simulation-entered')).toHaveText('3', { timeout: 20_000 });
  await expect(panel(page)).toContainText('Nothing was sent');
  await expect(panel(page).getByRole('definition').nth(1)).toHaveText(/^3 messages · \$0\.\d\d$/);
  const ways = panel(page).getByRole('listitem');
  await expect(ways).toHaveCount(2);
  await expect(ways.first()).toContainText('Trigger 1 → SMS 1 → Delay 1 → Condition 1 → Exit 1');
  await expect(ways.first()).toContainText('2 contacts · 1 day of delays');
  await expect(ways.nth(1)).toContainText('Exit 2');
  await expect(ways.nth(1)).toContainText('1 contact · 1 day of delays');
  await expect(board(page)).toContainText('Yes 2 · No 1');
  await expect(board(page)).toContainText('Sends 3 messages');

  // an edit: the result is out of date until it is simulated again
  await page.getByRole('button', { name: 'Add Delay', exact: true }).click();
  await expect(panel(page)).toContainText('The drawing changed since this simulation.');
  await panel(page).getByRole('button', { name: 'Simulate again' }).click();
  await expect(panel(page)).not.toContainText('The drawing changed', { timeout: 20_000 });
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(panel(page)).toBeHidden();
  await expect(board(page)).not.toContainText('Yes 2 · No 1');
});

test('the simulation in Chinese, from the read-only preview', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { SeqId } = await savedJourney(request);
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, `/mkthub/workflowpreview/${SeqId}`);
  await page.getByRole('button', { name: '模拟' }).click();
  await expect(panel(page).getByTestId('simulation-entered')).toHaveText('3', { timeout: 20_000 });
  await expect(panel(page)).toContainText('未发送任何消息');
  await expect(panel(page)).toContainText('预计费用');
  await expect(panel(page).getByRole('listitem').first()).toContainText('2 位联系人 · 延迟共 1 天');
});

// The simulation machine's paths, on a saved journey of the demo account.
modelPathTests('workflowSimulation', {
  // every step of the shorter paths is taken by a longer one: run those only (CI time)
  longestOnly: true,
  machine: workflowSimulationMachine,
  async start(page: Page, path: PathInfo, request: APIRequestContext) {
    const { SeqId } = await savedJourney(request);
    if (path.steps.some((step) => step.label === 'error: simulate')) await failAction(page, 'SimulateSEQ2Workflow');
    await signInDemo(page, `/mkthub/editworkflow/${SeqId}`);
    await expect(board(page)).toContainText('SMS 1');
  },
  drivers: {
    simulate: async (page) => {
      const again = panel(page).getByRole('button', { name: 'Simulate again' });
      if (await again.isVisible()) await again.click();
      else await page.getByRole('button', { name: 'Simulate', exact: true }).click();
    },
    'document.changed': (page) => page.getByRole('button', { name: 'Add Delay', exact: true }).click(),
    close: (page) => panel(page).getByRole('button', { name: 'Close' }).click(),
    'done: simulate': 'auto',
    'error: simulate': 'auto',
  },
  states: {
    closed: async (page) => expect(panel(page)).toBeHidden(),
    shown: async (page) => expect(panel(page).getByTestId('simulation-entered')).toHaveText('3'),
    failed: async (page) => expect(panel(page).getByRole('alert')).toContainText('The simulation failed'),
  },
});
