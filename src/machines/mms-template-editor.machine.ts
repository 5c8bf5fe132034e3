import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { mmsActions } from '../gateway/contract/actions/mms';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { MMS_LIMITS } from '../gateway/contract/mms-content';
import type { SmsTemplateLanguage } from '../gateway/contract/sms-constants';
import { serverFieldErrors, smsFailureText as failureMessage } from '../gateway/client/failures';
import { smsTemplateLifecycle } from './lifecycles/sms-template.machine';
import { insertNextVariable } from './sms-template-editor.machine';

// The MMS template editor of /mms/new-template and /mms/update-template/{templateId}/{id} (issue 11
// item 4): name, language, a subject, a text and up to five images. Each image is uploaded by its own
// upload machine in the view; only a stored upload (its file id) is added here, so a refused file
// never reaches the template. Saving sends the template to review (the SMS template lifecycle): a new
// one by CreateUMMSTemplate, an edited one by UpdateUMMSTemplate. The server checks each image again.

export type MmsTemplateField = 'name' | 'language' | 'subject' | 'text' | 'remark';

export interface MmsEditorImage {
  fileId: string;
  name: string;
  size: number;
  /** The upload's address, for the preview. */
  url: string;
}

/** The fields a template starts from: an edited template's, or a draft kept over a reload. */
export interface MmsTemplateFields {
  name: string;
  language: SmsTemplateLanguage;
  subject: string;
  text: string;
  remark: string;
  images: MmsEditorImage[];
}

export interface MmsTemplateEditorInput {
  language?: SmsTemplateLanguage;
  /** Set when editing that template (update); a new template has none. */
  templateId?: string;
  fields?: MmsTemplateFields;
  /** The fields were changed before (a draft restored after a reload or Back). */
  dirty?: boolean;
}

export interface MmsTemplateEditorContext {
  templateId: string | null;
  /** Changed since the page opened the template (or restored from a kept draft). */
  dirty: boolean;
  name: string;
  language: SmsTemplateLanguage;
  subject: string;
  text: string;
  remark: string;
  images: MmsEditorImage[];
  fieldErrors: FieldErrors;
  error: string | null;
  savedId: string | null;
}

export type MmsTemplateEditorEvent =
  | { type: 'field.change'; field: MmsTemplateField; value: string }
  | { type: 'variable.insert'; at: number }
  | { type: 'image.add'; image: MmsEditorImage }
  | { type: 'image.remove'; fileId: string }
  | { type: 'form.submit' };

const schema = mmsActions.CreateUMMSTemplate.input;
type CreateInput = z.input<typeof schema>;
type SaveInput = CreateInput & { TemplateId?: string };
const FIELD_NAMES: Record<string, string> = {
  TemplateName: 'name',
  Language: 'language',
  Subject: 'subject',
  Text: 'text',
  Remark: 'remark',
  Images: 'images',
  ...Object.fromEntries(Array.from({ length: MMS_LIMITS.imagesMax }, (_, i) => [`Images.${i}`, 'images'])),
};

export function mmsTemplateRequest(context: MmsTemplateEditorContext): CreateInput {
  return {
    TemplateName: context.name,
    Language: context.language,
    Subject: context.subject,
    Text: context.text,
    Images: context.images.map((image) => image.fileId),
    Remark: context.remark,
  };
}

/** Whether the template lifecycle lets a template of this status be edited (UpdateUMMSTemplate). */
export const mmsTemplateEditable = (status: number): boolean => smsTemplateLifecycle.can(status, 'template.update');

/** The fields a draft keeps. */
export const mmsTemplateFieldsOf = (context: MmsTemplateEditorContext): MmsTemplateFields => ({
  name: context.name,
  language: context.language,
  subject: context.subject,
  text: context.text,
  remark: context.remark,
  images: context.images,
});

/** Inserts the next variable into the text at a caret; numbers run across subject and text. */
export function insertTextVariable(context: Pick<MmsTemplateEditorContext, 'subject' | 'text'>, at: number): string {
  const head = `${context.subject}\n`;
  const position = Math.max(0, Math.min(at, context.text.length));
  return insertNextVariable(head + context.text, head.length + position).slice(head.length);
}

/** The form's errors by field; "neither text nor image" is the text field's. */
export const validateMmsTemplate = (context: MmsTemplateEditorContext): FieldErrors =>
  fieldErrorsOf(schema, mmsTemplateRequest(context), FIELD_NAMES);

export const mmsTemplateEditorMachine = setup({
  types: {
    context: {} as MmsTemplateEditorContext,
    events: {} as MmsTemplateEditorEvent,
    input: {} as MmsTemplateEditorInput,
  },
  actors: {
    saveTemplate: fromPromise(async ({ input }: { input: SaveInput }) => {
      const { TemplateId, ...fields } = input;
      const saved = TemplateId
        ? await call('UpdateUMMSTemplate', { TemplateId, ...fields }, { silent: true })
        : await call('CreateUMMSTemplate', fields, { silent: true });
      return saved.TemplateId;
    }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateMmsTemplate(context)).length === 0,
    hasRoomForImage: ({ context }) => context.images.length < MMS_LIMITS.imagesMax,
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            [event.field]: event.value,
            dirty: true,
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          }
        : {},
    ),
    insertVariable: assign(({ context, event }) =>
      event.type === 'variable.insert'
        ? {
            text: insertTextVariable(context, event.at),
            dirty: true,
            fieldErrors: { ...context.fieldErrors, text: undefined },
          }
        : {},
    ),
    addImage: assign(({ context, event }) =>
      event.type === 'image.add'
        ? {
            images: [...context.images, event.image],
            dirty: true,
            fieldErrors: { ...context.fieldErrors, images: undefined, text: undefined },
          }
        : {},
    ),
    removeImage: assign(({ context, event }) =>
      event.type === 'image.remove'
        ? {
            images: context.images.filter((image) => image.fileId !== event.fileId),
            dirty: true,
            fieldErrors: { ...context.fieldErrors, images: undefined },
          }
        : {},
    ),
    showErrors: assign(({ context }) => ({ fieldErrors: validateMmsTemplate(context) })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
      fieldErrors: serverFieldErrors(params.error, FIELD_NAMES),
    })),
    storeSaved: assign((_, id: string) => ({ savedId: id })),
  },
}).createMachine({
  id: 'mmsTemplateEditor',
  context: ({ input }) => ({
    templateId: input.templateId ?? null,
    dirty: input.dirty ?? false,
    name: '',
    language: input.language ?? 'en',
    subject: '',
    text: '',
    remark: '',
    images: [],
    ...input.fields,
    fieldErrors: {},
    error: null,
    savedId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'variable.insert': { actions: 'insertVariable' },
        'image.add': { guard: 'hasRoomForImage', actions: 'addImage' },
        'image.remove': { actions: 'removeImage' },
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
          ...(context.templateId ? { TemplateId: context.templateId } : {}),
          ...mmsTemplateRequest(context),
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
