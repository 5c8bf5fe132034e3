import { assign, enqueueActions, fromCallback, fromPromise, setup, StateMachine, type ActorRefFrom } from 'xstate';
import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import type { z } from 'zod';
import { call } from '../gateway/client/call';
import { smsSendActions } from '../gateway/contract/actions/sms-send';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { COUNTRIES } from '../gateway/contract/countries';
import { SMS_LIMITS } from '../gateway/contract/sms-constants';
import { unmappedVariables, type VariableMapping } from '../gateway/contract/audience/send-audience';
import type { RecipientCheck } from '../workers/recipient-rules';
import type { CallPeriod } from '../gateway/contract/vms-task';
import {
  checkRecipientFile,
  firstRecipientLine,
  RecipientFileProblem,
  recipientPhones,
  recipientRows,
  validRecipients,
  type RecipientFileError,
  type RecipientList,
} from '../workers/sms-recipients';
import { parseRecipientsInWorker } from '../workers/sms-recipients-worker-client';
import type { RecipientWorkerRequest } from '../workers/sms-recipients.worker';
import { retCodeOf as failureCode, smsFailureText as failureMessage } from '../gateway/client/failures';

// The send wizard of /sms/sending (spec 001 §3, §5): compose, validate, preview (the one check
// before sending, issue 18 §22), submitting, submitted or failed. Trial accounts never compose: they
// are sent to /experience. Recipients, pasted or from a file, are parsed in a Web Worker once per
// change (issue 22); the result lives in the context and guards, selectors and actor inputs only
// read it.

export type AddInput = z.input<typeof smsSendActions.AddUSMSSendTask.input>;
type AddData = z.output<typeof smsSendActions.AddUSMSSendTask.data>;
type PreviewInput = z.input<typeof smsSendActions.GetUSMSPreviewSmsContent.input>;
type SmsPreview = z.output<typeof smsSendActions.GetUSMSPreviewSmsContent.data>;
type SmsOnly = 'Encoding' | 'Segments' | 'PerSegment' | 'Units';
/** The check step's content and cost; encoding and segments are the SMS check's alone. */
export type SendPreview = Omit<SmsPreview, SmsOnly> & Partial<Pick<SmsPreview, SmsOnly>>;

export type SendField =
  'taskName' | 'countryCode' | 'senderId' | 'projectId' | 'sendType' | 'scheduledTime' | 'timeZone' | 'callPeriod';
export type RecipientSource = 'paste' | 'file' | 'list' | 'segment';

/** A chosen list or segment (issue 12 item 6); count is its member count once known. */
export interface ChosenAudience {
  id: number;
  name: string;
  count: number | null;
}

/** The template variable mapping (spec 001 §3): by variable number, an attribute and a default. */
export type MappingDraft = Record<number, { attribute: string; defaultValue: string }>;

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
  /** Voice only: when calls may be placed (AddUVMSSendTask's CallPeriod); absent for other channels. */
  callPeriod?: CallPeriod;
}

export interface SendContext {
  trial: boolean;
  /** Only a list or a segment may be chosen as recipients (campaigns). */
  audienceOnly: boolean;
  /** What a recipient is (phones unless the channel says e-mail). */
  recipientKind: RecipientCheck['kind'];
  /** One per draft, sent with AddUSMSSendTask and reused by Retry; renewed when the user edits after a failure. */
  idempotencyKey: string;
  form: SendForm;
  template: SendTemplate | null;
  source: RecipientSource;
  pasteText: string;
  /** The pasted text as the worker understood it, once it has; null while checking or empty. */
  pasteList: RecipientList | null;
  /** A check of the pasted text is under way (debounced, then in the worker). */
  pasteChecking: boolean;
  pasteProgress: number;
  /** Numbers each paste check: progress and results of an older text are ignored. */
  pasteSeq: number;
  file: { name: string; size: number } | null;
  /** The chosen file, kept to read it again when the country (and so the phone rule) changes. */
  fileSource: File | null;
  fileList: RecipientList | null;
  parseProgress: number;
  fileError: RecipientFileError | null;
  /** The list or segment when the source is one. */
  audience: ChosenAudience | null;
  mapping: MappingDraft;
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
  | { type: 'paste.progress'; seq: number; ratio: number }
  | { type: 'paste.checked'; seq: number; list: RecipientList }
  | { type: 'paste.failed'; seq: number }
  | { type: 'file.select'; file: File }
  | { type: 'file.progress'; ratio: number }
  | { type: 'file.parsed'; list: RecipientList }
  | { type: 'file.failed'; code: RecipientFileError }
  | { type: 'file.clear' }
  | { type: 'audience.select'; audience: ChosenAudience }
  | { type: 'mapping.change'; variable: number; attribute?: string; defaultValue?: string }
  | { type: 'form.submit' }
  | { type: 'preview.back' }
  | { type: 'preview.retry' }
  | { type: 'preview.confirm' }
  | { type: 'failed.retry' }
  | { type: 'failed.edit' }
  | { type: 'wizard.restart' };

export interface SendInput {
  trial: boolean;
  /** A template to start from (?templateId= from the template list). */
  template?: SendTemplate;
  timeZone?: string;
  countryCode?: string;
  /** What a recipient is: phones (SMS, MMS, the default) or e-mail addresses. */
  recipientKind?: RecipientCheck['kind'];
  /** A draft kept across a reload (sms/send/draft.ts). */
  draft?: SendDraft;
  /** Voice: the form's call period from the start. */
  callPeriod?: CallPeriod;
  /** Recipients from a list or a segment only (a campaign sends to the audience). */
  audienceOnly?: boolean;
}

/** What survives a reload: the form, the template and the pasted list (a file must be chosen again). */
export interface SendDraft {
  form: SendForm;
  template: SendTemplate | null;
  source: RecipientSource;
  pasteText: string;
  audience?: ChosenAudience | null;
  mapping?: MappingDraft;
  /** The draft's AddUSMSSendTask key: a Retry after a lost answer gets the first task, not a second. */
  idempotencyKey?: string;
}

const schema = smsSendActions.AddUSMSSendTask.input;
/** A pause in typing before the pasted text is checked: one check per edit burst, not per key. */
const PASTE_PAUSE_MS = 120;
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
  CallPeriod: 'callPeriod',
  Phones: 'recipients',
  Emails: 'recipients',
  Rows: 'recipients',
  ListId: 'recipients',
  SegmentId: 'recipients',
  VariableMapping: 'variables',
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
    ...(input.callPeriod ? { callPeriod: input.callPeriod } : {}),
  };
}

function initialContext(input: SendInput): SendContext {
  const { draft } = input;
  return {
    trial: input.trial,
    audienceOnly: input.audienceOnly ?? false,
    recipientKind: input.recipientKind ?? 'phone',
    idempotencyKey: draft?.idempotencyKey ?? newIdempotencyKey(),
    form: draft?.form ?? emptyForm(input),
    template: input.template ?? draft?.template ?? null,
    source: draft?.source ?? (input.audienceOnly ? 'list' : 'paste'),
    pasteText: draft?.pasteText ?? '',
    pasteList: null,
    pasteChecking: false,
    pasteProgress: 0,
    pasteSeq: 0,
    file: null,
    fileSource: null,
    fileList: null,
    parseProgress: 0,
    fileError: null,
    audience: draft?.audience ?? null,
    mapping: draft?.mapping ?? {},
    fieldErrors: {},
    preview: null,
    result: null,
    error: null,
    errorCode: null,
  };
}

/** The recipients as they stand: the checked pasted list or the parsed file. Never parses. */
export function currentRecipients(
  context: Pick<SendContext, 'source' | 'pasteList' | 'fileList'>,
): RecipientList | null {
  return context.source === 'paste' ? context.pasteList : context.fileList;
}

/** The phone rule's input: the chosen country's prefix, or none yet (any 4-15 digits). */
export function recipientCheck(countryCode: string): RecipientCheck {
  return { kind: 'phone', prefix: COUNTRIES.find((c) => c.CountryCode === countryCode)?.PhonePrefix ?? '' };
}

/** The rule the wizard's recipients are checked against. */
export const checkOf = (context: Pick<SendContext, 'recipientKind' | 'form'>): RecipientCheck =>
  context.recipientKind === 'email' ? { kind: 'email' } : recipientCheck(context.form.countryCode);

/** Whether anything the user typed or chose would be lost by leaving (issue 18 §7). */
export function isDraftDirty(context: Pick<SendContext, 'form' | 'pasteText' | 'file' | 'audience'>): boolean {
  const { form } = context;
  return Boolean(
    form.taskName.trim() ||
    form.senderId.trim() ||
    form.tags.length ||
    form.scheduledTime ||
    context.pasteText.trim() ||
    context.file ||
    context.audience,
  );
}

export function draftOf(context: SendContext): SendDraft {
  return {
    form: context.form,
    template: context.template,
    source: context.source,
    pasteText: context.pasteText,
    audience: context.audience,
    mapping: context.mapping,
    idempotencyKey: context.idempotencyKey,
  };
}

export const isAudienceSource = (source: RecipientSource): source is 'list' | 'segment' =>
  source === 'list' || source === 'segment';

/** The mapping as the Action takes it: one entry per template variable. */
export function variableMapping(context: Pick<SendContext, 'mapping' | 'template'>): VariableMapping[] {
  return Array.from({ length: context.template?.VariableCount ?? 0 }, (_, i) => ({
    Variable: i + 1,
    Attribute: context.mapping[i + 1]?.attribute ?? '',
    DefaultValue: context.mapping[i + 1]?.defaultValue ?? '',
  }));
}

/** The recipients part of the request: numbers or rows, or the list or segment with the mapping. */
function recipientsRequest(context: SendContext, firstOnly: boolean): Partial<AddInput> {
  if (isAudienceSource(context.source)) {
    const id = context.audience?.id ?? 0;
    const mapping = variableMapping(context);
    return {
      ...(context.source === 'list' ? { ListId: id } : { SegmentId: id }),
      ...(mapping.length ? { VariableMapping: mapping } : {}),
    };
  }
  const stored = currentRecipients(context);
  const list = stored && firstOnly ? { text: firstRecipientLine(stored) } : stored;
  const variables = context.template?.VariableCount ?? 0;
  return variables > 0
    ? { Rows: list ? recipientRows(list, variables) : [] }
    : { Phones: list ? recipientPhones(list) : [] };
}

/**
 * The AddUSMSSendTask request; a template with variables takes rows with its values. `firstOnly`
 * gives a request with the first recipient alone: the form rules need no 100,000-item array.
 */
export function sendRequest(context: SendContext, { firstOnly = false } = {}): AddInput {
  const { form, template } = context;
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
    ...recipientsRequest(context, firstOnly),
    ...(form.callPeriod ? { CallPeriod: form.callPeriod } : {}),
    IdempotencyKey: context.idempotencyKey,
  };
}

/** Rules the schema alone cannot see: manual import, variable columns, a list still being read. */
function recipientError(context: SendContext, maxRecipients: number): string | undefined {
  const variables = context.template?.VariableCount ?? 0;
  if (isAudienceSource(context.source))
    return context.audience ? undefined : `sms:send.errors.${context.source}Required`;
  const list = currentRecipients(context);
  if (variables > 0 && context.source === 'paste') return 'sms:send.errors.manualImportRefused';
  if (context.source === 'paste' && context.pasteChecking) return 'sms:send.errors.recipientsChecking';
  if (!list || list.count === 0) return 'sms:send.errors.recipientsRequired';
  if (list.count > maxRecipients) return 'validation:recipientsTooMany';
  if (variables > 0 && list.columns < variables + 1) return 'sms:send.errors.variableColumnsMissing';
  return undefined;
}

/** How another channel's send Action differs: its request shape and its recipient limit. */
export interface SendChannelRules {
  toRequest?: (request: AddInput) => unknown;
  maxRecipients?: number;
}

/**
 * The form's errors; `sendSchema` is the channel's send Action input (MMS and e-mail share this
 * wizard), `rules` what else differs for that channel.
 */
export function validateSend(
  context: SendContext,
  sendSchema: z.ZodType = schema,
  { toRequest = (request) => request, maxRecipients = SMS_LIMITS.maxRecipients }: SendChannelRules = {},
): FieldErrors {
  const errors = fieldErrorsOf(sendSchema, toRequest(sendRequest(context, { firstOnly: true })), FIELD_NAMES);
  if (!context.template) errors.template = 'sms:send.errors.templateRequired';
  const recipients = recipientError(context, maxRecipients);
  if (recipients) errors.recipients = recipients;
  else if (errors.recipients === 'validation:recipientsRequired') delete errors.recipients;
  if (
    isAudienceSource(context.source) &&
    unmappedVariables(variableMapping(context), context.template?.VariableCount ?? 0).length
  )
    errors.variables = 'validation:variableMappingMissing';
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
    parseFile: fromCallback<SendEvent, { file: File | null; check: RecipientCheck }>(({ input, sendBack }) => {
      const abort = new AbortController();
      if (!input.file) return () => undefined;
      parseRecipientsInWorker(
        { source: { file: input.file }, check: input.check },
        (ratio) => sendBack({ type: 'file.progress', ratio }),
        abort.signal,
      ).then(
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
    /** Checks pasted text in the worker, after a pause in typing; stopped when a newer text comes. */
    checkPaste: fromCallback<SendEvent, { seq: number; request: RecipientWorkerRequest }>(({ input, sendBack }) => {
      const abort = new AbortController();
      const { seq, request } = input;
      const timer = setTimeout(() => {
        parseRecipientsInWorker(
          request,
          (ratio) => sendBack({ type: 'paste.progress', seq, ratio }),
          abort.signal,
        ).then(
          (list) => sendBack({ type: 'paste.checked', seq, list }),
          () => {
            if (!abort.signal.aborted) sendBack({ type: 'paste.failed', seq });
          },
        );
      }, PASTE_PAUSE_MS);
      return () => {
        clearTimeout(timer);
        abort.abort();
      };
    }),
    loadPreview: fromPromise(({ input }: { input: PreviewInput }): Promise<SendPreview> =>
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
    isCurrentPaste: ({ context, event }) =>
      (event.type === 'paste.progress' || event.type === 'paste.checked' || event.type === 'paste.failed') &&
      event.seq === context.pasteSeq,
    /** A new country changes the phone rule: a chosen file is read again. */
    rereadsFile: ({ context, event }) =>
      event.type === 'field.change' &&
      event.field === 'countryCode' &&
      event.value !== context.form.countryCode &&
      context.fileSource !== null &&
      context.fileError === null,
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
      event.type === 'source.set' && (!context.audienceOnly || isAudienceSource(event.source))
        ? {
            source: event.source,
            // A list id is no segment id: another audience kind starts unchosen.
            audience: event.source === context.source ? context.audience : null,
            fieldErrors: { ...context.fieldErrors, recipients: undefined },
          }
        : {},
    ),
    setAudience: assign(({ context, event }) =>
      event.type === 'audience.select'
        ? { audience: event.audience, fieldErrors: { ...context.fieldErrors, recipients: undefined } }
        : {},
    ),
    setMapping: assign(({ context, event }) => {
      if (event.type !== 'mapping.change') return {};
      const current = context.mapping[event.variable] ?? { attribute: '', defaultValue: '' };
      return {
        mapping: {
          ...context.mapping,
          [event.variable]: {
            attribute: event.attribute ?? current.attribute,
            defaultValue: event.defaultValue ?? current.defaultValue,
          },
        },
        fieldErrors: { ...context.fieldErrors, variables: undefined },
      };
    }),
    setPaste: assign(({ context, event }) =>
      event.type === 'paste.change'
        ? { pasteText: event.text, fieldErrors: { ...context.fieldErrors, recipients: undefined } }
        : {},
    ),
    /**
     * Stops the check of the older text and starts one of the current text, when there is a reason:
     * the text changed, the country (so the phone rule) changed, or a restored draft has no count yet.
     */
    checkPaste: enqueueActions(({ context, event, enqueue }) => {
      const filled = context.pasteText.trim() !== '';
      const needed =
        event.type === 'paste.change' ||
        (event.type === 'field.change' ? event.field === 'countryCode' && filled : filled && !context.pasteList);
      if (!needed || (event.type !== 'paste.change' && event.type !== 'field.change' && context.pasteChecking)) return;
      enqueue.stopChild(`checkPaste-${context.pasteSeq}`);
      const seq = context.pasteSeq + 1;
      enqueue.assign({ pasteSeq: seq, pasteList: null, pasteProgress: 0, pasteChecking: filled });
      if (filled)
        enqueue.spawnChild('checkPaste', {
          id: `checkPaste-${seq}`,
          input: {
            seq,
            request: { source: { text: context.pasteText }, check: checkOf(context) },
          },
        });
    }),
    setPasteProgress: assign(({ event }) => (event.type === 'paste.progress' ? { pasteProgress: event.ratio } : {})),
    storePasteList: assign(({ event }) =>
      event.type === 'paste.checked' ? { pasteList: event.list, pasteChecking: false, pasteProgress: 1 } : {},
    ),
    /** The worker could not run: the form says to try again rather than count nothing. */
    dropPasteCheck: assign(({ context }) => ({
      pasteChecking: false,
      pasteList: null,
      fieldErrors: { ...context.fieldErrors, recipients: 'sms:send.errors.recipientsCheckFailed' },
    })),
    startFile: assign(({ context, event }) =>
      event.type === 'file.select'
        ? {
            file: { name: event.file.name, size: event.file.size },
            fileSource: event.file,
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
            fileSource: null,
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
    clearFile: assign({ file: null, fileSource: null, fileList: null, parseProgress: 0, fileError: null }),
    restartFile: assign({ fileList: null, parseProgress: 0 }),
    showErrors: assign(({ context }) => ({ fieldErrors: validateSend(context) })),
    clearErrors: assign({ fieldErrors: {}, error: null, errorCode: null }),
    storePreview: assign((_, preview: SendPreview) => ({ preview })),
    storeResult: assign((_, result: AddData) => ({ result })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
      errorCode: failureCode(params.error) ?? null,
    })),
    renewIdempotencyKey: assign(() => ({ idempotencyKey: newIdempotencyKey() })),
    reset: assign(({ context }) => ({
      ...initialContext({
        trial: context.trial,
        recipientKind: context.recipientKind,
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
      entry: 'checkPaste',
      on: {
        'field.change': [
          {
            guard: 'rereadsFile',
            target: '.parsingFile',
            reenter: true,
            actions: ['setField', 'restartFile', 'checkPaste'],
          },
          { actions: ['setField', 'checkPaste'] },
        ],
        'template.select': { actions: 'setTemplate' },
        'tags.set': { actions: 'setTags' },
        'source.set': { actions: 'setSource' },
        'audience.select': { actions: 'setAudience' },
        'mapping.change': { actions: 'setMapping' },
        'paste.change': { actions: ['setPaste', 'checkPaste'] },
        'paste.progress': { guard: 'isCurrentPaste', actions: 'setPasteProgress' },
        'paste.checked': { guard: 'isCurrentPaste', actions: 'storePasteList' },
        'paste.failed': { guard: 'isCurrentPaste', actions: 'dropPasteCheck' },
      },
      states: {
        editing: {
          on: {
            'file.select': [
              { guard: 'isFileAcceptable', target: 'parsingFile', actions: 'startFile' },
              { actions: 'rejectFile' },
            ],
            'file.clear': { actions: 'clearFile' },
            'form.submit': { target: '#sendValidating' },
          },
        },
        parsingFile: {
          invoke: {
            id: 'parseFile',
            src: 'parseFile',
            input: ({ context }) => ({ file: context.fileSource, check: checkOf(context) }),
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
    // Ids that do not name the machine: the MMS wizard is this statechart under its own id.
    validating: {
      id: 'sendValidating',
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
              const base = { TemplateId: context.template?.TemplateId ?? '', CountryCode: context.form.countryCode };
              // An audience's message is shown with the default values; each contact gets its own.
              if (isAudienceSource(context.source))
                return {
                  ...base,
                  Params: variableMapping(context).map((item) => item.DefaultValue),
                  RecipientCount: context.audience?.count ?? 0,
                };
              const list = currentRecipients(context);
              const firstRow =
                list && context.template?.VariableCount
                  ? recipientRows({ text: firstRecipientLine(list) }, context.template.VariableCount)[0].slice(1)
                  : [];
              return { ...base, Params: firstRow, RecipientCount: list ? validRecipients(list) : 0 };
            },
            onDone: { target: 'ready', actions: { type: 'storePreview', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The one check before sending (issue 18 §22): the send button here submits. */
        ready: { on: { 'preview.confirm': { target: '#sendSubmitting' } } },
        failed: { on: { 'preview.retry': { target: 'loading' } } },
      },
    },
    submitting: {
      id: 'sendSubmitting',
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
        // What is sent after editing is a new request, so it gets a new key.
        'failed.edit': { target: 'compose', actions: 'renewIdempotencyKey' },
      },
    },
  },
});

export type SendActorRef = ActorRefFrom<typeof smsSendMachine>;

/** What another channel gives the wizard: its check step, its send and its form check. */
export interface SendChannel<Preview, Add> {
  preview: (input: Preview) => Promise<SendPreview>;
  submit: (input: Add) => Promise<unknown>;
  validate: (context: SendContext) => FieldErrors;
  /** The wizard ends once submitted (no "send another": the campaign editor's page moves on). */
  endsWhenSubmitted?: boolean;
}

/**
 * The SMS wizard's statechart under another channel's id (MMS, voice, e-mail): its inner targets name
 * state ids, not the machine, so only the channel's actors and form check are swapped in.
 */
export function channelSendMachine<Preview, Add>(id: string, channel: SendChannel<Preview, Add>) {
  const config = smsSendMachine.config;
  const states = channel.endsWhenSubmitted
    ? { ...config.states, submitted: { type: 'final' as const } }
    : config.states;
  const wizard = new StateMachine(
    { ...config, id, states },
    smsSendMachine.implementations,
  ) as unknown as typeof smsSendMachine;
  return wizard.provide({
    actors: {
      loadPreview: fromPromise(({ input }: { input: Preview }) => channel.preview(input)) as never,
      submitTask: fromPromise(({ input }: { input: Add }) => channel.submit(input)) as never,
    },
    guards: {
      isFormValid: ({ context }) => Object.keys(channel.validate(context)).length === 0,
    },
    actions: {
      showErrors: assign(({ context }) => ({ fieldErrors: channel.validate(context) })),
    },
  });
}
