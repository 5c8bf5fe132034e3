// Issue 10: the time from "Pay" to the balance updating in the console, in Chromium against a real
// server and its sandbox payment provider. The demo account saves the sandbox's succeeding test card,
// then tops up its main wallet TOP_UPS times; each run is timed from the click on Pay until the account
// menu shows the new total balance. bench/run.ts calls benchBillingUi(); `npx tsx bench/billing-ui.ts`
// prints it alone. Figures, never assertions.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { freePort, startServer, waitForApi } from './lib/server';
import { CHROMIUM, CHROMIUM_ARGS, consoleBuild } from './lib/console-build';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'bench/out');
const TOP_UPS = 5;
const AMOUNT = '50.00';

async function saveCard(page: Page, base: string) {
  await page.goto(`${base}/bill/payment-method`);
  await page.getByLabel('Name on card').fill('Bench');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByTestId('saved-card').filter({ hasText: 'ending in 4242' }).waitFor();
}

async function totalBalance(page: Page): Promise<string> {
  await page.getByTestId('account-menu').click();
  const text = (await page.getByTestId('account-balance').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** One top-up: milliseconds from the click on Pay until the account menu shows the new total. */
async function timedTopUp(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/bill/management`);
  const form = page.getByRole('form', { name: 'Add funds' });
  await form.getByLabel('Amount').fill(AMOUNT);
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('radio', { name: /ending in/ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  const before = await totalBalance(page);
  const pay = page.getByRole('button', { name: `Pay $${AMOUNT}` });
  const started = performance.now();
  await pay.click();
  await page.getByTestId('account-menu').click();
  await page
    .getByTestId('account-balance')
    .filter({ hasNotText: before })
    .filter({ hasNotText: '…' })
    .waitFor({ timeout: 30_000 });
  const elapsed = performance.now() - started;
  await page.keyboard.press('Escape');
  return elapsed;
}

export async function benchBillingUi(): Promise<Record<string, string | number>> {
  mkdirSync(OUT, { recursive: true });
  const distDir = consoleBuild();
  const port = await freePort(8196);
  const dataDir = path.join(OUT, `data-billing-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ port, dataDir, distDir });
  const browser = await chromium.launch(existsSync(CHROMIUM) ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : {});
  const figures: Record<string, string | number> = {};
  try {
    await waitForApi(server, performance.now());
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${server.base}/signin`);
    await page.getByLabel(/^E-mail$/).fill('demo@herald.local');
    await page.getByLabel(/^Password$/).fill('herald-demo-1');
    await page.getByRole('button', { name: /^Sign in$/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await saveCard(page, server.base);
    const runs: number[] = [];
    for (let i = 0; i < TOP_UPS; i++) runs.push(await timedTopUp(page, server.base));
    const sorted = [...runs].sort((a, b) => a - b);
    figures['billingUi.topUps'] = TOP_UPS;
    figures['billingUi.payToBalanceMedianMs'] = Math.round(sorted[Math.floor(sorted.length / 2)]);
    figures['billingUi.payToBalanceMaxMs'] = Math.round(sorted[sorted.length - 1]);
    figures['billingUi.payToBalanceRunsMs'] = runs.map((ms) => Math.round(ms)).join(', ');
  } catch (error) {
    figures['billingUi.error'] = String(error).split('\n')[0];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBillingUi().then(
    (figures) => {
      for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(40)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
