import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { vmsTemplateActions } from '../gateway/contract/actions/vms-templates';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { VOICE_TEMPLATE_STATUS } from '../gateway/contract/statuses';
import { serverFieldErrors, smsFailureText as failureMessage } from '../gateway/client/failures';
import { voiceTemplateLifecycle } from './lifecycles/voice-template.machine';

// The voice template editor of /vms/new-template, /vms/new-template/{recreateTemplateId} (a new
// template filled from a rejected one) and /vms/update-template/{templateId}/{id} (an edit of that
// template): a name, a voice file whose WAV is made, a remark. Submitting sends it to review; saving
// a draft keeps it status 1 where the voice template lifecycle allows a draft.

export type VmsTemplateField = 'name' | 'audioId' | 'remark';

export interface VmsTemplateEditorInput {
  /** Set when editing that template; a recreated template is a new one (no id). */
  templateId?: string;
  /** The edited template's status (what the lifecycle allows from it). */
  status?: number;
  name?: string;
  audioId?: string;
  remark?: string;
}

export interface VmsTemplateEditorContext {
  templateId: string | null;
  status: number;
  name: string;
  audioId: string;
  remark: string;
  draft: boolean;
  fieldErrors: FieldErrors;
  error: string | null;
  savedId: string | null;
}

export type VmsTemplateEditorEvent =
  | { type: 'field.change'; field: VmsTemplateField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.saveDraft' };

const schema = vmsTemplateActions.CreateUVMSTemplate.input;
type SaveInput = z.input<typeof schema> & { TemplateId?: string };
const FIELD_NAMES: Record<string, string> = { TemplateName: 'name', AudioId: 'audioId', Remark: 'remark' };

export function vmsTemplateRequest(context: VmsTemplateEditorContext): SaveInput {
  return {
    ...(context.templateId ? { TemplateId: context.templateId } : {}),
    TemplateName: context.name,
    AudioId: context.audioId,
    Remark: context.remark,
    Submit: !context.draft,
  };
}

export function validateVmsTemplate(context: VmsTemplateEditorContext): FieldErrors {
  const { TemplateId: _editedId, ...fields } = vmsTemplateRequest(context);
  return fieldErrorsOf(schema, fields, FIELD_NAMES);
}

/** A new template may be a draft; an edited one only where its lifecycle allows (draft, rejected). */
export const vmsTemplateCanSaveDraft = (context: Pick<VmsTemplateEditorContext, 'status'>) =>
  voiceTemplateLifecycle.can(context.status, 'template.saveDraft');

export const vmsTemplateEditorMachine = setup({
  types: {
    context: {} as VmsTemplateEditorContext,
    events: {} as VmsTemplateEditorEvent,
    input: {} as VmsTemplateEditorInput,
  },
  actors: {
    saveTemplate: fromPromise(async ({ input }: { input: SaveInput }) => {
      const { TemplateId, ...fields } = input;
      const saved = TemplateId
        ? await call('UpdateUVMSTemplate', { TemplateId, ...fields }, { silent: true })
        : await call('CreateUVMSTemplate', fields, { silent: true });
      return saved.TemplateId;
    }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateVmsTemplate(context)).length === 0,
    canSaveDraft: ({ context }) =>
      vmsTemplateCanSaveDraft(context) && Object.keys(validateVmsTemplate(context)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } }
        : {},
    ),
    showErrors: assign(({ context }) => ({ fieldErrors: validateVmsTemplate(context) })),
    startSave: assign((_, draft: boolean) => ({ draft, fieldErrors: {}, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
      fieldErrors: serverFieldErrors(params.error, FIELD_NAMES),
    })),
    storeSaved: assign((_, id: string) => ({ savedId: id })),
  },
}).createMachine({
  id: 'vmsTemplateEditor',
  context: ({ input }) => ({
    templateId: input.templateId ?? null,
    status: input.status ?? VOICE_TEMPLATE_STATUS.Draft,
    name: input.name ?? '',
    audioId: input.audioId ?? '',
    remark: input.remark ?? '',
    draft: false,
    fieldErrors: {},
    error: null,
    savedId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: { type: 'startSave', params: false } },
          { actions: 'showErrors' },
        ],
        'form.saveDraft': [
          { guard: 'canSaveDraft', target: 'submitting', actions: { type: 'startSave', params: true } },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => vmsTemplateRequest(context),
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
