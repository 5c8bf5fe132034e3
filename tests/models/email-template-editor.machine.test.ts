import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  emailTemplateEditorMachine,
  emailTemplateFieldsOf,
  validateEmailTemplate,
  type EmailTemplateEditorContext,
} from '../../src/machines/email-template-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const stored = {
  Id: 3,
  TemplateId: 'ET0000000003',
  TemplateName: 'welcome',
  Subject: 'Hello {{FirstName}}',
  PreviewText: '',
  Kind: 'batch' as const,
  EmailType: 3,
  Editor: 'dragDrop' as const,
  Design: '{"pages":[]}',
  Html: '<p>Hello</p>',
  Text: 'Hello',
  MergeTags: ['FirstName'],
  Status: 3,
  RejectReason: '',
  CreateTime: 1,
  UpdateTime: 1,
  ReviewTime: 2,
};

const events = {
  'field.change': [
    { field: 'name', value: 'welcome' },
    { field: 'subject', value: 'Hello {{FirstName}}' },
  ],
  'content.change': [{ design: '{}', html: '<p>Hi {{FirstName}}</p>' }],
  'content.load': [{ design: '{}', html: '<p>Footer</p>' }],
  'editor.choose': [{ editor: 'richText' }],
  'form.submit': [{ draft: false }],
  'xstate.done.actor.loadTemplate': [{ output: stored }],
  'xstate.done.actor.saveTemplate': [{ output: 'ET0000000004' }],
  'xstate.error.actor.saveTemplate': [
    { error: new GatewayError('CreateEmailTemplate', RetCode.ValidationError, 'Scripts are not allowed') },
  ],
};
const serializeState = (s: { value: unknown; context: EmailTemplateEditorContext }) =>
  JSON.stringify([
    s.value,
    Object.keys(validateEmailTemplate(s.context)).length === 0,
    s.context.dirty,
    Boolean(s.context.error),
    s.context.editor,
  ]);

testModel(
  'email-template-editor.machine, new template',
  {
    machine: emailTemplateEditorMachine,
    input: () => ({}),
    events,
    serializeState,
    states: {
      saving: (s) => expect(validateEmailTemplate(s.context)).toEqual({}),
      saved: (s) => expect(s.context.savedId).toBe('ET0000000004'),
      confirmingLeave: (s) => expect(s.context.dirty).toBe(true),
    },
  },
  { requireAllStates: false },
);

testModel(
  'email-template-editor.machine, edit a template',
  {
    machine: emailTemplateEditorMachine,
    input: () => ({ templateId: 'ET0000000003' }),
    events,
    serializeState,
    states: { saved: (s) => expect(s.context.savedId).toBe('ET0000000004') },
  },
  { requireAllStates: false },
);

testModel(
  'email-template-editor.machine, a one-off mail started from a kept draft',
  {
    machine: emailTemplateEditorMachine,
    input: () => ({
      fields: { name: 'Mail of 2026-11-27 03:10', subject: 'Hi', design: '{}', html: '<p>Kept</p>' },
      dirty: true,
    }),
    events,
    serializeState,
    states: { saved: (s) => expect(s.context.savedId).toBe('ET0000000004') },
  },
  { requireAllStates: false },
);

describe('e-mail template editor rules', () => {
  it('starts a new template from given fields: a named one-off mail, a kept draft that asks before leaving', () => {
    const named = createActor(emailTemplateEditorMachine, { input: { fields: { name: 'Mail of now' } } }).start();
    expect(named.getSnapshot().context).toMatchObject({ mode: 'create', name: 'Mail of now', kind: 'batch' });
    expect(named.getSnapshot().context.emailType).toBe(3);
    named.send({ type: 'leave.request' });
    expect(named.getSnapshot().value).toBe('left');

    const fields = { name: 'Mail of now', subject: 'Hi', previewText: 'p', design: '{"a":1}', html: '<p>x</p>' };
    const kept = createActor(emailTemplateEditorMachine, { input: { fields, dirty: true } }).start();
    expect(emailTemplateFieldsOf(kept.getSnapshot().context)).toEqual(fields);
    expect(validateEmailTemplate(kept.getSnapshot().context)).toEqual({});
    kept.send({ type: 'leave.request' });
    expect(kept.getSnapshot().value).toBe('confirmingLeave');
  });

  it('starts the other editor from its own default: a drag-and-drop design never reaches the rich-text editor', () => {
    const actor = createActor(emailTemplateEditorMachine, { input: {} }).start();
    actor.send({ type: 'content.load', design: '{"pages":[{}],"styles":[]}', html: '<p>grapes</p>' });
    actor.send({ type: 'editor.choose', editor: 'richText' });
    expect(actor.getSnapshot().context).toMatchObject({ editor: 'richText', design: '', html: '' });
    actor.send({ type: 'content.load', design: '{"type":"doc"}', html: '<p>rich</p>' });
    actor.send({ type: 'editor.choose', editor: 'richText' });
    expect(actor.getSnapshot().context.design).toBe('{"type":"doc"}');
  });

  it('shows the server refusal under its field and leaves without asking when nothing changed', async () => {
    const machine = emailTemplateEditorMachine.provide({
      actors: {
        saveTemplate: fromPromise(() =>
          Promise.reject(
            new GatewayError('CreateEmailTemplate', RetCode.ValidationError, 'Scripts are not allowed', {
              Fields: [{ Field: 'Html', Key: 'validation:emailScript' }],
            }),
          ),
        ),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'leave.request' });
    expect(actor.getSnapshot().value).toBe('left');

    const second = createActor(machine, { input: {} }).start();
    second.send({ type: 'field.change', field: 'name', value: 'n' });
    second.send({ type: 'field.change', field: 'subject', value: 's' });
    second.send({ type: 'content.change', design: '{}', html: '<p>x</p>' });
    second.send({ type: 'form.submit', draft: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second.getSnapshot().value).toBe('failed');
    expect(second.getSnapshot().context.fieldErrors.content).toBe('validation:emailScript');
    second.send({ type: 'leave.request' });
    expect(second.getSnapshot().value).toBe('confirmingLeave');
  });

  it('refuses a subject over 150 characters before any call', () => {
    const actor = createActor(emailTemplateEditorMachine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'name', value: 'n' });
    actor.send({ type: 'field.change', field: 'subject', value: 'x'.repeat(151) });
    actor.send({ type: 'content.change', design: '{}', html: '<p>x</p>' });
    actor.send({ type: 'form.submit', draft: false });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.fieldErrors.subject).toBe('validation:emailSubjectTooLong');
  });
});
