import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  insertNextVariable,
  smsTemplateEditorMachine,
  validateTemplate,
  type TemplateEditorContext,
} from '../../src/machines/sms-template-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const rejected = {
  Id: 7,
  TemplateId: 'UT00000007',
  TemplateName: 'Promo',
  Purpose: 3,
  Language: 'en',
  Content: 'Big sale today for {{1}} only here',
  Remark: '',
  Status: 3,
  RejectReason: 'Marketing text needs an opt-out',
  VariableCount: 1,
  CreateTime: 1,
  UpdateTime: 1,
  ReviewTime: 2,
};

const events = {
  'field.change': [
    { field: 'name', value: 'Welcome' },
    { field: 'content', value: 'Welcome to Herald, your account is ready now' },
    { field: 'content', value: 'Hello {{1}}' },
  ],
  'purpose.change': [{ value: 2 }],
  'variable.insert': [{ at: 0 }],
  'xstate.done.actor.loadTemplate': [{ output: rejected }],
  'xstate.done.actor.saveTemplate': [{ output: 'UT00000008' }],
  'xstate.error.actor.saveTemplate': [
    { error: new GatewayError('CreateUSMSTemplate', RetCode.ValidationError, 'Content is not valid') },
  ],
};
const serializeState = (s: { value: unknown; context: TemplateEditorContext }) =>
  JSON.stringify([s.value, Object.keys(validateTemplate(s.context)).length === 0, Boolean(s.context.error)]);

testModel(
  'sms-template-editor.machine, new template',
  {
    machine: smsTemplateEditorMachine,
    input: () => ({ mode: 'create' }),
    events,
    serializeState,
    states: {
      submitting: (s) => expect(validateTemplate(s.context)).toEqual({}),
      saved: (s) => expect(s.context.savedId).toBe('UT00000008'),
    },
  },
  { requireAllStates: false },
);

testModel('sms-template-editor.machine, resubmit a rejected template', {
  machine: smsTemplateEditorMachine,
  input: () => ({ mode: 'recreate', templateId: 'UT00000007' }),
  events,
  serializeState,
  states: { loadFailed: (s) => expect(s.context.error).toBeTruthy() },
});

describe('template editor rules', () => {
  it('inserts the next variable number at the caret', () => {
    expect(insertNextVariable('Hi , code ', 3)).toBe('Hi {{1}}, code ');
    expect(insertNextVariable('Hi {{1}}, code ', 15)).toBe('Hi {{1}}, code {{2}}');
  });

  it('refuses a variable at the end and too few words', () => {
    const actor = createActor(smsTemplateEditorMachine, { input: { mode: 'create' } }).start();
    actor.send({ type: 'field.change', field: 'name', value: 'Code' });
    actor.send({ type: 'field.change', field: 'content', value: 'Your code {{1}}' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.content).toMatch(/^validation:/);
  });

  it('resubmits a rejected template as a new one that names its source', async () => {
    let sent: unknown;
    const machine = smsTemplateEditorMachine.provide({
      actors: {
        loadTemplate: fromPromise(async () => rejected),
        saveTemplate: fromPromise(async ({ input }) => {
          sent = input;
          return 'UT00000009';
        }),
      },
    });
    const actor = createActor(machine, { input: { mode: 'recreate', templateId: 'UT00000007' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.rejectReason).toBe(rejected.RejectReason);
    actor.send({
      type: 'field.change',
      field: 'content',
      value: 'Big sale today for {{1}} only here, reply STOP to opt out',
    });
    actor.send({ type: 'form.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('saved');
    expect(sent).toMatchObject({
      mode: 'recreate',
      request: { RecreateTemplateId: 'UT00000007', TemplateName: 'Promo', Purpose: 3 },
    });
  });
});
