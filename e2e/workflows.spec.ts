import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { api, signIn, unique } from './support';

// Issue 14 item 1: the workflow canvas of the Marketing hub, drawn by a user: steps added from the
// palette, connected by the step panel and by mouse, refused where a rule says no, undone and redone,
// saved by itself once named, found again after a reload and in the list.

const board = (page: Page) => page.getByRole('figure', { name: /^Workflow canvas$|^工作流画布$/ });
const step = (page: Page, name: string) => board(page).getByLabel(name, { exact: true });
const add = (page: Page, kind: string) => page.getByRole('button', { name: `Add ${kind}`, exact: true }).click();

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an owner draws a journey, is stopped by the rules, undoes, and finds the saved draft again', async ({ page }) => {
  await signInDemo(page, '/mkthub/workflowlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflows' })).toBeVisible();
  await page.getByRole('link', { name: 'New workflow' }).first().click();
  await expect(page).toHaveURL(/\/mkthub\/createworkflow$/);
  await expect(page.getByText('Start with a trigger')).toBeVisible();

  await add(page, 'Trigger');
  await expect(step(page, 'Trigger 1')).toBeVisible();
  await add(page, 'Trigger');
  await expect(page.getByRole('alert')).toContainText('Not allowed: A workflow has one trigger.');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await add(page, 'SMS');
  await add(page, 'Delay');
  await step(page, 'Trigger 1').click();
  await choose(page, 'Then → Next step', 'SMS 1');

  await step(page, 'Delay 1').click();
  await page.getByLabel('Wait').fill('-1');
  await expect(page.getByRole('alert')).toContainText('A delay cannot be negative.');
  await page.getByLabel('Wait').fill('1.5');
  await expect(page.getByText('Enter a whole number, such as 2.')).toBeVisible();
  await page.getByLabel('Wait').fill('3');
  await expect(step(page, 'Delay 1')).toContainText('Wait 3 days');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(step(page, 'Delay 1')).toContainText('Wait 1 day');
  await expect(page.getByLabel('Wait')).toHaveValue('1');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(step(page, 'Delay 1')).toContainText('Wait 3 days');

  // by mouse: SMS 1's outlet onto Delay 1
  const outlet = step(page, 'SMS 1').getByTitle('Then');
  const inlet = step(page, 'Delay 1').locator('.react-flow__handle.target');
  // the board keeps its view as steps are added: fit it to the window before pressing the mouse
  await board(page).getByRole('button', { name: 'Fit View' }).click();
  await outlet.dragTo(inlet);
  const readiness = page.getByRole('region', { name: 'Before it can run' });
  await expect(readiness).toContainText('SMS 1: Choose a template.');
  await expect(readiness).not.toContainText('SMS 1: Connect every branch to a next step.');
  await expect(readiness).toContainText('Delay 1: Connect every branch to a next step.');

  await expect(page.getByRole('status').filter({ hasText: 'Name the workflow to save it' })).toBeVisible();
  const name = `Welcome 欢迎 ${unique('wf')}`;
  await page.getByLabel('Workflow name').fill(name);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/mkthub\/editworkflow\/SQ[0-9A-Z]+$/);

  await page.reload();
  await expect(page.getByLabel('Workflow name')).toHaveValue(name);
  await expect(step(page, 'Delay 1')).toContainText('Wait 3 days');
  await step(page, 'SMS 1').click();
  await expect(page.getByLabel('Then → Next step', { exact: true })).toContainText('Delay 1');

  await page.getByRole('button', { name: 'Back to workflows' }).click();
  await expect(page).toHaveURL(/\/mkthub\/workflowlist$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('SMS');
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');

  await row.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workflow preview' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('Read-only preview: nothing here can be changed.');
  await expect(page.getByRole('button', { name: 'Add Trigger' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByLabel('Workflow name')).toHaveValue(`${name} (copy)`);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Back to workflows' }).click();
  const copyRow = page.getByRole('row').filter({ hasText: `${name} (copy)` });
  await copyRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(copyRow).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});

test("a journey can start on a contact's date or on an API event", async ({ page, request }) => {
  const attribute = `Renewal_${Date.now()}`;
  await api(request, 'CreateContactAttribute', { Name: attribute, Type: 5 }, await demoToken(request));
  await signInDemo(page, '/mkthub/createworkflow');
  await add(page, 'Trigger');
  await step(page, 'Trigger 1').click();
  await choose(page, 'Starts when a contact', 'reaches a date attribute');
  await choose(page, 'Date attribute', attribute);
  await expect(page.getByText('A contact enters on the day its date names')).toBeVisible();
  await expect(page.getByLabel('Only contacts in', { exact: true })).toContainText('Every contact');
  const readiness = page.getByRole('region', { name: 'Before it can run' });
  await expect(readiness).not.toContainText('Trigger 1: Choose the date attribute or the event.');

  await choose(page, 'Starts when a contact', 'triggers an API event');
  await page.getByLabel('Event name').fill('1 paid');
  await expect(readiness).toContainText('Trigger 1: An event name starts with a letter');
  await page.getByLabel('Event name').fill('order.paid');
  await expect(readiness).not.toContainText('An event name starts with a letter');
  await expect(page.getByText('TriggerSEQ2Event')).toBeVisible();
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  await signInDemo(page, '/mkthub/createworkflow');
  await add(page, 'Exit');
  await page.getByRole('button', { name: 'Back to workflows' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/mkthub\/createworkflow$/);
  await expect(step(page, 'Exit 1')).toBeVisible();
  await page.getByRole('button', { name: 'Back to workflows' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/mkthub\/workflowlist$/);
});

test('two tabs on one draft: the later save stops, and its tab loads the other version or saves over it', async ({
  page,
  request,
}) => {
  const { SeqId } = await api<{ SeqId: string }>(
    request,
    'SaveSEQ2Workflow',
    { Name: unique('Two tabs'), Document: { nodes: [], edges: [] } },
    await demoToken(request),
  );
  await signInDemo(page, `/mkthub/editworkflow/${SeqId}`);
  const other = await page.context().newPage();
  await other.goto(`/mkthub/editworkflow/${SeqId}`);
  await expect(other.getByText('Start with a trigger')).toBeVisible();
  const status = (tab: Page) => tab.getByRole('status').filter({ hasText: /changes|saved|Saving/ });
  const savesItself = async (tab: Page) => {
    await expect(status(tab)).toHaveText('Unsaved changes');
    await expect(status(tab)).toHaveText('All changes saved');
  };
  const conflict = (tab: Page) => tab.getByRole('alert').filter({ hasText: 'saved in another tab or by a teammate' });

  await add(page, 'Exit');
  await savesItself(page);
  // the other tab still has the revision it opened: its save is refused, nothing of it is written
  await add(other, 'Delay');
  await expect(conflict(other)).toBeVisible();
  await expect(status(other)).toHaveText('Not saved: changed elsewhere');
  await other.getByRole('button', { name: 'Load the saved version' }).click();
  await expect(step(other, 'Exit 1')).toBeVisible();
  await expect(step(other, 'Delay 1')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await add(other, 'SMS');
  await savesItself(other);

  // now the first tab is behind: it keeps its edit by saving over the other version
  await add(page, 'Trigger');
  await expect(conflict(page)).toBeVisible();
  await page.getByRole('button', { name: 'Save my edits over it' }).click();
  await expect(status(page)).toHaveText('All changes saved');
  await other.reload();
  await expect(step(other, 'Trigger 1')).toBeVisible();
  await expect(step(other, 'SMS 1')).toHaveCount(0);
});

test('the canvas speaks Chinese, and a plan without Automation is sent to the plans', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/mkthub/createworkflow');
  await expect(page.getByRole('heading', { level: 1, name: '新建工作流' })).toBeVisible();
  await page.getByRole('button', { name: '添加触发器' }).click();
  await page.getByRole('button', { name: '添加触发器' }).click();
  await expect(page.getByRole('alert')).toContainText('不允许：一个工作流只能有一个触发器。');
  await expect(page.getByRole('status').filter({ hasText: '为工作流命名后才能保存' })).toBeVisible();

  await page.context().clearCookies();
  const starter = await page.context().browser()!.newContext({ baseURL });
  const other = await starter.newPage();
  await other.goto(`/signin?service=${encodeURIComponent('/mkthub/workflowlist')}`);
  await signIn(other, 'plan-expiring@herald.local', 'herald-plans-1');
  await expect(other).toHaveURL(/\/subscription\?module=Automation$/);
  await starter.close();
});

/** A saved journey (trigger on a new list → wait 10 minutes → exit), its steps drawn out of line. */
async function savedJourney(request: APIRequestContext, token: string) {
  const { ListId } = await api<{ ListId: number }>(request, 'CreateContactList', { Name: unique('canvas') }, token);
  const Document = {
    nodes: [
      { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, config: { source: 'list', audienceId: `L${ListId}` } },
      { id: 'd', kind: 'delay', position: { x: 420, y: 60 }, config: { amount: 10, unit: 'minute' } },
      { id: 'x', kind: 'exit', position: { x: -300, y: 420 }, config: {} },
    ],
    edges: [
      { id: 'e1', source: 't', target: 'd' },
      { id: 'e2', source: 'd', target: 'x' },
    ],
  };
  return api<{ SeqId: string }>(request, 'SaveSEQ2Workflow', { Name: unique('Canvas'), Document }, token);
}

/** Where a step is drawn on the board (React Flow places a node by its transform). */
async function at(page: Page, name: string) {
  const transform = await step(page, name).evaluate((node) => (node as HTMLElement).style.transform);
  const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y) };
}
const column = async (page: Page) => Promise.all(['Trigger 1', 'Delay 1', 'Exit 1'].map((name) => at(page, name)));

test('tidy up lays the journey out in one step, and one undo puts it back', async ({ page, request }) => {
  const { SeqId } = await savedJourney(request, await demoToken(request));
  await signInDemo(page, `/mkthub/editworkflow/${SeqId}`);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 30_000 });
  const drawn = await column(page);
  expect(drawn.map((p) => p.x)).toEqual([0, 420, -300]);

  await page.getByRole('button', { name: 'Tidy up' }).click();
  // top to bottom in one column, starting where the drawn journey did (its leftmost and topmost step)
  await expect.poll(async () => (await column(page)).map((p) => p.x)).toEqual([-300, -300, -300]);
  const tidied = await column(page);
  expect(tidied[0].y).toBe(0);
  expect(tidied[0].y < tidied[1].y && tidied[1].y < tidied[2].y).toBe(true);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => column(page)).toEqual(drawn);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('editing a running journey lists the change against the running version until it is saved', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const { SeqId } = await savedJourney(request, token);
  await api(request, 'StartSEQ2Workflow', { SeqId }, token);
  await signInDemo(page, `/mkthub/editworkflow/${SeqId}`);
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes).toContainText('Changes against running version 1', { timeout: 30_000 });
  await expect(changes).toContainText('No changes against the running version');

  await step(page, 'Delay 1').click();
  await page.getByLabel('Wait').fill('2');
  await expect(changes).toContainText('Changed Delay 1 (Wait 2 minutes)');
  await expect(changes).toContainText('Wait: 10 minutes → 2 minutes');
  // a running journey is not saved by itself: its saves are versions contacts enter
  const held = page.getByRole('status').filter({ hasText: 'Save makes them the version new contacts take' });
  await expect(held).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(held).toBeVisible();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });
  await expect(changes).toContainText('Changes against running version 2');
  await expect(changes).toContainText('No changes against the running version');
});
