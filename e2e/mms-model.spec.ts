import { expect } from '@playwright/test';
import { mmsTaskCancelMachine } from '../src/machines/mms-task-cancel.machine';
import { mmsTemplateEditorMachine } from '../src/machines/mms-template-editor.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests, type ModelPathsConfig } from './model-paths';
import { passedMmsTemplate } from './mms-support';
import { demoToken, failAction, signInDemo } from './sms-support';
import { taskCancelPathTests, tomorrowMorning } from './task-cancel-paths';
import { api, unique } from './support';

// The MMS machines' generated paths, driven through the real console. A path through a failure
// (`error: …`) makes the gateway unreachable for that one Action.

const goesThroughFailure = (path: PathInfo, actor: string) =>
  path.steps.some((step) => step.label === `error: ${actor}`);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The editor's steps, on /mms/new-template and on /mms/update-template (there the form starts filled). */
const editorDrivers: ModelPathsConfig['drivers'] = {
  'field.change': (page) => page.getByTestId('template-name-input').fill(unique('mms-model')),
  'variable.insert': (page) => page.getByRole('button', { name: 'Insert variable' }).click(),
  'image.add [hasRoomForImage]': async (page) => {
    await page.getByTestId('mms-image-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('mms-images').getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  },
  // the invalid submit: an edited template's filled form is made invalid first (no subject)
  'form.submit': async (page) => {
    await page.getByTestId('mms-subject-input').fill('');
    await page.getByTestId('template-submit').click();
  },
  'form.submit [isFormValid]': async (page) => {
    await page.getByTestId('template-name-input').fill(unique('mms-model'));
    await page.getByTestId('mms-subject-input').fill('Model path');
    await page.getByTestId('mms-text-input').fill('A template made by a generated path today');
    await page.getByTestId('template-submit').click();
  },
  'done: saveTemplate': 'auto',
  'error: saveTemplate': 'auto',
};

const editorStates: ModelPathsConfig['states'] = {
  editing: async (page) => expect(page.getByTestId('template-submit')).toBeVisible(),
  saved: async (page) => expect(page).toHaveURL(/\/mms\/template$/),
};

modelPathTests('mmsTemplateEditor', {
  machine: mmsTemplateEditorMachine,
  longestOnly: true,
  start: async (page, path) => {
    if (goesThroughFailure(path, 'saveTemplate')) await failAction(page, 'CreateUMMSTemplate');
    await signInDemo(page, '/mms/new-template');
  },
  drivers: editorDrivers,
  states: editorStates,
});

// The same paths on /mms/update-template/{templateId}/{id}, each from its own approved template.
modelPathTests('mmsTemplateEditor (update-template)', {
  machine: mmsTemplateEditorMachine,
  longestOnly: true,
  start: async (page, path, request) => {
    const token = await demoToken(request);
    const templateId = await passedMmsTemplate(request, token);
    const { Id } = await api<{ Id: number }>(request, 'GetUMMSTemplate', { TemplateId: templateId }, token);
    if (goesThroughFailure(path, 'saveTemplate')) await failAction(page, 'UpdateUMMSTemplate');
    await signInDemo(page, `/mms/update-template/${templateId}/${Id}`);
    await expect(page.getByTestId('mms-subject-input')).toHaveValue('Spring', { timeout: 30_000 });
  },
  drivers: editorDrivers,
  states: editorStates,
});

let mmsTemplate: Promise<string> | null = null;

taskCancelPathTests({
  machine: mmsTaskCancelMachine,
  tasksPage: '/mms/message',
  addWaitingTask: async (request, token, name) => {
    mmsTemplate ??= passedMmsTemplate(request, token);
    await api(
      request,
      'AddUMMSSendTask',
      {
        TaskName: name,
        TemplateId: await mmsTemplate,
        CountryCode: 'US',
        Phones: ['14155550601'],
        ...tomorrowMorning(),
      },
      token,
    );
  },
  cancelAction: 'CancelUMMSSendTask',
});
