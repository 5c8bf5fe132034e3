import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, freshAccount, pickCountry, signIn, unique, waitForMessage } from './support';
import { demoToken, passedTemplate, scheduledTask, signInDemo } from './sms-support';

// SMS journeys against the real server (sandbox carrier and reviewer; playwright.config.ts shortens
// their delays). Sandbox numbers decide the result by their last digit: 0-6 delivered, 7 failed
// (EC001-EC004), 8 unknown, 9 refused at submission (SF001).

/** Fills the wizard after the template is chosen, then checks it and sends (one confirmation). */
async function finishSend(page: Page, campaign: string, { country = true } = {}) {
  await page.getByLabel('Campaign name').fill(campaign);
  if (country) await pickCountry(page, 'United States');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toBeVisible();
  await expect(page.getByTestId('send-wallet')).toContainText('SMS wallet:');
  await page.getByTestId('send-confirm').click();
  await expect(page.getByTestId('send-submitted')).toBeVisible({ timeout: 20_000 });
}

test('create a template, it passes review; a rejected one is edited and resubmitted', async ({ page }) => {
  await signInDemo(page, '/sms/template');
  const name = unique('welcome');
  await page.getByTestId('template-new').first().click();
  await page.getByTestId('template-name-input').fill(name);
  await page.getByTestId('template-content-input').fill('Welcome to Herald, your order ');
  await page.getByRole('button', { name: 'Insert variable' }).click();
  await page.getByTestId('template-content-input').press('End');
  await page.getByTestId('template-content-input').pressSequentially(' is confirmed and ready today');
  await expect(page.getByTestId('template-content-input')).toHaveValue(
    'Welcome to Herald, your order {{1}} is confirmed and ready today',
  );
  await page.getByTestId('template-submit').click();
  await expect(page).toHaveURL(/\/sms\/template$/);
  const row = page.getByTestId('table-row').filter({ hasText: name });
  await expect(row.getByTestId('template-status')).toHaveText('Passed', { timeout: 20_000 });

  // A marketing text without an opt-out is rejected with the reviewer's reason.
  const promo = unique('promo');
  await page.getByTestId('template-new').first().click();
  await page.getByTestId('template-name-input').fill(promo);
  await page.getByRole('button', { name: 'Purpose' }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  await page.getByTestId('template-content-input').fill('Our spring sale starts today with big savings for everyone');
  await page.getByTestId('template-submit').click();
  const rejected = page.getByTestId('table-row').filter({ hasText: promo });
  await expect(rejected.getByTestId('template-status')).toHaveText('Rejected', { timeout: 20_000 });
  await expect(rejected.getByTestId('template-reject-reason')).toContainText('opt-out');
  await rejected.getByTestId('template-resubmit').click();
  await expect(page).toHaveURL(/\/sms\/new-template\/UT\w+$/);
  await expect(page.getByText(/Review rejected it/)).toBeVisible();
  await page
    .getByTestId('template-content-input')
    .fill('Our spring sale starts today with big savings for everyone. Reply STOP to opt out');
  await page.getByTestId('template-submit').click();
  await expect(page).toHaveURL(/\/sms\/template$/);
  const passedRows = page.getByTestId('table-row').filter({ hasText: promo }).getByTestId('template-status');
  await expect(passedRows.filter({ hasText: 'Passed' })).toHaveCount(1, { timeout: 20_000 });
});

test('send to a pasted list, watch the task complete with the counts adding up, find the failed message in records', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token);
  await signInDemo(page, `/sms/sending?templateId=${templateId}`);
  await expect(page.getByTestId('send-live-preview')).toHaveText('Your Herald order has shipped and will arrive soon');
  // delivered, failed (EC002: 1 before the 7), unknown, refused at submission, and a repeat
  await page.getByTestId('recipients-paste').fill('14155550100, 14155550117\n 14155550108\n14155550109,14155550100');
  await expect(page.getByTestId('recipients-summary')).toContainText('5 recipients · 0 invalid · 1 repeated');
  await expect(page.getByTestId('segment-count')).toContainText('1 part');
  await expect(page.getByTestId('cost-estimate')).toHaveText('Choose a country');
  await pickCountry(page, 'United States');
  // the country sets the phone rule, so the list is checked again: its counts come back before Next
  await expect(page.getByTestId('recipients-summary')).toContainText('5 recipients · 0 invalid · 1 repeated');
  await expect(page.getByTestId('cost-estimate')).toHaveText(/^\$\d/);
  await finishSend(page, unique('pasted'), { country: false });
  await page.getByTestId('send-view-task').click();
  await expect(page.getByTestId('task-detail-status')).toHaveText('Complete', { timeout: 40_000 });
  const count = (key: string) => page.getByTestId(`task-count-${key}`);
  await expect(count('total')).toHaveText('4');
  await expect(count('success')).toHaveText('1');
  await expect(count('fail')).toHaveText('1');
  await expect(count('unknown')).toHaveText('1');
  await expect(count('submitFail')).toHaveText('1');
  await expect(page.getByTestId('task-success-rate')).toContainText('%');

  await page.getByTestId('task-records-link').click();
  await expect(page).toHaveURL(/\/sms\/search\?taskId=TK\w+$/);
  await expect(page.getByTestId('records-total')).toHaveText('4 records');
  const failed = page.getByTestId('virtual-row').filter({ hasText: '14155550117' });
  await expect(failed).toContainText('Failed');
  await expect(failed.getByTestId('record-error-code')).toHaveText('EC002');
  await expect(
    page.getByTestId('virtual-row').filter({ hasText: '14155550109' }).getByTestId('record-error-code'),
  ).toHaveText('SF001');

  // Issue 18 §16: the filters live in the URL, so reload and Back keep them
  await page.getByLabel('Result').click();
  await page.getByRole('option', { name: 'Failed', exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/result=Fail/);
  await expect(page.getByTestId('records-total')).toHaveText('1 record');
  await page.reload();
  await expect(page.getByTestId('records-total')).toHaveText('1 record');
  await page.goBack();
  await expect(page).not.toHaveURL(/result=Fail/);
  await expect(page.getByTestId('records-total')).toHaveText('4 records');
});

test('send to an uploaded xlsx file and a txt file with variable values', async ({ page, request }, testInfo) => {
  const token = await demoToken(request);
  const plain = await passedTemplate(request, token);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Recipients');
  sheet.addRow(['Phone']);
  for (let i = 0; i < 12; i++) sheet.addRow([Number(`1415555020${i % 10}`) + (i >= 10 ? 10 : 0)]);
  const xlsx = testInfo.outputPath('recipients.xlsx');
  await book.xlsx.writeFile(xlsx);

  await signInDemo(page, `/sms/sending?templateId=${plain}`);
  await page.getByTestId('recipients-source').getByRole('radio', { name: 'Upload a file' }).click();
  await page.getByTestId('recipients-file').setInputFiles(xlsx);
  await expect(page.getByTestId('recipients-summary')).toContainText('12 recipients · 0 invalid · 0 repeated');
  await expect(page.getByText('The first row looked like a header and was left out.')).toBeVisible();
  await finishSend(page, unique('xlsx'));
  await expect(page.getByTestId('send-submitted')).toContainText('12 recipients queued');

  // A template with a variable refuses pasted numbers and takes a file with a column per variable.
  const withCode = await passedTemplate(
    request,
    token,
    'Hello from Herald, your booking number {{1}} is confirmed for today',
  );
  await page.goto(`/sms/sending?templateId=${withCode}`);
  await expect(page.getByText(/Pasted lists are not supported for templates with variables/)).toBeVisible();
  await page.getByTestId('recipients-source').getByRole('radio', { name: 'Upload a file' }).click();
  await page.getByTestId('recipients-file').setInputFiles({
    name: 'codes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('14155550301,A-100\n14155550302\tB-200\n'),
  });
  await expect(page.getByTestId('recipients-summary')).toContainText('2 recipients');
  await expect(page.getByTestId('send-live-preview')).toHaveText(
    'Hello from Herald, your booking number A-100 is confirmed for today',
  );
  await finishSend(page, unique('txt'));
});

test('export the records and download the file; download the price list', async ({ page, request }) => {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token);
  const task = await api<{ TaskId: string }>(
    request,
    'AddUSMSSendTask',
    { TaskName: unique('export'), TemplateId: templateId, CountryCode: 'US', Phones: ['14155550401', '14155550407'] },
    token,
  );
  await expect
    .poll(
      async () =>
        (
          await api<{ Total: number }>(
            request,
            'GetUSMSSendRecord',
            {
              TaskId: task.TaskId,
              BeginTime: Math.floor(Date.now() / 1000) - 3600,
              EndTime: Math.floor(Date.now() / 1000) + 3600,
            },
            token,
          )
        ).Total,
    )
    .toBe(2);

  await signInDemo(page, `/sms/search?taskId=${task.TaskId}`);
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
  await page.getByRole('tab', { name: 'Exports' }).click();
  await page.getByTestId('export-start').click();
  const first = page.getByTestId('exports-table').getByTestId('table-row').first();
  await expect(first.getByTestId('export-status')).toHaveText('Completed', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), first.getByTestId('export-download').click()]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('14155550401');
  expect(csv).toContain('14155550407');

  const [prices] = await Promise.all([page.waitForEvent('download'), page.getByTestId('price-download').click()]);
  expect(prices.suggestedFilename()).toBe('herald-sms-prices.csv');
  expect(await readFile(await prices.path(), 'utf8')).toMatch(/United States/);
});

test('set a callback and a local receiver gets signed delivery reports', async ({ page, request }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const port = (receiver.address() as AddressInfo).port;
    await signInDemo(page, '/sms/setting');
    await page.getByTestId('callback-url').fill(`http://127.0.0.1:${port}/herald`);
    await expect(page.getByRole('checkbox', { name: 'Send delivery reports' })).toBeChecked();
    await page.getByTestId('callback-save').click();
    await expect(page.getByText('The callback was saved.')).toBeVisible();
    // The secret is shown once, when issued: a new one is issued here, whatever earlier runs saw. On a
    // fresh database the save itself issued the first one (shown in full), so wait for the new one.
    const shown = page.getByTestId('callback-secret');
    const before = (await shown.textContent())!.trim();
    await page.getByRole('button', { name: 'New secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'New secret' }).click();
    await expect(page.getByText('Copy the secret now: it is shown only this once.', { exact: false })).toBeVisible();
    await expect(shown).not.toHaveText(before);
    const secret = (await shown.textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

    const token = await demoToken(request);
    const templateId = await passedTemplate(request, token);
    await api(
      request,
      'AddUSMSSendTask',
      { TaskName: unique('callback'), TemplateId: templateId, CountryCode: 'US', Phones: ['14155550501'] },
      token,
    );
    await expect
      .poll(() => received.filter((r) => r.body.includes('14155550501')).length, { timeout: 40_000 })
      .toBeGreaterThan(0);
    const report = received.find((r) => r.body.includes('14155550501'))!;
    const id = String(report.headers['webhook-id']);
    const timestamp = String(report.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${report.body}`)
      .digest('base64');
    expect(String(report.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
    await page.reload();
    await expect(page.getByTestId('callback-last')).toContainText('HTTP 204');
    // After a reload only the secret's end is on screen.
    await expect(page.getByTestId('callback-secret')).toHaveText(`whsec_••••••••${secret.slice(-4)}`);
  } finally {
    // Later tasks of the shared demo account must not keep calling a receiver that is gone.
    await api(request, 'SetUSMSCallback', { Url: '' }, await demoToken(request));
    receiver.close();
  }
});

test('a trial account is sent to /experience, verifies a number and sends a free test message', async ({
  page,
  request,
}) => {
  const password = 'Trial-sms-2026';
  const email = await freshAccount(request, 'sms-trial', password);

  await page.goto('/signin?service=%2Fsms%2Fsending');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/experience$/);
  const later = page.getByRole('button', { name: 'Later' });
  await later
    .waitFor({ timeout: 5_000 })
    .then(() => later.click())
    .catch(() => undefined);

  const testNumber = '4155550611';
  await pickCountry(page, 'United States', 'trial-country');
  await page.getByTestId('trial-phone').fill(testNumber);
  await page.getByTestId('trial-send-code').click();
  const verification = /\b(\d{6})\b/.exec(
    (await waitForMessage(request, `+1${testNumber}`, /verification code/)).text,
  )![1];
  await page.getByTestId('trial-code').fill(verification);
  await page.getByTestId('trial-verify').click();
  await expect(page.getByTestId('trial-verified')).toBeVisible();
  await expect(page.getByTestId('trial-free-remaining')).toHaveText('20');
  // The number just verified is ticked, and the text to be sent is shown before sending (issue 18 §11).
  await expect(page.getByTestId('trial-pick').first()).toBeChecked();
  await expect(page.getByTestId('trial-message-text')).toHaveText(/^Herald test message: your SMS setup works\./);
  await expect(page.getByTestId('trial-send')).toHaveText('Send to 1 number');
  await page.getByTestId('trial-send').click();
  await expect(page.getByText(/1 test message sent; 19 free left/)).toBeVisible();
  await expect(page.getByTestId('trial-free-remaining')).toHaveText('19');
});

test('the SMS pages speak Chinese, and quick ranges move with the arrow keys', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.goto('/signin?service=%2Fsms%2Foverview');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: '短信概览' })).toBeVisible();
  await expect(page.getByTestId('sms-wallet')).toHaveText(/^\$/);
  await page.goto('/sms/template');
  await expect(page.getByRole('heading', { level: 1, name: '短信模板' })).toBeVisible();
  await page.goto('/sms/analytics');
  await expect(page.getByRole('heading', { level: 1, name: '短信统计分析' })).toBeVisible();
  const sevenDays = page.getByRole('radio', { name: '最近 7 天' });
  await expect(sevenDays).toHaveAttribute('aria-checked', 'true');
  await sevenDays.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '最近 15 天' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: '最近 15 天' })).toBeFocused();
  await expect(page.getByTestId('analytics-totals')).toBeVisible();
});

test('a scheduled task can be cancelled from the list; a finished one offers no Cancel', async ({ page, request }) => {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token);
  const later = unique('later');
  await scheduledTask(request, token, templateId, later);
  const now = unique('now');
  const done = await api<{ TaskId: string }>(
    request,
    'AddUSMSSendTask',
    { TaskName: now, TemplateId: templateId, CountryCode: 'US', Phones: ['14155550602'] },
    token,
  );
  await expect
    .poll(
      async () =>
        (
          await api<{ Task: { Status: number } }>(
            request,
            'DescribeUSMSSendTaskStatistics',
            { TaskId: done.TaskId },
            token,
          )
        ).Task.Status,
      { timeout: 30_000 },
    )
    .toBe(3);

  await signInDemo(page, '/sms/message');
  const finished = page.getByTestId('table-row').filter({ hasText: now });
  await expect(finished.getByTestId('task-status')).toHaveText('Complete');
  await expect(finished.getByTestId('task-cancel')).toHaveCount(0);
  const scheduled = page.getByTestId('table-row').filter({ hasText: later });
  await expect(scheduled.getByTestId('task-status')).toHaveText('Waiting');
  await scheduled.getByTestId('task-cancel').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel task' }).click();
  await expect(scheduled.getByTestId('task-status')).toHaveText('Cancelled');
  await expect(scheduled.getByTestId('task-cancel')).toHaveCount(0);
});
