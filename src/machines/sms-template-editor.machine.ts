import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { smsTemplateActions, type SmsTemplate } from '../gateway/contract/actions/sms-templates';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { SMS_TEMPLATE_PURPOSE, type SmsTemplateLanguage } from '../gateway/contract/sms-constants';
import { templateVariables } from '../gateway/contract/sms-template';
import { serverFieldErrors, smsFailureText as failureMessage } from '../gateway/client/failures';

// The template editor of /sms/new-template, /sms/new-template/{recreateTemplateId} (edit a rejected
// template and submit it again as a new one) and /sms/update-template/{templateId}/{id}. Every save
// sends the template to review; the template lifecycle decides what the list offers afterwards.

export type TemplateEditorMode = 'create' | 'recreate' | 'update';
export type TemplateField = 'name' | 'language' | 'content' | 'remark';

export interface TemplateEditorContext {
  mode: TemplateEditorMode;
  /** The template being edited (update) or copied (recreate). */
  sourceId: string | null;
  name: string;
  purpose: number;
  language: SmsTemplateLanguage;
  content: string;
  remark: string;
  /** The review's reason when the source was rejected. */
  rejectReason: string;
  fieldErrors: FieldErrors;
  error: string | null;
  savedId: string | null;
}

export type TemplateEditorEvent =
  | { type: 'field.change'; field: TemplateField; value: string }
  | { type: 'purpose.change'; value: number }
  | { type: 'variable.insert'; at: number }
  | { type: 'load.retry' }
  | { type: 'form.submit' };

export interface TemplateEditorInput {
  mode: TemplateEditorMode;
  templateId?: string;
  language?: SmsTemplateLanguage;
}

const createSchema = smsTemplateActions.CreateUSMSTemplate.input;
const FIELD_NAMES = {
  TemplateName: 'name',
  Purpose: 'purpose',
  Language: 'language',
  Content: 'content',
  Remark: 'remark',
  RecreateTemplateId: 'content',
  TemplateId: 'content',
};

type SaveInput = { mode: TemplateEditorMode; request: z.input<typeof createSchema> & { TemplateId?: string } };

export function templateRequest(context: TemplateEditorContext): z.input<typeof createSchema> {
  return {
    TemplateName: context.name,
    Purpose: context.purpose as z.input<typeof createSchema>['Purpose'],
    Language: context.language,
    Content: context.content,
    Remark: context.remark,
    ...(context.mode === 'recreate' && context.sourceId ? { RecreateTemplateId: context.sourceId } : {}),
  };
}

export function validateTemplate(context: TemplateEditorContext): FieldErrors {
  return fieldErrorsOf(createSchema, templateRequest(context), FIELD_NAMES);
}

/** Inserts the next variable ({{n+1}} after the highest so far) at a caret position. */
export function insertNextVariable(content: string, at: number): string {
  const next = Math.max(0, ...templateVariables(content)) + 1;
  const position = Math.max(0, Math.min(at, content.length));
  return `${content.slice(0, position)}{{${next}}}${content.slice(position)}`;
}

export const smsTemplateEditorMachine = setup({
  types: {
    context: {} as TemplateEditorContext,
    events: {} as TemplateEditorEvent,
    input: {} as TemplateEditorInput,
  },
  actors: {
    loadTemplate: fromPromise(({ input }: { input: { templateId: string } }) =>
      call('GetUSMSTemplate', { TemplateId: input.templateId }),
    ),
    saveTemplate: fromPromise(async ({ input }: { input: SaveInput }) => {
      if (input.mode === 'update') {
        const { RecreateTemplateId: _unused, ...fields } = input.request as typeof input.request & {
          RecreateTemplateId?: string;
        };
        const done = await call(
          'UpdateUSMSTemplate',
          { ...fields, TemplateId: input.request.TemplateId ?? '' },
          { silent: true },
        );
        return done.TemplateId;
      }
      return (await call('CreateUSMSTemplate', input.request, { silent: true })).TemplateId;
    }),
  },
  guards: {
    needsSource: ({ context }) => context.mode !== 'create' && context.sourceId !== null,
    isFormValid: ({ context }) => Object.keys(validateTemplate(context)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } }
        : {},
    ),
    setPurpose: assign(({ event }) => (event.type === 'purpose.change' ? { purpose: event.value } : {})),
    insertVariable: assign(({ context, event }) =>
      event.type === 'variable.insert'
        ? {
            content: insertNextVariable(context.content, event.at),
            fieldErrors: { ...context.fieldErrors, content: undefined },
          }
        : {},
    ),
    fillFrom: assign((_, template: SmsTemplate) => ({
      name: template.TemplateName,
      purpose: template.Purpose,
      language: template.Language as SmsTemplateLanguage,
      content: template.Content,
      remark: template.Remark,
      rejectReason: template.RejectReason,
    })),
    showErrors: assign(({ context }) => ({ fieldErrors: validateTemplate(context) })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
      fieldErrors: serverFieldErrors(params.error, FIELD_NAMES),
    })),
    storeSaved: assign((_, id: string) => ({ savedId: id })),
  },
}).createMachine({
  id: 'smsTemplateEditor',
  context: ({ input }) => ({
    mode: input.mode,
    sourceId: input.templateId ?? null,
    name: '',
    purpose: SMS_TEMPLATE_PURPOSE.Notification,
    language: input.language ?? 'en',
    content: '',
    remark: '',
    rejectReason: '',
    fieldErrors: {},
    error: null,
    savedId: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'needsSource', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ templateId: context.sourceId ?? '' }),
        onDone: { target: 'editing', actions: { type: 'fillFrom', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading' } } },
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'purpose.change': { actions: 'setPurpose' },
        'variable.insert': { actions: 'insertVariable' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }): SaveInput => ({
          mode: context.mode,
          request: {
            ...templateRequest(context),
            ...(context.mode === 'update' ? { TemplateId: context.sourceId ?? '' } : {}),
          },
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
});
