import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  mmsTemplateEditable,
  mmsTemplateEditorMachine,
  mmsTemplateFieldsOf,
  validateMmsTemplate,
  type MmsTemplateEditorContext,
  type MmsTemplateEditorInput,
} from '../../src/machines/mms-template-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TEMPLATE_STATUS } from '../../src/gateway/contract/sms-constants';
import { testModel } from './harness';

const image = (n: number) => ({ fileId: `F${n}`, name: `p${n}.png`, size: 1000, url: `/u/F${n}` });

testModel(
  'mms-template-editor.machine',
  {
    machine: mmsTemplateEditorMachine,
    input: () => ({ language: 'en' }),
    events: {
      'field.change': [
        { field: 'name', value: 'Spring' },
        { field: 'subject', value: 'Spring sale' },
      ],
      'variable.insert': [{ at: 0 }],
      'image.add': [{ image: image(1) }],
      'image.remove': [{ fileId: 'F1' }],
      'xstate.done.actor.saveTemplate': [{ output: 'UM00000008' }],
      'xstate.error.actor.saveTemplate': [
        {
          error: new GatewayError('CreateUMMSTemplate', RetCode.ValidationError, 'Image too large', {
            Fields: [{ Field: 'Images.0', Key: 'validation:mmsImageTooLarge' }],
          }),
        },
      ],
    },
    serializeState: (s: { value: unknown; context: MmsTemplateEditorContext }) =>
      JSON.stringify([
        s.value,
        Boolean(s.context.name),
        Boolean(s.context.subject),
        Object.keys(validateMmsTemplate(s.context)).length === 0,
        s.context.images.length,
        Boolean(s.context.error),
      ]),
    states: {
      submitting: (s) => expect(validateMmsTemplate(s.context)).toEqual({}),
      saved: (s) => expect(s.context.savedId).toBe('UM00000008'),
    },
  },
  { requireAllStates: true },
);

describe('mms template editor rules', () => {
  it('needs a text or an image, and takes at most five images', () => {
    const actor = createActor(mmsTemplateEditorMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'name', value: 'Spring' });
    actor.send({ type: 'field.change', field: 'subject', value: 'Spring sale' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ text: 'validation:mmsBodyRequired' });
    for (let n = 1; n <= 6; n++) actor.send({ type: 'image.add', image: image(n) });
    expect(actor.getSnapshot().context.images.map((i) => i.fileId)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5']);
    expect(actor.getSnapshot().context.fieldErrors.text).toBeUndefined();
  });

  it("shows the server's refusal of an image under the images field", async () => {
    const refusal = new GatewayError('CreateUMMSTemplate', RetCode.ValidationError, 'Too large', {
      Fields: [{ Field: 'Images.0', Key: 'validation:mmsImageTooLarge' }],
    });
    const actor = createActor(
      mmsTemplateEditorMachine.provide({
        actors: { saveTemplate: fromPromise<string, never>(() => Promise.reject(refusal)) as never },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'field.change', field: 'name', value: 'Spring' });
    actor.send({ type: 'field.change', field: 'subject', value: 'Spring sale' });
    actor.send({ type: 'image.add', image: image(1) });
    actor.send({ type: 'form.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.images).toBe('validation:mmsImageTooLarge');
  });

  it('inserts the next variable into the text, numbered after the subject', () => {
    const actor = createActor(mmsTemplateEditorMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'subject', value: 'Hi {{1}}' });
    actor.send({ type: 'field.change', field: 'text', value: 'Your code  is ready' });
    actor.send({ type: 'variable.insert', at: 10 });
    expect(actor.getSnapshot().context.text).toBe('Your code {{2}} is ready');
  });
});

describe('mms template editor, edit mode (/mms/update-template)', () => {
  const stored = {
    name: 'Spring',
    language: 'en' as const,
    subject: 'Spring sale',
    text: 'See the new collection',
    remark: '',
    images: [{ fileId: 'F1', name: 'p1.png', size: 1000, url: '' }],
  };
  /** The editor with its save recorded: the request it sends (with TemplateId: UpdateUMMSTemplate). */
  function recordingEditor(input: MmsTemplateEditorInput) {
    const requests: Record<string, unknown>[] = [];
    const saveTemplate = fromPromise<string, Record<string, unknown>>(async ({ input: request }) => {
      requests.push(request);
      return 'UM00000042';
    });
    const actor = createActor(mmsTemplateEditorMachine.provide({ actors: { saveTemplate } as never }), {
      input,
    }).start();
    return { actor, requests };
  }

  it('lets the template lifecycle decide which statuses open for editing', () => {
    expect(mmsTemplateEditable(SMS_TEMPLATE_STATUS.PendingReview)).toBe(true);
    expect(mmsTemplateEditable(SMS_TEMPLATE_STATUS.Passed)).toBe(true);
    expect(mmsTemplateEditable(SMS_TEMPLATE_STATUS.Rejected)).toBe(true);
    expect(mmsTemplateEditable(SMS_TEMPLATE_STATUS.InReview)).toBe(false);
    expect(mmsTemplateEditable(SMS_TEMPLATE_STATUS.Deleted)).toBe(false);
  });

  it('starts from the stored fields, unchanged, and saves them with the template id', async () => {
    const { actor, requests } = recordingEditor({ templateId: 'UM00000042', fields: stored });
    expect(mmsTemplateFieldsOf(actor.getSnapshot().context)).toEqual(stored);
    expect(actor.getSnapshot().context.dirty).toBe(false);
    actor.send({ type: 'field.change', field: 'subject', value: 'Summer sale' });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(requests).toEqual([
      {
        TemplateId: 'UM00000042',
        TemplateName: 'Spring',
        Language: 'en',
        Subject: 'Summer sale',
        Text: 'See the new collection',
        Images: ['F1'],
        Remark: '',
      },
    ]);
  });

  it('a new template is saved without a template id; a restored draft starts changed', async () => {
    const { actor, requests } = recordingEditor({ fields: stored, dirty: true });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'form.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'));
    expect(requests[0]).not.toHaveProperty('TemplateId');
  });
});
