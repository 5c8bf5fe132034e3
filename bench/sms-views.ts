// Figures for the SMS views (issue 5), measured in Chromium against a real server:
// - a 100,000-row xlsx parsed in the send wizard's Web Worker: rows per second, and the longest
//   main-thread task meanwhile (long tasks over 50 ms, and the largest gap between animation frames);
// - /sms/search scrolled through 100,000 records: the rows in the DOM stay under 100.
// The same parse in Node (the worker's pure function) is printed beside it.
// bench/run.ts calls benchSmsViews(); `npx tsx bench/sms-views.ts` prints it alone. Figures, never assertions.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Page } from '@playwright/test';
import { parseRecipientBytes } from '../src/workers/sms-recipients';
import { freePort, startServer, waitForApi } from './lib/server';
import { CHROMIUM, CHROMIUM_ARGS, consoleBuild } from './lib/console-build';

export { CHROMIUM, CHROMIUM_ARGS, consoleBuild };

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'bench/out');
const ROWS = 100_000;
const LONG_TASK_AIM_MS = 50;
const RENDERED_ROWS_AIM = 100;
const XLSX = path.join(OUT, 'sms-recipients-100k.xlsx');

async function writeXlsx(): Promise<void> {
  if (existsSync(XLSX)) return;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: XLSX });
  const sheet = book.addWorksheet('Recipients');
  sheet.addRow(['Phone']).commit();
  for (let i = 0; i < ROWS; i++) sheet.addRow([14_155_000_000 + i]).commit();
  await sheet.commit();
  await book.commit();
}

export async function signIn(page: Page, base: string) {
  await page.goto(`${base}/signin?service=%2Fsms%2Fsending`);
  await page.getByLabel(/^E-mail$/).fill('demo@herald.local');
  await page.getByLabel(/^Password$/).fill('herald-demo-1');
  await page.getByRole('button', { name: /^Sign in$/ }).click();
  await page.waitForURL(/\/sms\/sending$/);
}

/** Long tasks and the largest gap between animation frames, collected in the page. */
export const MONITOR = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  window.__frameGap = 0;
  let last = performance.now();
  const frame = (now) => { window.__frameGap = Math.max(window.__frameGap, now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
`;

async function parseInBrowser(page: Page): Promise<Record<string, string | number>> {
  await page.getByRole('radio', { name: 'Upload a file' }).click();
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __frameGap: number };
    w.__longTasks = [];
    w.__frameGap = 0;
  });
  const started = Date.now();
  await page.getByTestId('recipients-file').setInputFiles(XLSX);
  await page.getByTestId('recipients-summary').filter({ hasText: '100,000 recipients' }).waitFor({ timeout: 300_000 });
  const seconds = (Date.now() - started) / 1000;
  const { longTasks, frameGap } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __frameGap: number };
    return { longTasks: w.__longTasks, frameGap: w.__frameGap };
  });
  const longest = longTasks.length ? Math.max(...longTasks) : 0;
  return {
    'smsViews.xlsxRows': ROWS,
    'smsViews.xlsxBytes': readFileSync(XLSX).length,
    'smsViews.xlsxParseChromiumSeconds': Math.round(seconds * 100) / 100,
    'smsViews.xlsxParseChromiumRowsPerSecond': Math.round(ROWS / seconds),
    'smsViews.mainThreadLongestTaskMs': longTasks.length ? Math.round(longest) : `none over 50 ms`,
    'smsViews.mainThreadLongTasks': longTasks.length,
    'smsViews.mainThreadLargestFrameGapMs': Math.round(frameGap),
    'smsViews.mainThreadAimMs': LONG_TASK_AIM_MS,
  };
}

/** /sms/search over 100,000 synthetic records (the gateway's paging answered by the page route). */
async function scrollRecords(page: Page, base: string): Promise<Record<string, string | number>> {
  let pagesServed = 0;
  await page.route(`${base}/api`, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as {
      Action?: string;
      Page?: number;
      NumPerPage?: number;
    };
    if (body.Action !== 'GetUSMSSendRecord') return route.continue();
    pagesServed++;
    const size = body.NumPerPage ?? 20;
    const from = ((body.Page ?? 1) - 1) * size;
    const now = Math.floor(Date.now() / 1000);
    const results = ['Success', 'Fail', 'Unknown', 'SubmitFail'] as const;
    const records = Array.from({ length: Math.max(0, Math.min(size, ROWS - from)) }, (_, i) => {
      const n = from + i;
      const result = results[n % 4];
      return {
        RecordId: `R${n}`,
        TaskId: 'TKBENCH0001',
        SessionNo: 'S1',
        TaskName: 'Bench',
        Phone: String(14_155_000_000 + n),
        CountryCode: 'US',
        Content: 'Bench message',
        Segments: 1,
        Result: result,
        ErrorCode: result === 'Fail' ? 'EC001' : '',
        ErrorDescription: result === 'Fail' ? 'Bench failure' : '',
        SubmitTime: now - n,
        ReportTime: now - n + 2,
        Cost: 500,
      };
    });
    return route.fulfill({ json: { RetCode: 0, Message: 'OK', Data: { Total: ROWS, Records: records } } });
  });
  await page.goto(`${base}/sms/search`);
  const scroller = page.getByTestId('records-table-scroll');
  await scroller.waitFor();
  await page.getByTestId('virtual-row').first().waitFor();
  let maxRows = 0;
  const started = Date.now();
  const height = await scroller.evaluate((el) => el.scrollHeight);
  for (let top = 0; top <= height; top += Math.ceil(height / 60)) {
    await scroller.evaluate((el, y) => el.scrollTo(0, y), top);
    await page.waitForTimeout(30);
    maxRows = Math.max(maxRows, await page.getByTestId('virtual-row').count());
  }
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page
    .getByTestId('virtual-row')
    .filter({ hasText: String(14_155_000_000 + ROWS - 1) })
    .waitFor({ timeout: 30_000 });
  maxRows = Math.max(maxRows, await page.getByTestId('virtual-row').count());
  return {
    'smsViews.recordsTotal': ROWS,
    'smsViews.recordsMaxRenderedRows': maxRows,
    'smsViews.recordsRenderedRowsAim': `< ${RENDERED_ROWS_AIM}`,
    'smsViews.recordsScrollSeconds': Math.round((Date.now() - started) / 100) / 10,
    'smsViews.recordsPagesFetched': pagesServed,
  };
}

async function parseInNode(): Promise<Record<string, string | number>> {
  const bytes = readFileSync(XLSX);
  const started = performance.now();
  const list = await parseRecipientBytes(
    'xlsx',
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    { kind: 'phone', prefix: '' },
  );
  const seconds = (performance.now() - started) / 1000;
  return { 'smsViews.xlsxParseNodeRowsPerSecond': Math.round(list.count / seconds) };
}

export async function benchSmsViews(): Promise<Record<string, string | number>> {
  mkdirSync(OUT, { recursive: true });
  await writeXlsx();
  const figures: Record<string, string | number> = { ...(await parseInNode()) };
  const distDir = consoleBuild();
  const port = await freePort(8196);
  const dataDir = path.join(OUT, `sms-views-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ port, dataDir, distDir });
  await waitForApi(server, performance.now(), 180_000);
  const browser = await chromium.launch(existsSync(CHROMIUM) ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : {});
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    await page.addInitScript(MONITOR);
    await signIn(page, server.base);
    Object.assign(figures, await parseInBrowser(page));
    Object.assign(figures, await scrollRecords(page, server.base));
  } catch (error) {
    figures['smsViews.error'] = String(error).split('\n')[0];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchSmsViews().then(
    (figures) => {
      for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(44)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
