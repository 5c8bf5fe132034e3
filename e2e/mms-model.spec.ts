import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mmsTaskCancelMachine } from '../src/machines/mms-task-cancel.machine';
import { mmsTemplateEditorMachine } from '../src/machines/mms-template-editor.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { api, unique } from './support';

// The MMS machines' generated paths, driven through the real console. A path through a failure
// (`error: …`) makes the gateway unreachable for that one Action.

const goesThroughFailure = (path: PathInfo, actor: string) =>
  path.steps.some((step) => step.label === `error: ${actor}`);
const dialog = (page: Page) => page.getByTestId('confirm-dialog');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

modelPathTests('mmsTemplateEditor', {
  machine: mmsTemplateEditorMachine,
  start: async (page, path) => {
    if (goesThroughFailure(path, 'saveTemplate')) await failAction(page, 'CreateUMMSTemplate');
    await signInDemo(page, '/mms/new-template');
  },
  drivers: {
    'field.change': (page) => page.getByTestId('template-name-input').fill(unique('mms-model')),
    'variable.insert': (page) => page.getByRole('button', { name: 'Insert variable' }).click(),
    'image.add [hasRoomForImage]': async (page) => {
      await page.getByTestId('mms-image-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId('mms-images').getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
    },
    'form.submit': (page) => page.getByTestId('template-submit').click(),
    'form.submit [isFormValid]': async (page) => {
      await page.getByTestId('template-name-input').fill(unique('mms-model'));
      await page.getByTestId('mms-subject-input').fill('Model path');
      await page.getByTestId('mms-text-input').fill('A template made by a generated path today');
      await page.getByTestId('template-submit').click();
    },
    'done: saveTemplate': 'auto',
    'error: saveTemplate': 'auto',
  },
  states: {
    editing: async (page) => expect(page.getByTestId('template-submit')).toBeVisible(),
    saved: async (page) => expect(page).toHaveURL(/\/mms\/template$/),
  },
});

let taskName = '';

/** A passed MMS template and a task scheduled for tomorrow (waiting: the lifecycle allows cancelling). */
async function openTasksWithAWaitingTask(page: Page, path: PathInfo, request: APIRequestContext) {
  const token = await demoToken(request);
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateUMMSTemplate',
    { TemplateName: unique('mms-tpl'), Language: 'en', Subject: 'Spring', Text: 'See the spring collection' },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetUMMSTemplate', { TemplateId }, token)).Status, {
      timeout: 20_000,
    })
    .toBe(2);
  taskName = unique('mms-cancel');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await api(
    request,
    'AddUMMSSendTask',
    {
      TaskName: taskName,
      TemplateId,
      CountryCode: 'US',
      Phones: ['14155550601'],
      SendType: 'scheduled',
      ScheduledTime: `${tomorrow} 09:00`,
      TimeZone: 'UTC',
    },
    token,
  );
  if (goesThroughFailure(path, 'cancelTask')) await failAction(page, 'CancelUMMSSendTask');
  await signInDemo(page, '/mms/message');
}

const taskRow = (page: Page) => page.getByTestId('table-row').filter({ hasText: taskName });

modelPathTests('mmsTaskCancel', {
  machine: mmsTaskCancelMachine,
  start: openTasksWithAWaitingTask,
  drivers: {
    'cancel.ask [lifecycleAllowsCancel]': (page) => taskRow(page).getByTestId('task-cancel').click({ timeout: 20_000 }),
    'cancel.confirm': (page) => dialog(page).getByRole('button', { name: 'Cancel task' }).click(),
    'cancel.dismiss': (page) => dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click(),
    'done: cancelTask': 'auto',
    'error: cancelTask': 'auto',
  },
  states: {
    idle: async (page) => expect(dialog(page)).toBeHidden(),
    confirming: async (page) => expect(dialog(page)).toContainText(taskName),
    failed: async (page) => expect(dialog(page).getByRole('alert')).toBeVisible(),
  },
});
