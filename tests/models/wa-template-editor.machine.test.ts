import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  waFormErrors,
  waTemplateEditorMachine,
  type WaTemplateEditorContext,
} from '../../src/machines/wa-template-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { WaTemplate } from '../../src/gateway/contract/actions/wa-templates';
import { testModel } from './harness';

const approved: WaTemplate = {
  TemplateId: 'WT00000007',
  Name: 'spring_sale',
  Language: 'en_US',
  Category: 'MARKETING',
  Type: 'Text',
  HeaderFormat: 'NONE',
  HeaderText: '',
  HeaderSample: '',
  HeaderMediaFileId: '',
  Body: 'Spring sale starts today in every shop',
  BodySamples: [],
  Footer: '',
  ButtonKind: 'NONE',
  Buttons: [],
  CodeExpiryMinutes: null,
  Status: 'APPROVED',
  RejectReason: '',
  OtherLanguages: [],
  WabaId: '',
  CreateTime: 1,
  UpdateTime: 1,
  ReviewTime: 2,
};

const events = {
  'field.change': [
    { field: 'Name', value: 'spring_sale' },
    { field: 'Body', value: 'Spring sale starts today in every shop' },
    { field: 'Category', value: 'UTILITY' },
  ],
  'xstate.done.actor.loadTemplate': [{ output: approved }],
  'xstate.done.actor.saveTemplate': [{ output: 'WT00000008' }],
  'xstate.error.actor.saveTemplate': [
    { error: new GatewayError('CreateWhatsAppTemplate', RetCode.WaTemplateExists, 'exists') },
  ],
};
const serializeState = (s: { value: unknown; context: WaTemplateEditorContext }) =>
  JSON.stringify([s.value, Object.keys(waFormErrors(s.context.form)).length === 0, Boolean(s.context.error)]);

testModel(
  'wa-template-editor.machine, new template',
  {
    machine: waTemplateEditorMachine,
    input: () => ({ mode: 'create' }),
    events,
    serializeState,
    states: {
      submitting: (s) => expect(waFormErrors(s.context.form)).toEqual({}),
      saved: (s) => expect(s.context.savedId).toBe('WT00000008'),
    },
  },
  { requireAllStates: false },
);

testModel('wa-template-editor.machine, edit a template', {
  machine: waTemplateEditorMachine,
  input: () => ({ mode: 'update', templateId: 'WT00000007' }),
  events,
  serializeState,
  states: { loadFailed: (s) => expect(s.context.error).toBeTruthy() },
});

describe('WhatsApp template editor', () => {
  it('shows the errors of touched fields as they are typed, all of them on submit', () => {
    const actor = createActor(waTemplateEditorMachine, { input: { mode: 'create' } }).start();
    actor.send({ type: 'field.change', field: 'Body', value: 'Your order number is ready {{1}}' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ Body: 'validation:waVariableEndsBody' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.Name).toBe('validation:nameRequired');
  });

  it('fills the fixed parts of an authentication template', () => {
    const actor = createActor(waTemplateEditorMachine, { input: { mode: 'create' } }).start();
    actor.send({ type: 'field.change', field: 'Name', value: 'login_code' });
    actor.send({ type: 'field.change', field: 'Category', value: 'AUTHENTICATION' });
    expect(waFormErrors(actor.getSnapshot().context.form)).toEqual({});
    actor.send({ type: 'field.change', field: 'CodeExpiryMinutes', value: 91 });
    expect(actor.getSnapshot().context.fieldErrors.CodeExpiryMinutes).toBe('validation:waCodeExpiry');
  });

  it('keeps the category of an approved template', async () => {
    const machine = waTemplateEditorMachine.provide({
      actors: { loadTemplate: fromPromise(async () => approved) },
    });
    const actor = createActor(machine, { input: { mode: 'update', templateId: 'WT00000007' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'field.change', field: 'Category', value: 'UTILITY' });
    expect(actor.getSnapshot().context.form.Category).toBe('MARKETING');
  });
});
