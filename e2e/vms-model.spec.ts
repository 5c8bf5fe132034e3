import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { vmsTemplateEditorMachine } from '../src/machines/vms-template-editor.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { unique } from './support';
import { chooseAudio, toneMp3, uploadVoiceFile } from './vms-support';

// The voice template editor's generated paths, driven through the real console on /vms/new-template.
// A path through `error: saveTemplate` makes the gateway unreachable for CreateUVMSTemplate.

let audioName: Promise<string> | null = null;

/** One converted voice file of the demo account for this worker's paths. */
function demoVoiceFile(request: APIRequestContext): Promise<string> {
  audioName ??= (async () => {
    const name = `${unique('model-voice')}.mp3`;
    await uploadVoiceFile(request, await demoToken(request), name, await toneMp3());
    return name;
  })();
  return audioName;
}

let fileName = '';

async function fillValidForm(page: Page) {
  await page.getByLabel('Template name').fill(unique('vms-model'));
  await chooseAudio(page, fileName);
}

modelPathTests('vmsTemplateEditor', {
  machine: vmsTemplateEditorMachine,
  longestOnly: true,
  start: async (page: Page, path: PathInfo, request: APIRequestContext) => {
    fileName = await demoVoiceFile(request);
    if (path.steps.some((step) => step.label === 'error: saveTemplate')) await failAction(page, 'CreateUVMSTemplate');
    await signInDemo(page, '/vms/new-template');
  },
  drivers: {
    'field.change': (page) => page.getByLabel('Template name').fill(unique('vms-model')),
    'form.submit': (page) => page.getByRole('button', { name: 'Submit for review' }).click(),
    'form.submit [isFormValid]': async (page) => {
      await fillValidForm(page);
      await page.getByRole('button', { name: 'Submit for review' }).click();
    },
    'form.saveDraft': (page) => page.getByRole('button', { name: 'Save as draft' }).click(),
    'form.saveDraft [canSaveDraft]': async (page) => {
      await fillValidForm(page);
      await page.getByRole('button', { name: 'Save as draft' }).click();
    },
    'done: saveTemplate': 'auto',
    'error: saveTemplate': 'auto',
  },
  states: {
    editing: async (page) => expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible(),
    saved: async (page) => expect(page).toHaveURL(/\/vms\/template$/),
  },
});
