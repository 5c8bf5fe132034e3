import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { api, unique } from './support';
import { approvedVoiceTemplate, toneMp3 } from './vms-support';

// Voice call records (/vms/search, docs/decisions.md "Exports by channel…"): a task's calls show their
// outcome and seconds, an export of them completes and downloads as a CSV with the outcomes; the page in zh.

test('a voice task’s calls on /vms/search, exported and downloaded', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await demoToken(request);
  const template = await approvedVoiceTemplate(request, token, await toneMp3());
  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddUVMSSendTask',
    { TaskName: unique('records'), TemplateId: template.id, CountryCode: 'US', Phones: ['4155550101', '4155550106'] },
    token,
  );
  await signInDemo(page, `/vms/search?taskId=${TaskId}`);
  await expect(page.getByRole('heading', { name: 'Call records' })).toBeVisible();
  await expect(page.getByText('Answered').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No answer').first()).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Exports' }).click();
  await page.getByRole('button', { name: 'Export records' }).click();
  const first = page.getByTestId('exports-table').getByTestId('table-row').first();
  await expect(first.getByTestId('export-status')).toHaveText('Completed', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), first.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^voice-records-/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Outcome,Call seconds');
  // the result in words, as on the page; the phone as the records show it
  expect(csv).toMatch(/\+14155550101,US,Answered,Answered,\d+,/);
  expect(csv).toContain('+14155550106,US,Not answered,No answer,0,VC001');
});

test('/vms/search in Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/vms/search');
  await expect(page.getByRole('heading', { name: '呼叫记录' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: /导出/ })).toBeVisible();
});
