import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText, retCodeOf } from '../gateway/client/failures';
import type { WaTemplate } from '../gateway/contract/actions/wa-templates';
import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import {
  waTemplateProblems,
  waVariables,
  WA_AUTH_BODY,
  WA_NAME_PATTERN,
  WA_TEMPLATE_LIMITS,
  type WaButton,
  type WaTemplateContent,
  type WaTemplateLanguage,
} from '../gateway/contract/wa-templates';
import { waTemplateLifecycle } from './lifecycles/wa-template.machine';
import type { FieldErrors } from '../gateway/contract/field-errors';
import { GatewayError } from '../gateway/client/call';
import { RetCode } from '../gateway/contract/retcodes';

// The editor of /whatsapp/new-template and /whatsapp/update-template/{templateName}/{templateId}/{account}/
// {phone} (issue 15 item 3). Each field is checked by the shared rules as it is typed (errors show for the
// fields the user touched; all of them on submit); submitting sends the template to the platform's review.
// Editing an approved template keeps its category (the lifecycle's `template.edit` guard).

export type WaEditorMode = 'create' | 'update';
export type WaScalarField = Exclude<keyof WaTemplateForm, 'BodySamples' | 'Buttons'>;

export interface WaTemplateForm extends WaTemplateContent {
  Name: string;
  Language: WaTemplateLanguage;
}

export interface WaTemplateEditorContext {
  mode: WaEditorMode;
  templateId: string | null;
  form: WaTemplateForm;
  /** The stored status and category (update): what the lifecycle allows to change. */
  status: string | null;
  originalCategory: string | null;
  rejectReason: string;
  touched: string[];
  fieldErrors: FieldErrors;
  error: string | null;
  idempotencyKey: string;
  savedId: string | null;
}

export type WaTemplateEditorEvent =
  | { type: 'field.change'; field: WaScalarField; value: string | number | null }
  | { type: 'sample.change'; index: number; value: string }
  | { type: 'button.add' }
  | { type: 'button.remove'; index: number }
  | { type: 'button.change'; index: number; field: keyof WaButton; value: string }
  | { type: 'variable.insert' }
  | { type: 'load.retry' }
  | { type: 'form.submit' };

export interface WaTemplateEditorInput {
  mode: WaEditorMode;
  templateId?: string;
}

export const emptyWaTemplateForm = (): WaTemplateForm => ({
  Name: '',
  Language: 'en_US',
  Category: 'MARKETING',
  Type: 'Text',
  HeaderFormat: 'NONE',
  HeaderText: '',
  HeaderSample: '',
  HeaderMediaFileId: '',
  Body: '',
  BodySamples: [],
  Footer: '',
  ButtonKind: 'NONE',
  Buttons: [],
  CodeExpiryMinutes: null,
});

const newButton = (kind: string, existing: WaButton[]): WaButton => {
  if (kind === 'COPY_CODE') return { Type: 'COPY_CODE', Text: 'Copy code', Url: '', Phone: '' };
  if (kind === 'QUICK_REPLY') return { Type: 'QUICK_REPLY', Text: '', Url: '', Phone: '' };
  const hasUrl = existing.some((b) => b.Type === 'URL');
  return { Type: hasUrl ? 'PHONE_NUMBER' : 'URL', Text: '', Url: '', Phone: '' };
};

/** A field's error key by its path (`Buttons.0.Url`), for every problem of the form. */
export function waFormErrors(form: WaTemplateForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.Name.trim()) errors.Name = 'validation:nameRequired';
  else if (form.Name.length > WA_TEMPLATE_LIMITS.nameMax) errors.Name = 'validation:waNameTooLong';
  else if (!WA_NAME_PATTERN.test(form.Name)) errors.Name = 'validation:waNameFormat';
  for (const problem of waTemplateProblems(form)) errors[problem.path.join('.')] ??= problem.key;
  return errors;
}

/** Errors of the touched fields only (a path counts as touched when its first part was). */
function visibleErrors(form: WaTemplateForm, touched: string[]): FieldErrors {
  const all = waFormErrors(form);
  return Object.fromEntries(Object.entries(all).filter(([path]) => touched.includes(path.split('.')[0])));
}

/** The form after a field changes, with what the change implies (authentication's fixed parts). */
function changed(form: WaTemplateForm, field: WaScalarField, value: string | number | null): WaTemplateForm {
  const next = { ...form, [field]: value } as WaTemplateForm;
  if (field === 'Category' && value === 'AUTHENTICATION')
    return {
      ...next,
      Type: 'Text',
      HeaderFormat: 'NONE',
      Body: WA_AUTH_BODY,
      BodySamples: ['123456'],
      ButtonKind: 'COPY_CODE',
      Buttons: [newButton('COPY_CODE', [])],
      CodeExpiryMinutes: 10,
    };
  if (field === 'Category' && form.Category === 'AUTHENTICATION')
    return { ...next, Body: '', BodySamples: [], ButtonKind: 'NONE', Buttons: [], CodeExpiryMinutes: null };
  if (field === 'ButtonKind') return { ...next, Buttons: value === 'NONE' ? [] : [newButton(String(value), [])] };
  if (field === 'Type') return { ...next, HeaderFormat: value === 'Media' ? 'IMAGE' : 'NONE', HeaderMediaFileId: '' };
  if (field === 'HeaderFormat' && value !== form.HeaderFormat) return { ...next, HeaderMediaFileId: '' };
  return next;
}

/** What the Actions take: the form with one sample per body variable. */
export function waTemplateRequest(form: WaTemplateForm) {
  const count = new Set(waVariables(form.Body)).size;
  return { ...form, BodySamples: Array.from({ length: count }, (_, i) => form.BodySamples[i] ?? '') };
}

type SaveInput = { mode: WaEditorMode; templateId: string | null; form: WaTemplateForm; idempotencyKey: string };

function serverErrors(error: unknown): FieldErrors {
  if (!(error instanceof GatewayError)) return {};
  const fields = (error.data as { Fields?: { Field?: unknown; Key?: unknown }[] } | undefined)?.Fields ?? [];
  const errors: FieldErrors = {};
  for (const { Field, Key } of fields) if (typeof Field === 'string' && typeof Key === 'string') errors[Field] ??= Key;
  if (retCodeOf(error) === RetCode.WaTemplateExists) errors.Name ??= 'errors:WaTemplateExists';
  return errors;
}

export const waTemplateEditorMachine = setup({
  types: {
    context: {} as WaTemplateEditorContext,
    events: {} as WaTemplateEditorEvent,
    input: {} as WaTemplateEditorInput,
  },
  actors: {
    loadTemplate: fromPromise(({ input }: { input: { templateId: string } }) =>
      call('GetWhatsAppTemplate', { TemplateId: input.templateId }),
    ),
    saveTemplate: fromPromise(async ({ input }: { input: SaveInput }) => {
      const { Name: _name, Language: _language, ...content } = waTemplateRequest(input.form);
      if (input.mode === 'update')
        return (
          await call('UpdateWhatsAppTemplate', { ...content, TemplateId: input.templateId ?? '' }, { silent: true })
        ).TemplateId;
      return (
        await call(
          'CreateWhatsAppTemplate',
          { ...waTemplateRequest(input.form), IdempotencyKey: input.idempotencyKey },
          { silent: true },
        )
      ).TemplateId;
    }),
  },
  guards: {
    needsTemplate: ({ context }) => context.mode === 'update' && context.templateId !== null,
    isFormValid: ({ context }) => Object.keys(waFormErrors(context.form)).length === 0,
    mayChangeCategory: ({ context, event }) =>
      event.type !== 'field.change' ||
      event.field !== 'Category' ||
      context.status === null ||
      waTemplateLifecycle.can(context.status, {
        type: 'template.edit',
        categoryChanged: event.value !== context.originalCategory,
      }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const form = changed(context.form, event.field, event.value);
      const touched = [...new Set([...context.touched, event.field])];
      return { form, touched, fieldErrors: visibleErrors(form, touched) };
    }),
    changeSample: assign(({ context, event }) => {
      if (event.type !== 'sample.change') return {};
      const samples = [...context.form.BodySamples];
      samples[event.index] = event.value;
      const form = { ...context.form, BodySamples: samples };
      const touched = [...new Set([...context.touched, 'BodySamples'])];
      return { form, touched, fieldErrors: visibleErrors(form, touched) };
    }),
    addButton: assign(({ context }) => {
      const form = {
        ...context.form,
        Buttons: [...context.form.Buttons, newButton(context.form.ButtonKind, context.form.Buttons)],
      };
      return { form, fieldErrors: visibleErrors(form, context.touched) };
    }),
    removeButton: assign(({ context, event }) => {
      if (event.type !== 'button.remove') return {};
      const form = { ...context.form, Buttons: context.form.Buttons.filter((_, i) => i !== event.index) };
      return { form, fieldErrors: visibleErrors(form, context.touched) };
    }),
    changeButton: assign(({ context, event }) => {
      if (event.type !== 'button.change') return {};
      const Buttons = context.form.Buttons.map((b, i) =>
        i === event.index ? { ...b, [event.field]: event.value } : b,
      );
      const form = { ...context.form, Buttons };
      const touched = [...new Set([...context.touched, 'Buttons'])];
      return { form, touched, fieldErrors: visibleErrors(form, touched) };
    }),
    insertVariable: assign(({ context }) => {
      const next = Math.max(0, ...waVariables(context.form.Body)) + 1;
      const form = { ...context.form, Body: `${context.form.Body.trimEnd()} {{${next}}} ` };
      const touched = [...new Set([...context.touched, 'Body'])];
      return { form, touched, fieldErrors: visibleErrors(form, touched) };
    }),
    fillFrom: assign((_, template: WaTemplate) => ({
      form: {
        Name: template.Name,
        Language: template.Language as WaTemplateLanguage,
        Category: template.Category,
        Type: template.Type,
        HeaderFormat: template.HeaderFormat,
        HeaderText: template.HeaderText,
        HeaderSample: template.HeaderSample,
        HeaderMediaFileId: template.HeaderMediaFileId,
        Body: template.Body,
        BodySamples: template.BodySamples,
        Footer: template.Footer,
        ButtonKind: template.ButtonKind,
        Buttons: template.Buttons,
        CodeExpiryMinutes: template.CodeExpiryMinutes,
      },
      status: template.Status,
      originalCategory: template.Category,
      rejectReason: template.RejectReason,
    })),
    showAllErrors: assign(({ context }) => ({
      fieldErrors: waFormErrors(context.form),
      touched: Object.keys(emptyWaTemplateForm()),
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverErrors(params.error),
    })),
    storeSaved: assign((_, id: string) => ({ savedId: id })),
  },
}).createMachine({
  id: 'waTemplateEditor',
  context: ({ input }) => ({
    mode: input.mode,
    templateId: input.templateId ?? null,
    form: emptyWaTemplateForm(),
    status: null,
    originalCategory: null,
    rejectReason: '',
    touched: [],
    fieldErrors: {},
    error: null,
    idempotencyKey: newIdempotencyKey().replace(/[^A-Za-z0-9_-]/g, ''),
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
    loadFailed: { on: { 'load.retry': { target: 'loading' } } },
    editing: {
      on: {
        'field.change': { guard: 'mayChangeCategory', actions: 'changeField' },
        'sample.change': { actions: 'changeSample' },
        'button.add': { actions: 'addButton' },
        'button.remove': { actions: 'removeButton' },
        'button.change': { actions: 'changeButton' },
        'variable.insert': { actions: 'insertVariable' },
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showAllErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }): SaveInput => ({
          mode: context.mode,
          templateId: context.templateId,
          form: context.form,
          idempotencyKey: context.idempotencyKey,
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
