import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  validateVmsTemplate,
  vmsTemplateEditorMachine,
  type VmsTemplateEditorContext,
} from '../../src/machines/vms-template-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { VOICE_TEMPLATE_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

testModel(
  'vms-template-editor.machine',
  {
    machine: vmsTemplateEditorMachine,
    input: () => ({}),
    events: {
      'field.change': [
        { field: 'name', value: 'Welcome call' },
        { field: 'audioId', value: 'VA000001' },
      ],
      'xstate.done.actor.saveTemplate': [{ output: 'UV00000008' }],
      'xstate.error.actor.saveTemplate': [
        {
          error: new GatewayError('CreateUVMSTemplate', RetCode.ValidationError, 'Not ready', {
            Fields: [{ Field: 'AudioId', Key: 'validation:voiceAudioNotReady' }],
          }),
        },
      ],
    },
    serializeState: (s: { value: unknown; context: VmsTemplateEditorContext }) =>
      JSON.stringify([
        s.value,
        Boolean(s.context.name),
        Boolean(s.context.audioId),
        s.context.draft,
        Boolean(s.context.error),
      ]),
    states: {
      submitting: (s) => expect(validateVmsTemplate(s.context)).toEqual({}),
      saved: (s) => expect(s.context.savedId).toBe('UV00000008'),
    },
  },
  { requireAllStates: true },
);

describe('voice template editor rules', () => {
  it('names the missing name and voice file', () => {
    const actor = createActor(vmsTemplateEditorMachine, { input: {} }).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: 'validation:smsTemplateNameRequired',
      audioId: 'validation:voiceAudioRequired',
    });
  });

  it('keeps an approved template out of drafts, and starts from the template it edits', () => {
    const actor = createActor(vmsTemplateEditorMachine, {
      input: { templateId: 'UV0000001', status: VOICE_TEMPLATE_STATUS.AuditPass, name: 'Old', audioId: 'VA000001' },
    }).start();
    actor.send({ type: 'form.saveDraft' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.name).toBe('Old');
  });

  it("shows the server's refusal of the voice file under its field", async () => {
    const refusal = new GatewayError('CreateUVMSTemplate', RetCode.ValidationError, 'Not ready', {
      Fields: [{ Field: 'AudioId', Key: 'validation:voiceAudioNotReady' }],
    });
    const actor = createActor(
      vmsTemplateEditorMachine.provide({
        actors: { saveTemplate: fromPromise<string, never>(() => Promise.reject(refusal)) as never },
      }),
      { input: { name: 'Welcome', audioId: 'VA000001' } },
    ).start();
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.audioId).toBe('validation:voiceAudioNotReady');
  });
});
