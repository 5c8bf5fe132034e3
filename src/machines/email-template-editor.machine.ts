import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { emailTemplateActions, type EmailTemplate } from '../gateway/contract/actions/email-templates';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { EMAIL_TYPE, type EmailEditorKind, type EmailTemplateKind } from '../gateway/contract/email/template-rules';
import { failureText, serverFieldErrors } from '../gateway/client/failures';

// The e-mail template editor of /email/new-template and /email/update-template/{templateId}/{id}:
// editing -> validating -> saving -> saved, or failed with the refusal under its field. The editor
// (drag-and-drop or rich text) reports its project and HTML with content.change. Leaving with
// unsaved changes asks first (leave.request -> confirmingLeave).

export type EmailTemplateField = 'name' | 'subject' | 'previewText' | 'kind' | 'emailType';

export interface EmailTemplateEditorContext {
  mode: 'create' | 'update';
  templateId: string | null;
  name: string;
  subject: string;
  previewText: string;
  kind: EmailTemplateKind;
  emailType: number;
  editor: EmailEditorKind;
  design: string;
  html: string;
  /** Saved as a draft rather than submitted to review. */
  draft: boolean;
  /** The loaded template's status (update), for the page to show. */
  status: number | null;
  rejectReason: string;
  dirty: boolean;
  fieldErrors: FieldErrors;
  error: string | null;
  savedId: string | null;
}

export type EmailTemplateEditorEvent =
  | { type: 'field.change'; field: EmailTemplateField; value: string }
  | { type: 'editor.choose'; editor: EmailEditorKind }
  | { type: 'content.change'; design: string; html: string }
  /** The editor's first rendering of a design (the default one, or the loaded one): not a change. */
  | { type: 'content.load'; design: string; html: string }
  | { type: 'form.submit'; draft: boolean }
  | { type: 'load.retry' }
  | { type: 'leave.request' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

/** The fields a new template may start from: a tab's kept draft, or the one-off mail's name. */
export type EmailTemplateStartFields = Partial<
  Pick<EmailTemplateEditorContext, 'name' | 'subject' | 'previewText' | 'design' | 'html'>
>;

export interface EmailTemplateEditorInput {
  templateId?: string;
  /** A new template's starting fields (/email/message/email-editor: its name and a kept draft). */
  fields?: EmailTemplateStartFields;
  /** The starting fields are unsaved work (a kept draft): leaving asks first. */
  dirty?: boolean;
}

/** The fields kept as a draft over a reload (template-draft.ts). */
export const emailTemplateFieldsOf = (context: EmailTemplateEditorContext): Required<EmailTemplateStartFields> => ({
  name: context.name,
  subject: context.subject,
  previewText: context.previewText,
  design: context.design,
  html: context.html,
});

const schema = emailTemplateActions.CreateEmailTemplate.input;
type Request = z.input<typeof schema>;

/** Contract field -> the editor's field the message shows under. */
export const EMAIL_TEMPLATE_FIELD_NAMES = {
  TemplateName: 'name',
  Subject: 'subject',
  PreviewText: 'previewText',
  Kind: 'kind',
  EmailType: 'emailType',
  Editor: 'content',
  Design: 'content',
  Html: 'content',
  TemplateId: 'content',
};

export function emailTemplateRequest(context: EmailTemplateEditorContext): Request {
  return {
    TemplateName: context.name,
    Subject: context.subject,
    PreviewText: context.previewText,
    Kind: context.kind,
    EmailType: context.emailType as Request['EmailType'],
    Editor: context.editor,
    Design: context.design,
    Html: context.html,
    Draft: context.draft,
  };
}

export const validateEmailTemplate = (context: EmailTemplateEditorContext): FieldErrors =>
  fieldErrorsOf(schema, emailTemplateRequest(context), EMAIL_TEMPLATE_FIELD_NAMES);

type SaveInput = { templateId: string | null; request: Request };

const editingEvents = {
  'field.change': { target: '#emailTemplateEditor.editing', actions: 'setField' },
  'content.change': { target: '#emailTemplateEditor.editing', actions: 'setContent' },
  'content.load': { actions: 'loadContent' },
  'form.submit': { target: '#emailTemplateEditor.validating', actions: 'setDraft' },
  'leave.request': [
    { guard: 'isDirty', target: '#emailTemplateEditor.confirmingLeave' },
    { target: '#emailTemplateEditor.left' },
  ],
} as const;

export const emailTemplateEditorMachine = setup({
  types: {
    context: {} as EmailTemplateEditorContext,
    events: {} as EmailTemplateEditorEvent,
    input: {} as EmailTemplateEditorInput,
  },
  actors: {
    loadTemplate: fromPromise(({ input }: { input: { templateId: string } }) =>
      call('GetEmailTemplate', { TemplateId: input.templateId }),
    ),
    saveTemplate: fromPromise(async ({ input }: { input: SaveInput }) => {
      const done = input.templateId
        ? await call('UpdateEmailTemplate', { ...input.request, TemplateId: input.templateId }, { silent: true })
        : await call('CreateEmailTemplate', input.request, { silent: true });
      return done.TemplateId;
    }),
  },
  guards: {
    needsTemplate: ({ context }) => context.templateId !== null,
    isValid: ({ context }) => Object.keys(validateEmailTemplate(context)).length === 0,
    isDirty: ({ context }) => context.dirty,
    canChooseEditor: ({ context }) => context.mode === 'create',
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.field === 'emailType' ? Number(event.value) : event.value;
      return { [event.field]: value, dirty: true, fieldErrors: { ...context.fieldErrors, [event.field]: undefined } };
    }),
    // Each editor keeps its design in its own format (GrapesJS project data, a TipTap document): another
    // editor starts from its own default, never from the other's design.
    setEditor: assign(({ context, event }) =>
      event.type === 'editor.choose' && event.editor !== context.editor
        ? { editor: event.editor, design: '', html: '' }
        : {},
    ),
    setContent: assign(({ context, event }) =>
      event.type === 'content.change'
        ? {
            design: event.design,
            html: event.html,
            dirty: true,
            fieldErrors: { ...context.fieldErrors, content: undefined },
          }
        : {},
    ),
    loadContent: assign(({ event }) =>
      event.type === 'content.load' ? { design: event.design, html: event.html } : {},
    ),
    setDraft: assign(({ event }) => (event.type === 'form.submit' ? { draft: event.draft } : {})),
    fillFrom: assign((_, template: EmailTemplate) => ({
      name: template.TemplateName,
      subject: template.Subject,
      previewText: template.PreviewText,
      kind: template.Kind,
      emailType: template.EmailType,
      editor: template.Editor,
      design: template.Design,
      html: template.Html,
      status: template.Status,
      rejectReason: template.RejectReason,
      dirty: false,
    })),
    showErrors: assign(({ context }) => ({ fieldErrors: validateEmailTemplate(context), error: null })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverFieldErrors(params.error, EMAIL_TEMPLATE_FIELD_NAMES),
    })),
    storeSaved: assign((_, id: string) => ({ savedId: id, dirty: false })),
  },
}).createMachine({
  id: 'emailTemplateEditor',
  context: ({ input }) => ({
    mode: input.templateId ? 'update' : 'create',
    templateId: input.templateId ?? null,
    name: '',
    subject: '',
    previewText: '',
    kind: 'batch',
    emailType: EMAIL_TYPE.Market,
    editor: 'dragDrop',
    design: '',
    html: '',
    draft: false,
    status: null,
    rejectReason: '',
    ...input.fields,
    dirty: input.dirty ?? false,
    fieldErrors: {},
    error: null,
    savedId: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'needsTemplate', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ templateId: context.templateId ?? '' }),
        onDone: { target: 'editing', actions: { type: 'fillFrom', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        ...editingEvents,
        'editor.choose': { guard: 'canChooseEditor', actions: 'setEditor' },
      },
    },
    validating: {
      always: [
        { guard: 'isValid', target: 'saving', actions: 'clearErrors' },
        { target: 'failed', actions: 'showErrors' },
      ],
    },
    saving: {
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }): SaveInput => ({
          templateId: context.templateId,
          request: emailTemplateRequest(context),
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: editingEvents },
    confirmingLeave: {
      on: { 'leave.confirm': 'left', 'leave.cancel': 'editing' },
    },
    saved: { type: 'final' },
    left: { type: 'final' },
  },
});
