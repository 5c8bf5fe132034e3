import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { boot } from '../server/boot';
import { memoryJobQueue } from '../server/queue/memory';
import { rowsOf } from '../server/db/rows';
import { countSegment, compileSegment } from '../server/audience/segments';
import type { SegmentRules } from '../src/gateway/contract/audience/segments';
import { IMPORT_CHUNK_ROWS, type ImportTarget } from '../src/gateway/contract/audience/import-rules';
import ExcelJS from 'exceljs';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, consoleBuild } from './lib/console-build';
import { delimitedRows, mappedChunk, parseContactBytes, validateContactRows } from '../src/workers/contact-import';
import { callApi, freePort, signInDemo, startServer, waitForApi } from './lib/server';

// Issue 12's figures. (1) A 500,000-row csv through the worker's own functions (parse + validate, run
// in Node: the worker runs the same code), then through the real server (`tsx server/main.ts`, embedded
// database): upload in chunks, the import job's insert rate, total time, peak server memory.
// (2) A segment of 3 conditions, one of them a channel condition, counted over 1,000,000 contacts on
// the embedded database, with its plan; on PostgreSQL too when BENCH_DATABASE_URL names one.

const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 500_000);
const SEGMENT_CONTACTS = Number(process.env.BENCH_SEGMENT_CONTACTS ?? 1_000_000);
const TARGETS: ImportTarget[] = ['email', 'phone', 'firstName', 'lastName', 'tags'];

function csvText(rows: number): string {
  const lines = ['email,phone,first name,last name,tags'];
  for (let i = 0; i < rows; i++)
    lines.push(`person${i}@example.com,+1415${String(i).padStart(7, '0')},P${i},Q${i % 97},t${i % 5}`);
  return lines.join('\n');
}

/**
 * The same rows as an xlsx file (written by exceljs's streaming writer), read by the import worker's own
 * parser (read-excel-file, run in Node) and validated. The server side does not see the file kind: the
 * worker uploads mapped rows, so the csv run's upload and insert figures hold for xlsx too.
 */
async function benchXlsx(): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'herald-bench-xlsx-'));
  try {
    const file = path.join(dir, 'contacts.xlsx');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
    const sheet = book.addWorksheet('Contacts');
    sheet.addRow(['email', 'phone', 'first name', 'last name', 'tags']).commit();
    for (let i = 0; i < IMPORT_ROWS; i++)
      sheet
        .addRow([`person${i}@example.com`, `+1415${String(i).padStart(7, '0')}`, `P${i}`, `Q${i % 97}`, `t${i % 5}`])
        .commit();
    await sheet.commit();
    await book.commit();
    const bytes = readFileSync(file);
    const heapBefore = process.memoryUsage().rss;
    const started = performance.now();
    const rows = await parseContactBytes('xlsx', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const parseMs = performance.now() - started;
    const rssAfter = process.memoryUsage().rss;
    const checkStart = performance.now();
    const summary = validateContactRows(rows, TARGETS, 1, new Map());
    const checkMs = performance.now() - checkStart;
    return {
      rows: rows.length - 1,
      fileMB: Number((bytes.length / 1_048_576).toFixed(1)),
      workerParseRowsPerS: Math.round((rows.length - 1) / (parseMs / 1000)),
      workerParseS: Number((parseMs / 1000).toFixed(1)),
      workerValidateRowsPerS: Math.round((rows.length - 1) / (checkMs / 1000)),
      validRows: summary.valid,
      parseRssGrowthMB: Math.round((rssAfter - heapBefore) / 1_048_576),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchImport(): Promise<Record<string, number>> {
  const text = csvText(IMPORT_ROWS);
  const parseStart = performance.now();
  const rows = delimitedRows(text);
  const parseMs = performance.now() - parseStart;
  const checkStart = performance.now();
  const summary = validateContactRows(rows, TARGETS, 1, new Map());
  const checkMs = performance.now() - checkStart;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-audience-'));
  const port = await freePort(8290);
  const started = performance.now();
  const server = startServer({ port, dataDir, distDir: path.join(dataDir, 'no-dist'), env: {} });
  try {
    await waitForApi(server, started);
    const token = await signInDemo(server.base);
    let peakRss = server.rssBytes() ?? 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssBytes() ?? 0)), 200);
    const total = rows.length - 1;
    const uploadStart = performance.now();
    const created = await callApi(
      server.base,
      { Action: 'CreateContactImport', FileName: 'bench.csv', Targets: TARGETS, TotalRows: total },
      token,
    );
    const importId = created.Data.ImportId as string;
    for (let from = 0; from < total; from += IMPORT_CHUNK_ROWS) {
      const reply = await callApi(
        server.base,
        {
          Action: 'AppendContactImportRows',
          ImportId: importId,
          FirstRow: from,
          Rows: mappedChunk(rows, TARGETS, 1, from, IMPORT_CHUNK_ROWS),
        },
        token,
      );
      if (reply.RetCode !== 0) throw new Error(`AppendContactImportRows: ${reply.Message}`);
    }
    const uploadMs = performance.now() - uploadStart;
    const importStart = performance.now();
    await callApi(server.base, { Action: 'StartContactImport', ImportId: importId }, token);
    // The progress a user's page polls: how long each status read waits while the job inserts.
    let status: Record<string, number | string> = {};
    const pollMs: number[] = [];
    let resets = 0;
    for (;;) {
      const asked = performance.now();
      try {
        status = (await callApi(server.base, { Action: 'GetContactImport', ImportId: importId }, token)).Data
          .Import as typeof status;
      } catch (error) {
        if (server.child.exitCode !== null) throw error;
        resets++;
        continue;
      }
      pollMs.push(performance.now() - asked);
      if (status.Status === 'done' || status.Status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const importMs = performance.now() - importStart;
    pollMs.sort((a, b) => a - b);
    clearInterval(sampler);
    return {
      rows: total,
      workerParseRowsPerS: Math.round(total / (parseMs / 1000)),
      workerValidateRowsPerS: Math.round(total / (checkMs / 1000)),
      validRows: summary.valid,
      uploadS: Number((uploadMs / 1000).toFixed(1)),
      serverInsertRowsPerS: Math.round(total / (importMs / 1000)),
      serverImportS: Number((importMs / 1000).toFixed(1)),
      totalS: Number(((parseMs + checkMs + uploadMs + importMs) / 1000).toFixed(1)),
      created: Number(status.Created),
      statusPollMedianMs: Math.round(pollMs[Math.floor(pollMs.length / 2)] ?? 0),
      statusPollMaxMs: Math.round(pollMs[pollMs.length - 1] ?? 0),
      statusPollResets: resets,
      peakServerRssMB: Math.round(peakRss / 1_048_576),
    };
  } catch (error) {
    throw new Error(`${String(error)}\n--- server log (tail) ---\n${server.log().slice(-3000)}`, { cause: error });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const RULES: SegmentRules = {
  Match: 'all',
  Groups: [
    {
      Match: 'all',
      Conditions: [
        { Source: 1, Field: 'tags', Operator: 'hasTag', Value: 't1' },
        { Source: 1, Field: 'createdAt', Operator: 'inTheLast', Amount: 6, Unit: 'month' },
        { Source: 4, Operator: 'receivedInTheLast', Amount: 7, Unit: 'day' },
      ],
    },
  ],
};

async function benchSegment(databaseUrl?: string): Promise<Record<string, number | string>> {
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'herald-bench-segment-'));
  // a DATABASE_URL database seeds no demo account unless asked (seedOptionsFromEnv): the bench asks
  const seed = { demo: true, supportStaff: null, planFixtures: false };
  const deps = await boot({ dataDir, databaseUrl, jobs: memoryJobQueue(), seed });
  try {
    const db = deps.database.db;
    const fillStart = performance.now();
    const userId = await fillContacts(db, SEGMENT_CONTACTS);
    const [{ id: taskId }] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO channel_tasks (task_id, session_no, user_id, name, template_id, template_name, content, variable_count, country_code,
          phone_prefix, send_type, send_at, time_zone, status, total_count, segments, total_segments, price, estimated_cost, group_size, group_count, created_at)
        VALUES ('TKBENCHAUDIENCE01', 'SN1', ${userId}, 'bench', 'UT1', 't', 'hello', 0, 'US', '1', 'immediate', now(), 'UTC', 3, 0, 1, 0, 0, 0, 100, 1, now())
        RETURNING id`,
    );
    await db.execute(sql`INSERT INTO channel_recipients (task_id, seq, address, segments, state, submit_at)
      SELECT ${taskId}, g, (14150000000 + g * 3)::text, 1, 3, now() - (g % 30) * interval '1 day'
      FROM generate_series(1, ${Math.round(SEGMENT_CONTACTS / 3)}) AS g`);
    await db.execute(sql`VACUUM ANALYZE`);
    const fillMs = performance.now() - fillStart;
    const now = deps.clock.now();
    await countSegment(db, userId, RULES, now);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      count = (await countSegment(db, userId, RULES, now)).Count;
      times.push(performance.now() - started);
    }
    const where = await compileSegment(db, userId, RULES, now);
    const plan = await rowsOf<Record<string, string>>(
      db,
      sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM audience_contacts c WHERE c.user_id = ${userId} AND ${where}`,
    );
    console.log(
      `\nsegment plan (${databaseUrl ? 'PostgreSQL' : 'embedded'}):\n${plan.map((row) => Object.values(row)[0]).join('\n')}`,
    );
    return {
      contacts: SEGMENT_CONTACTS,
      smsRecords: Math.round(SEGMENT_CONTACTS / 3),
      matching: count,
      fillS: Number((fillMs / 1000).toFixed(1)),
      countMedianMs: Math.round(times.sort((a, b) => a - b)[1]),
    };
  } finally {
    if (databaseUrl) {
      await deps.database.db.execute(sql`DELETE FROM channel_recipients
        WHERE task_id IN (SELECT id FROM channel_tasks WHERE task_id = 'TKBENCHAUDIENCE01')`);
      await deps.database.db.execute(sql`DELETE FROM channel_tasks WHERE task_id = 'TKBENCHAUDIENCE01'`);
    }
    await deps.database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The demo account's contacts replaced by `count` synthetic ones, in SQL (the segment and list benches). */
export async function fillContacts(
  db: Awaited<ReturnType<typeof boot>>['database']['db'],
  count: number,
): Promise<number> {
  const [{ id: userId }] = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = 'demo@herald.local'`,
  );
  await db.execute(sql`DELETE FROM audience_contacts WHERE user_id = ${userId}`);
  await db.execute(sql`INSERT INTO audience_contacts (user_id, email, phone, first_name, tags, created_at, updated_at)
    SELECT ${userId}, 'c' || g || '@example.com', (14150000000 + g)::text, 'C' || g, ARRAY['t' || (g % 5)],
      now() - (g % 365) * interval '1 day', now() FROM generate_series(1, ${count}) AS g`);
  return userId;
}

/**
 * /audience/contact over SEGMENT_CONTACTS contacts in Chromium against the real server (embedded
 * database): the rows in the DOM while the list is scrolled top to bottom in 60 steps, how long the
 * first rows, the rows near the middle and the bottom rows (the deepest page) take to show, and the
 * pages fetched. The browser caps a box's height (~33.5 million px); the virtual table scales its
 * scroll range past 15 million px (`src/views/ui/virtual-scroll.ts`), so the bottom of the scroll box
 * is the last contact: `bottomRow` says which row shows last (1-based, as a user counts) and
 * `lastContactShown` whether it is the contact the list ends with; then Page Up and three arrow-up
 * presses from there, which must move by rows (`pageUpRow`, `arrowUpRow`), not by the scale.
 */
async function benchContactList(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-contacts-'));
  const deps = await boot({ dataDir, jobs: memoryJobQueue() });
  const fillStart = performance.now();
  const userId = await fillContacts(deps.database.db, SEGMENT_CONTACTS);
  // the list's default order is created_at DESC, id DESC: its last contact is the oldest, lowest id
  const [{ email: lastEmail }] = await rowsOf<{ email: string }>(
    deps.database.db,
    sql`SELECT email FROM audience_contacts WHERE user_id = ${userId} ORDER BY created_at ASC, id ASC LIMIT 1`,
  );
  // what the import job does after a big import on the embedded database (no autovacuum there)
  await deps.database.db.execute(sql`VACUUM (ANALYZE) audience_contacts`);
  const fillMs = performance.now() - fillStart;
  await deps.database.close();
  const distDir = consoleBuild();
  const port = await freePort(8292);
  const server = startServer({ port, dataDir, distDir, env: {} });
  const browser = await chromium.launch(existsSync(CHROMIUM) ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : {});
  try {
    await waitForApi(server, performance.now(), 180_000);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    let pages = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api') && request.postData()?.includes('"ListContacts"')) pages++;
    });
    // a loaded machine serves the first load of the console slowly (it timed out at 30 s at load 10)
    await page.goto(`${server.base}/signin?service=%2Faudience%2Fcontact`, { timeout: 180_000 });
    await page.getByLabel(/^E-mail$/).fill('demo@herald.local');
    await page.getByLabel(/^Password$/).fill('herald-demo-1');
    const opened = performance.now();
    await page.getByRole('button', { name: /^Sign in$/ }).click();
    await page.getByTestId('virtual-row').first().waitFor({ timeout: 120_000 });
    const firstRowsMs = performance.now() - opened;
    const scroller = page.getByTestId('contacts-table-scroll');
    const height = await scroller.evaluate((el) => el.scrollHeight);
    const rowsInDom = () => page.getByTestId('virtual-row').count();
    let maxRows = 0;
    let minRows = Number.MAX_SAFE_INTEGER;
    const started = performance.now();
    for (let step = 0; step <= 60; step++) {
      await scroller.evaluate((el, y) => el.scrollTo(0, y), Math.round((height * step) / 60));
      await page.waitForTimeout(30);
      const rows = await rowsInDom();
      maxRows = Math.max(maxRows, rows);
      minRows = Math.min(minRows, rows);
    }
    const scrollMs = performance.now() - started;
    // every row in view shows a contact once its page has arrived
    const allShown = () =>
      page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="virtual-row"]')].every((row) => row.textContent?.includes('@')),
        undefined,
        { timeout: 120_000, polling: 20 },
      );
    const middle = performance.now();
    await scroller.evaluate((el) => el.scrollTo(0, Math.round(el.scrollHeight * 0.455)));
    await allShown();
    const middleMs = performance.now() - middle;
    const middleRow = Number(await page.getByTestId('virtual-row').first().getAttribute('aria-rowindex')) - 1;
    const rowsAtMiddle = await rowsInDom();
    const bottom = performance.now();
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    // the bottom rows show once their page, the deepest, arrives
    await allShown();
    const lastRowMs = performance.now() - bottom;
    const bottomRow = Number(await page.getByTestId('virtual-row').last().getAttribute('aria-rowindex')) - 1;
    const rowsAtBottom = await rowsInDom();
    const lastText = (await page.getByTestId('virtual-row').last().textContent()) ?? '';
    // is the last row inside the scroll box's visible part, not only in the DOM?
    const lastInView = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="contacts-table-scroll"]')!.getBoundingClientRect();
      const rows = document.querySelectorAll('[data-testid="virtual-row"]');
      const row = rows[rows.length - 1].getBoundingClientRect();
      return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
    });
    // small scrolls from the bottom move by rows: Page Up, then three arrow-up presses
    await scroller.focus();
    const lastVisible = () =>
      page.evaluate(() => {
        const box = document.querySelector('[data-testid="contacts-table-scroll"]')!.getBoundingClientRect();
        const shown = [...document.querySelectorAll('[data-testid="virtual-row"]')].filter(
          (row) => row.getBoundingClientRect().bottom <= box.bottom + 1,
        );
        return Number(shown[shown.length - 1]?.getAttribute('aria-rowindex')) - 1;
      });
    const bottomVisible = await lastVisible();
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(600);
    const pageUpRow = await lastVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(600);
    const arrowUpRow = await lastVisible();
    return {
      contacts: SEGMENT_CONTACTS,
      fillS: Number((fillMs / 1000).toFixed(1)),
      firstRowsMs: Math.round(firstRowsMs),
      scrollBoxPx: height,
      minRowsInDom: minRows,
      maxRowsInDom: maxRows,
      scrollSeconds: Number((scrollMs / 1000).toFixed(1)),
      middleRow,
      middleRowsMs: Math.round(middleMs),
      rowsInDomAtMiddle: rowsAtMiddle,
      bottomRow,
      rowsInDomAtBottom: rowsAtBottom,
      lastContactShown: lastInView && lastText.includes(lastEmail) ? `yes (${lastEmail})` : `NO (${lastText})`,
      lastRowMs: Math.round(lastRowMs),
      bottomVisibleRow: bottomVisible,
      pageUpRow,
      arrowUpRow,
      pagesFetched: pages,
    };
  } catch (error) {
    throw new Error(`${String(error)}\n--- server log (tail) ---\n${server.log().slice(-3000)}`, { cause: error });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAudience(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  // BENCH_AUDIENCE_PARTS=segment (or import, xlsx, list; comma-separated) runs some parts only;
  // segment-pg counts on PostgreSQL alone.
  const parts = process.env.BENCH_AUDIENCE_PARTS?.split(',') ?? ['import', 'xlsx', 'list', 'segment'];
  if (parts.includes('import'))
    for (const [name, value] of Object.entries(await benchImport())) figures[`import.${name}`] = value;
  if (parts.includes('list'))
    for (const [name, value] of Object.entries(await benchContactList())) figures[`contactList.${name}`] = value;
  if (parts.includes('xlsx'))
    for (const [name, value] of Object.entries(await benchXlsx())) figures[`import.xlsx.${name}`] = value;
  if (parts.includes('segment'))
    for (const [name, value] of Object.entries(await benchSegment())) figures[`segment.embedded.${name}`] = value;
  else if (!parts.includes('segment-pg')) return figures;
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres)
    for (const [name, value] of Object.entries(await benchSegment(postgres)))
      figures[`segment.postgres.${name}`] = value;
  else figures['segment.postgres'] = 'not measured (set BENCH_DATABASE_URL)';
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchAudience());
}
