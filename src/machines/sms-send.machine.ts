import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { smsSendActions } from '../gateway/contract/actions/sms-send';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import {
  checkRecipientFile,
  firstRecipientLine,
  pastedRecipients,
  RecipientFileProblem,
  recipientPhones,
  recipientRows,
  type RecipientFileError,
  type RecipientList,
} from '../workers/sms-recipients';
import { parseRecipientFileInWorker } from '../workers/sms-recipients-worker-client';
import { retCodeOf as failureCode, smsFailureText as failureMessage } from '../gateway/client/failures';

// The send wizard of /sms/sending (spec 001 §3, §5): compose, validate, preview, confirm,
// submitting, submitted or failed. Trial accounts never compose: they are sent to /experience.

type AddInput = z.input<typeof smsSendActions.AddUSMSSendTask.input>;
type AddData = z.output<typeof smsSendActions.AddUSMSSendTask.data>;
type PreviewInput = z.input<typeof smsSendActions.GetUSMSPreviewSmsContent.input>;
export type SendPreview = z.output<typeof smsSendActions.GetUSMSPreviewSmsContent.data>;

export type SendField =
  'taskName' | 'countryCode' | 'senderId' | 'projectId' | 'sendType' | 'scheduledTime' | 'timeZone';
export type RecipientSource = 'paste' | 'file';

export interface SendTemplate {
  TemplateId: string;
  TemplateName: string;
  Content: string;
  VariableCount: number;
}

export interface SendForm {
  taskName: string;
  countryCode: string;
  senderId: string;
  projectId: string;
  sendType: 'immediate' | 'scheduled';
  /** Local time in timeZone, "YYYY-MM-DD HH:mm". */
  scheduledTime: string;
  timeZone: string;
  tags: string[];
}

export interface SendContext {
  trial: boolean;
  form: SendForm;
  template: SendTemplate | null;
  source: RecipientSource;
  pasteText: string;
  file: { name: string; size: number } | null;
  fileList: RecipientList | null;
  parseProgress: number;
  fileError: RecipientFileError | null;
  /** i18n keys by form field (taskName, template, recipients, …) */
  fieldErrors: FieldErrors;
  preview: SendPreview | null;
  result: AddData | null;
  /** Server message or i18n key of the last failure. */
  error: string | null;
  /** Its RetCode, so the view can offer the way out (add funds, raise a limit). */
  errorCode: number | null;
}

export type SendEvent =
  | { type: 'field.change'; field: SendField; value: string }
  | { type: 'template.select'; template: SendTemplate }
  | { type: 'tags.set'; tags: string[] }
  | { type: 'source.set'; source: RecipientSource }
  | { type: 'paste.change'; text: string }
  | { type: 'file.select'; file: File }
  | { type: 'file.progress'; ratio: number }
  | { type: 'file.parsed'; list: RecipientList }
  | { type: 'file.failed'; code: RecipientFileError }
  | { type: 'file.clear' }
  | { type: 'form.submit' }
  | { type: 'preview.back' }
  | { type: 'preview.retry' }
  | { type: 'preview.confirm' }
  | { type: 'confirm.submit' }
  | { type: 'confirm.cancel' }
  | { type: 'failed.retry' }
  | { type: 'failed.edit' }
  | { type: 'wizard.restart' };

export interface SendInput {
  trial: boolean;
  /** A template to start from (?templateId= from the template list). */
  template?: SendTemplate;
  timeZone?: string;
  countryCode?: string;
}

const schema = smsSendActions.AddUSMSSendTask.input;
const FIELD_NAMES: Record<string, string> = {
  TaskName: 'taskName',
  TemplateId: 'template',
  CountryCode: 'countryCode',
  SenderId: 'senderId',
  Tags: 'tags',
  ProjectId: 'projectId',
  SendType: 'sendType',
  ScheduledTime: 'scheduledTime',
  TimeZone: 'timeZone',
  Phones: 'recipients',
  Rows: 'recipients',
};

function emptyForm(input: SendInput): SendForm {
  return {
    taskName: '',
    countryCode: input.countryCode ?? '',
    senderId: '',
    projectId: 'default',
    sendType: 'immediate',
    scheduledTime: '',
    timeZone: input.timeZone ?? 'UTC',
    tags: [],
  };
}

function initialContext(input: SendInput): SendContext {
  return {
    trial: input.trial,
    form: emptyForm(input),
    template: input.template ?? null,
    source: 'paste',
    pasteText: '',
    file: null,
    fileList: null,
    parseProgress: 0,
    fileError: null,
    fieldErrors: {},
    preview: null,
    result: null,
    error: null,
    errorCode: null,
  };
}

/** The recipients as they stand: the pasted list or the parsed file. */
export function currentRecipients(
  context: Pick<SendContext, 'source' | 'pasteText' | 'fileList'>,
): RecipientList | null {
  if (context.source === 'paste') return context.pasteText.trim() ? pastedRecipients(context.pasteText) : null;
  return context.fileList;
}

/** The AddUSMSSendTask request; a template with variables takes rows with its values. */
export function sendRequest(context: SendContext): AddInput {
  const { form, template } = context;
  const list = currentRecipients(context);
  const variables = template?.VariableCount ?? 0;
  const scheduled = form.sendType === 'scheduled';
  return {
    TaskName: form.taskName,
    TemplateId: template?.TemplateId ?? '',
    CountryCode: form.countryCode,
    SenderId: form.senderId.trim() ? form.senderId.trim() : undefined,
    Tags: form.tags,
    ProjectId: form.projectId,
    SendType: form.sendType,
    ScheduledTime: scheduled && form.scheduledTime ? form.scheduledTime.replace('T', ' ') : undefined,
    TimeZone: scheduled ? form.timeZone : undefined,
    ...(variables > 0
      ? { Rows: list ? recipientRows(list, variables) : [] }
      : { Phones: list ? recipientPhones(list) : [] }),
  };
}

/** Rules the schema alone cannot see: manual import and variable columns (spec 001 §5). */
function recipientError(context: SendContext): string | undefined {
  const variables = context.template?.VariableCount ?? 0;
  const list = currentRecipients(context);
  if (variables > 0 && context.source === 'paste') return 'sms:send.errors.manualImportRefused';
  if (!list || list.count === 0) return 'sms:send.errors.recipientsRequired';
  if (variables > 0 && list.columns < variables + 1) return 'sms:send.errors.variableColumnsMissing';
  return undefined;
}

export function validateSend(context: SendContext): FieldErrors {
  const errors = fieldErrorsOf(schema, sendRequest(context), FIELD_NAMES);
  if (!context.template) errors.template = 'sms:send.errors.templateRequired';
  const recipients = recipientError(context);
  if (recipients) errors.recipients = recipients;
  else if (errors.recipients === 'validation:recipientsRequired') delete errors.recipients;
  for (const key of Object.keys(errors)) if (!errors[key]) delete errors[key];
  return errors;
}

export const smsSendMachine = setup({
  types: {
    context: {} as SendContext,
    events: {} as SendEvent,
    input: {} as SendInput,
  },
  actors: {
    parseFile: fromCallback<SendEvent, { file: File | null }>(({ input, sendBack }) => {
      const abort = new AbortController();
      if (!input.file) return () => undefined;
      parseRecipientFileInWorker(input.file, (ratio) => sendBack({ type: 'file.progress', ratio }), abort.signal).then(
        (list) => sendBack({ type: 'file.parsed', list }),
        (error: unknown) => {
          if (!abort.signal.aborted)
            sendBack({
              type: 'file.failed',
              code: error instanceof RecipientFileProblem ? error.code : 'fileParseFailed',
            });
        },
      );
      return () => abort.abort();
    }),
    loadPreview: fromPromise(({ input }: { input: PreviewInput }) =>
      call('GetUSMSPreviewSmsContent', input, { silent: true }),
    ),
    submitTask: fromPromise(({ input }: { input: AddInput }) =>
      call('AddUSMSSendTask', input, { silent: true, timeoutMs: 120_000 }),
    ),
  },
  guards: {
    isTrial: ({ context }) => context.trial,
    isFormValid: ({ context }) => Object.keys(validateSend(context)).length === 0,
    isFileAcceptable: ({ event }) => event.type === 'file.select' && checkRecipientFile(event.file) === null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return {
        form: { ...context.form, [event.field]: event.value },
        fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
      };
    }),
    setTemplate: assign(({ context, event }) =>
      event.type === 'template.select'
        ? {
            template: event.template,
            fieldErrors: { ...context.fieldErrors, template: undefined, recipients: undefined },
          }
        : {},
    ),
    setTags: assign(({ context, event }) =>
      event.type === 'tags.set' ? { form: { ...context.form, tags: event.tags } } : {},
    ),
    setSource: assign(({ context, event }) =>
      event.type === 'source.set'
        ? { source: event.source, fieldErrors: { ...context.fieldErrors, recipients: undefined } }
        : {},
    ),
    setPaste: assign(({ context, event }) =>
      event.type === 'paste.change'
        ? { pasteText: event.text, fieldErrors: { ...context.fieldErrors, recipients: undefined } }
        : {},
    ),
    startFile: assign(({ context, event }) =>
      event.type === 'file.select'
        ? {
            file: { name: event.file.name, size: event.file.size },
            fileList: null,
            parseProgress: 0,
            fileError: null,
            fieldErrors: { ...context.fieldErrors, recipients: undefined },
          }
        : {},
    ),
    rejectFile: assign(({ event }) =>
      event.type === 'file.select'
        ? {
            file: { name: event.file.name, size: event.file.size },
            fileList: null,
            fileError: checkRecipientFile(event.file),
          }
        : {},
    ),
    setProgress: assign(({ event }) => (event.type === 'file.progress' ? { parseProgress: event.ratio } : {})),
    storeFileList: assign(({ event }) =>
      event.type === 'file.parsed' ? { fileList: event.list, parseProgress: 1 } : {},
    ),
    storeFileError: assign(({ event }) =>
      event.type === 'file.failed' ? { fileError: event.code, fileList: null } : {},
    ),
    clearFile: assign({ file: null, fileList: null, parseProgress: 0, fileError: null }),
    showErrors: assign(({ context }) => ({ fieldErrors: validateSend(context) })),
    clearErrors: assign({ fieldErrors: {}, error: null, errorCode: null }),
    storePreview: assign((_, preview: SendPreview) => ({ preview })),
    storeResult: assign((_, result: AddData) => ({ result })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
      errorCode: failureCode(params.error) ?? null,
    })),
    reset: assign(({ context }) => ({
      ...initialContext({
        trial: context.trial,
        timeZone: context.form.timeZone,
        countryCode: context.form.countryCode,
      }),
    })),
  },
}).createMachine({
  id: 'smsSend',
  context: ({ input }) => initialContext(input),
  initial: 'gate',
  states: {
    gate: {
      always: [{ guard: 'isTrial', target: 'trialOnly' }, { target: 'compose' }],
    },
    /** Trial accounts send free test messages from /experience only (spec 001 §1). */
    trialOnly: { type: 'final' },
    compose: {
      initial: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'template.select': { actions: 'setTemplate' },
        'tags.set': { actions: 'setTags' },
        'source.set': { actions: 'setSource' },
        'paste.change': { actions: 'setPaste' },
      },
      states: {
        editing: {
          on: {
            'file.select': [
              { guard: 'isFileAcceptable', target: 'parsingFile', actions: 'startFile' },
              { actions: 'rejectFile' },
            ],
            'file.clear': { actions: 'clearFile' },
            'form.submit': { target: '#smsSend.validating' },
          },
        },
        parsingFile: {
          invoke: {
            id: 'parseFile',
            src: 'parseFile',
            input: ({ event }) => ({ file: event.type === 'file.select' ? event.file : null }),
          },
          on: {
            'file.progress': { actions: 'setProgress' },
            'file.parsed': { target: 'editing', actions: 'storeFileList' },
            'file.failed': { target: 'editing', actions: 'storeFileError' },
            'file.clear': { target: 'editing', actions: 'clearFile' },
          },
        },
      },
    },
    validating: {
      always: [
        { guard: 'isFormValid', target: 'preview', actions: 'clearErrors' },
        { target: 'compose', actions: 'showErrors' },
      ],
    },
    preview: {
      initial: 'loading',
      on: { 'preview.back': { target: 'compose' } },
      states: {
        loading: {
          invoke: {
            id: 'loadPreview',
            src: 'loadPreview',
            input: ({ context }): PreviewInput => {
              const list = currentRecipients(context);
              const firstRow =
                list && context.template?.VariableCount
                  ? recipientRows({ text: firstRecipientLine(list) }, context.template.VariableCount)[0].slice(1)
                  : [];
              return {
                TemplateId: context.template?.TemplateId ?? '',
                CountryCode: context.form.countryCode,
                Params: firstRow,
                RecipientCount: list ? list.count - list.invalid - list.duplicates : 0,
              };
            },
            onDone: { target: 'ready', actions: { type: 'storePreview', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: { on: { 'preview.confirm': { target: '#smsSend.confirm' } } },
        failed: { on: { 'preview.retry': { target: 'loading' } } },
      },
    },
    /** The last look: how many, what it costs, when; nothing is sent before confirm.submit. */
    confirm: {
      on: {
        'confirm.submit': { target: 'submitting' },
        'confirm.cancel': { target: '#smsSend.preview.ready' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitTask',
        src: 'submitTask',
        input: ({ context }) => sendRequest(context),
        onDone: { target: 'submitted', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitted: { on: { 'wizard.restart': { target: 'compose', actions: 'reset' } } },
    failed: {
      on: {
        'failed.retry': { target: 'submitting' },
        'failed.edit': { target: 'compose' },
      },
    },
  },
});
