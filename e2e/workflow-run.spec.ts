import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { api, unique, uniquePhone } from './support';

// Issue 14 item 2: a saved journey on a list of 3 contacts (trigger → wait 10 minutes → exit) is started
// from the list, its detail page shows the contacts waiting at the delay, the server clock moves on and
// the counts move to done; pause and resume go through the lifecycle.

const at = { x: 0, y: 0 };

test('an owner starts a journey, watches the contacts flow through it, pauses and resumes it', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++)
    ids.push((await api<{ ContactId: number }>(request, 'CreateContact', { Phone: uniquePhone() }, token)).ContactId);
  const { ListId } = await api<{ ListId: number }>(request, 'CreateContactList', { Name: unique('journey') }, token);
  await api(request, 'AddContactsToList', { ListId, ContactIds: ids }, token);
  const name = unique('Journey');
  await api(
    request,
    'SaveSEQ2Workflow',
    {
      Name: name,
      Document: {
        nodes: [
          { id: 't', kind: 'trigger', position: at, config: { source: 'list', audienceId: `L${ListId}` } },
          { id: 'd', kind: 'delay', position: { x: 0, y: 150 }, config: { amount: 10, unit: 'minute' } },
          { id: 'x', kind: 'exit', position: { x: 0, y: 300 }, config: {} },
        ],
        edges: [
          { id: 'e1', source: 't', target: 'd' },
          { id: 'e2', source: 'd', target: 'x' },
        ],
      },
    },
    token,
  );

  await signInDemo(page, '/mkthub/workflowlist');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(row).toContainText('Running');
  await row.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Workflow detail' })).toBeVisible();
  const steps = page.getByRole('table', { name: 'Contacts per step' });
  const delay = steps.getByRole('row').filter({ hasText: 'Delay 1' });
  const exit = steps.getByRole('row').filter({ hasText: 'Exit 1' });
  // Entered, waiting, done, failed: the delay is taken and the contacts wait for the exit's due time.
  await expect(delay.getByRole('cell')).toHaveText(['Delay 1', '3', '0', '3', '0'], { timeout: 20_000 });
  await expect(exit.getByRole('cell')).toHaveText(['Exit 1', '3', '3', '0', '0']);
  await expect(page.getByRole('definition').nth(2)).toHaveText('3');

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('definition').first()).toHaveText('Paused');
  const sequences = page.getByRole('table', { name: 'Contacts per sequence status' });
  await expect(sequences.getByRole('row').filter({ hasText: 'Paused' }).getByRole('cell').nth(1)).toHaveText('3');

  await request.post('/dev/clock', { data: { advanceMs: 11 * 60_000 } });
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('definition').first()).toHaveText('Running');
  await expect(exit.getByRole('cell')).toHaveText(['Exit 1', '3', '0', '3', '0'], { timeout: 30_000 });
  await expect(sequences.getByRole('row').filter({ hasText: 'Completed' }).getByRole('cell').nth(1)).toHaveText('3');
  await expect(page.getByRole('figure', { name: /running journey/ })).toContainText('Entered 3');
});
