import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sessionMachine } from '../src/machines/session.machine';
import { describeMachine } from '../src/statecharts/statechart';
import { signIn } from './support';
import { machineRegistry } from '../src/machines/registry';
import { machineToGraph } from '../src/views/flows/machine-graph';
import { BROWSER_LAYOUT_FILE } from '../bench/flows';

const sessionStates = describeMachine(sessionMachine).states;
const active = (page: Page, stateId: string) =>
  page.locator(`[data-testid="flow-diagram"] [data-state-id="${stateId}"][data-active]`);

test('the inspector draws the session machine, follows the console live in another tab, and exports', async ({
  context,
}) => {
  // Two tabs, a live follow and four exports: over a minute on a busy machine.
  test.setTimeout(150_000);
  const consolePage = await context.newPage();
  await consolePage.goto('/signin');
  await signIn(consolePage);
  await expect(consolePage).toHaveURL(/\/dashboard$/);

  // The account menu links to the inspector (the demo account has FlowInspector).
  const inspector = await context.newPage();
  await inspector.goto('/dashboard');
  await inspector.getByTestId('account-menu').click();
  await inspector.getByRole('menuitem', { name: 'Flows inspector' }).click();
  await expect(inspector).toHaveURL(/\/flows$/);
  await inspector.getByLabel('Search machines').fill('sess');
  await inspector.getByTestId('machine-session').click();
  await expect(inspector).toHaveURL(/\/flows\/session$/);

  // Every state is drawn.
  const diagram = inspector.getByTestId('flow-diagram');
  for (const state of sessionStates) await expect(diagram.locator(`[data-state-id="${state.id}"]`)).toBeVisible();
  await expect(inspector.getByText('after 1 min', { exact: true })).toBeVisible();
  await expect(inspector.getByText('always [hasAccessToken]', { exact: true })).toBeVisible();
  const layoutMs = Number(await inspector.getByTestId('layout-time').getAttribute('data-ms'));
  console.log(`[flows] session layout in the worker: ${layoutMs} ms`);

  // Live: the console tab's session actor, chosen, highlights signedIn.user.ready.
  const otherTab = inspector
    .getByTestId('live-actor')
    .filter({ hasText: 'another tab' })
    .filter({ hasText: '/dashboard' });
  await expect(otherTab, await inspector.getByTestId('live-panel').innerText()).toHaveCount(1);
  await otherTab.click();
  await expect(active(inspector, 'session.signedIn.user.ready')).toBeVisible();

  // A move in the console tab: saving the profile reloads the user; the highlight and the log follow it.
  await consolePage.getByTestId('account-menu').click();
  await consolePage.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(consolePage).toHaveURL(/\/setting\/user-setting/);
  await consolePage.getByRole('button', { name: 'Save profile' }).click();
  await expect(inspector.getByTestId('live-log')).toContainText('user.reload');
  await expect(active(inspector, 'session.signedIn.user.ready')).toBeVisible();
  const logText = await inspector.getByTestId('live-log').innerText();
  expect(logText).not.toMatch(/AccessToken"\s*:\s*"(?!\[redacted\])/);

  // Paths: choose one and step through it on the diagram.
  await inspector.getByRole('tab', { name: 'Paths' }).click();
  await inspector.getByTestId('paths-list').getByRole('button').first().click();
  await expect(inspector.getByTestId('path-step-of')).toContainText('Step 2 of 2');
  await inspector.getByRole('button', { name: 'Previous step' }).click();
  await expect(inspector.getByTestId('path-step-of')).toContainText('Step 1 of 2');
  await expect(active(inspector, 'session.restoring')).toBeVisible();

  // Exports: the SVG names every state; the PNG is an image; the paths are JSON and Markdown.
  const [svgDownload] = await Promise.all([
    inspector.waitForEvent('download'),
    inspector.getByRole('button', { name: 'Diagram as SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe('session.svg');
  const svg = await readFile((await svgDownload.path())!, 'utf8');
  for (const state of sessionStates) expect(svg).toContain(`>${state.key}<`);
  const [pngDownload] = await Promise.all([
    inspector.waitForEvent('download'),
    inspector.getByRole('button', { name: 'Diagram as PNG' }).click(),
  ]);
  const png = await readFile((await pngDownload.path())!);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const [jsonDownload] = await Promise.all([
    inspector.waitForEvent('download'),
    inspector.getByRole('button', { name: 'Paths as JSON' }).click(),
  ]);
  const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as {
    machine: string;
    shortest: unknown[];
  };
  expect(json.machine).toBe('session');
  expect(json.shortest.length).toBeGreaterThan(10);
  const [mdDownload] = await Promise.all([
    inspector.waitForEvent('download'),
    inspector.getByRole('button', { name: 'Paths as Markdown' }).click(),
  ]);
  expect(await readFile((await mdDownload.path())!, 'utf8')).toContain('## Shortest paths');

  // Signing out in the console signs the inspector's tab out too (one session per browser, issue 20).
  await consolePage.getByTestId('account-menu').click();
  await consolePage.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(consolePage).toHaveURL(/\/signin/);
  await expect(inspector).toHaveURL(/\/signin/);
});

// Figure for bench/flows.ts: the layout of the largest registered machine in the inspector's worker.
test('layout time of the largest machine in the worker (figure)', async ({ page }) => {
  const largest = machineRegistry
    .map((entry) => ({
      id: entry.id,
      size: machineToGraph(entry.machine).nodes.length + machineToGraph(entry.machine).edges.length,
    }))
    .sort((a, b) => b.size - a.size)[0];
  await page.goto('/signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const layoutMs = async (machineId: string) => {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/flows/${machineId}`);
    return Number(await page.getByTestId('layout-time').getAttribute('data-ms'));
  };
  const firstMs = await layoutMs(largest.id);
  await layoutMs('session');
  const warmMs = await layoutMs(largest.id);
  console.log(`[flows] ${largest.id}: first layout ${firstMs} ms, warm ${warmMs} ms (in the worker)`);
  await mkdir(path.dirname(BROWSER_LAYOUT_FILE), { recursive: true });
  await writeFile(
    BROWSER_LAYOUT_FILE,
    JSON.stringify({ machineId: largest.id, firstMs, warmMs, at: new Date().toISOString() }),
  );
});

test('a diagram opens inside its panel, clear of the minimap, at a readable size (issue 18 §23)', async ({ page }) => {
  test.setTimeout(180_000);
  const bySize = machineRegistry
    .map((entry) => ({ id: entry.id, size: machineToGraph(entry.machine).nodes.length }))
    .sort((a, b) => a.size - b.size);
  const small = bySize.find((entry) => entry.size >= 4)!;
  const largest = bySize[bySize.length - 1];
  await page.goto('/signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const diagram = page.getByTestId('flow-diagram');
  const zoom = () =>
    page.locator('.react-flow__viewport').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
  const boxes = () =>
    diagram.locator('[data-state-id]').evaluateAll((elements) =>
      elements.map((element) => {
        const r = element.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
  const open = async (machineId: string) => {
    // In the page (the layout worker stays warm), as the inspector's own list opens a machine.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/flows/${machineId}`);
    // The worker lays the machine out first: seconds for the largest on a busy machine.
    await expect(diagram.locator('[data-state-id]').first()).toBeVisible({ timeout: 60_000 });
    await expect.poll(zoom).toBeGreaterThanOrEqual(0.75);
    const panel = (await diagram.boundingBox())!;
    return { left: panel.x, top: panel.y, right: panel.x + panel.width, bottom: panel.y + panel.height };
  };

  // A small machine: whole, inside the panel, and no state under the minimap.
  const panel = await open(small.id);
  const map = (await page.locator('.react-flow__minimap').boundingBox())!;
  await expect
    .poll(
      async () =>
        (await boxes()).filter(
          (b) =>
            b.left < panel.left ||
            b.top < panel.top ||
            b.right > panel.right ||
            b.bottom > panel.bottom ||
            (b.right > map.x && b.left < map.x + map.width && b.bottom > map.y && b.top < map.y + map.height),
        ).length,
    )
    .toBe(0);

  // The largest: at a readable size from its top-left corner, so where it starts is in view.
  const big = await open(largest.id);
  const states = await boxes();
  expect(Math.min(...states.map((b) => b.left))).toBeGreaterThanOrEqual(big.left);
  expect(Math.min(...states.map((b) => b.top))).toBeGreaterThanOrEqual(big.top);
});

test('the live view lists exactly the actors that run after going back and forth in the console', async ({ page }) => {
  // Issue 18 §3: Home → SMS Templates → Billing Upgrade three times left "Subscription 12 running".
  await page.goto('/signin');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const openMenu = async (menu: string, item: string) => {
    await page.getByRole('button', { name: menu, exact: true }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };
  for (let round = 0; round < 3; round += 1) {
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu('SMS', 'Templates');
    await expect(page).toHaveURL(/\/sms\/template$/);
    await openMenu('Billing', 'Upgrade');
    await expect(page).toHaveURL(/\/bill\/upgrade$/);
  }
  // Client-side to the inspector: this tab's actors are the console's own, one subscription among them.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Flows inspector' }).click();
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByTestId('machine-subscription')).toContainText('1 running');
  await expect(page.getByTestId('machine-session')).toContainText('1 running');
  // The console frame's upgrade prompt runs; the upgrade page's own stopped with the page.
  await expect(page.getByTestId('machine-upgradePrompt')).toContainText('1 running');
  await page.getByTestId('machine-subscription').click();
  const actors = page.getByTestId('live-actor');
  await expect(actors).toHaveCount(1);
  await expect(actors).toContainText('ready.');
});
