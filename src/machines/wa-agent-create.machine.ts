import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText, serverFieldErrors } from '../gateway/client/failures';
import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import type { FieldErrors } from '../gateway/contract/field-errors';
import { findCountry } from '../gateway/contract/countries';
import { RetCode } from '../gateway/contract/retcodes';
import {
  checkExpectedSendTime,
  waAgentCost,
  WA_AGENT_CONTENT_MAX,
  WA_AGENT_MAX_RECIPIENTS,
  WA_AGENT_NAME_MAX,
} from '../gateway/contract/wa-agent';
import { parseRecipientsInWorker } from '../workers/sms-recipients-worker-client';
import { RecipientFileProblem, recipientPhones, validRecipients, type RecipientList } from '../workers/sms-recipients';
import type { RecipientSource } from '../workers/sms-recipients.worker';

// The form of /whatsapp/agent-create (issue 15 item 5; spec 001 §5): name, country, time zone, expected
// send time (24 hours ahead in the chosen zone, checked as it is typed with the contract's rule), content
// and recipients from a file or a pasted list, read in the recipients Web Worker with their counts and
// bad lines; the estimate is valid recipients × price. Submitting charges it and opens the campaign.

/** MediaFileId: an optional image or video sent with the text (a FileId of the upload machine). */
export type WaAgentField = 'Name' | 'CountryCode' | 'TimeZone' | 'ExpectedSendTime' | 'Content' | 'MediaFileId';
export type WaAgentForm = Record<WaAgentField, string>;

export interface WaAgentCreateContext {
  form: WaAgentForm;
  touched: string[];
  fieldErrors: FieldErrors;
  list: RecipientList | null;
  source: RecipientSource | null;
  progress: number;
  error: string | null;
  idempotencyKey: string;
  taskId: string | null;
  now: () => number;
}

export type WaAgentCreateEvent =
  | { type: 'field.change'; field: WaAgentField; value: string }
  | { type: 'recipients.paste'; text: string }
  | { type: 'recipients.file'; file: File }
  | { type: 'form.submit' };

export interface WaAgentCreateInput {
  /** The clock the 24-hour rule reads (tests pass a fixed one). */
  now?: () => number;
}

const FIELDS: WaAgentField[] = ['Name', 'CountryCode', 'TimeZone', 'ExpectedSendTime', 'Content', 'MediaFileId'];

/** Every problem of the form and the list; the keys are `validation:` / `errors:` keys. */
export function waAgentFormErrors(form: WaAgentForm, list: RecipientList | null, now: number): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.Name.trim()) errors.Name = 'validation:required';
  else if (form.Name.trim().length > WA_AGENT_NAME_MAX) errors.Name = 'validation:nameTooLong';
  if (!findCountry(form.CountryCode)) errors.CountryCode = 'validation:required';
  if (!form.TimeZone) errors.TimeZone = 'validation:required';
  if (!form.ExpectedSendTime) errors.ExpectedSendTime = 'validation:required';
  else if (form.TimeZone) {
    const problem = checkExpectedSendTime(form.ExpectedSendTime.replace('T', ' '), form.TimeZone, new Date(now));
    if (problem === 'invalid') errors.ExpectedSendTime = 'validation:invalid';
    if (problem === 'tooSoon') errors.ExpectedSendTime = 'validation:waAgentTooSoon';
  }
  if (!form.Content.trim()) errors.Content = 'validation:required';
  else if (form.Content.length > WA_AGENT_CONTENT_MAX) errors.Content = 'validation:waAgentContentTooLong';
  if (!list || validRecipients(list) === 0) errors.Recipients = 'errors:WaAgentNoRecipients';
  else if (list.count > WA_AGENT_MAX_RECIPIENTS) errors.Recipients = 'errors:WaAgentTooManyRecipients';
  return errors;
}

const visible = (errors: FieldErrors, touched: string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => touched.includes(field)));

/** The estimate of a list: its valid recipients × the price (units). */
export const waAgentEstimate = (list: RecipientList | null) => (list ? waAgentCost(validRecipients(list)) : 0);

const fileErrorKey = (error: unknown) =>
  `waAgent:recipients.${error instanceof RecipientFileProblem ? error.code : 'fileParseFailed'}`;

interface SubmitInput {
  form: WaAgentForm;
  list: RecipientList;
  idempotencyKey: string;
}

const SERVER_FIELDS = Object.fromEntries([...FIELDS, 'Recipients'].map((f) => [f, f]));
const CODE_FIELDS = {
  [RetCode.WaAgentSendTimeTooSoon]: 'ExpectedSendTime',
  [RetCode.WaAgentNoRecipients]: 'Recipients',
  [RetCode.WaAgentTooManyRecipients]: 'Recipients',
};

export const waAgentCreateMachine = setup({
  types: {
    context: {} as WaAgentCreateContext,
    events: {} as WaAgentCreateEvent,
    input: {} as WaAgentCreateInput,
  },
  actors: {
    parseRecipients: fromPromise(
      ({ input, signal }: { input: { source: RecipientSource; prefix: string }; signal: AbortSignal }) =>
        parseRecipientsInWorker(
          { source: input.source, check: { kind: 'phone', prefix: input.prefix } },
          () => undefined,
          signal,
        ),
    ),
    submitTask: fromPromise(({ input }: { input: SubmitInput }) =>
      call('CreateWaAgentTask', {
        ...input.form,
        MediaFileId: input.form.MediaFileId || undefined,
        ExpectedSendTime: input.form.ExpectedSendTime.replace('T', ' '),
        Recipients: recipientPhones(input.list).join('\n'),
        IdempotencyKey: input.idempotencyKey,
      }).then((data) => data.TaskId),
    ),
  },
  guards: {
    isFormValid: ({ context }) =>
      Object.keys(waAgentFormErrors(context.form, context.list, context.now())).length === 0,
    /** Another country reads the numbers differently: the list is checked again. */
    recheckForCountry: ({ context, event }) =>
      event.type === 'field.change' &&
      event.field === 'CountryCode' &&
      event.value !== context.form.CountryCode &&
      context.source !== null,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const form = { ...context.form, [event.field]: event.value };
      const touched = [...new Set([...context.touched, event.field])];
      return { form, touched, fieldErrors: visible(waAgentFormErrors(form, context.list, context.now()), touched) };
    }),
    takeSource: assign(({ event }) => {
      if (event.type === 'recipients.paste') return { source: { text: event.text }, list: null };
      if (event.type === 'recipients.file') return { source: { file: event.file }, list: null };
      return {};
    }),
    storeList: assign(({ context }, list: RecipientList) => {
      const touched = [...new Set([...context.touched, 'Recipients'])];
      return { list, touched, fieldErrors: visible(waAgentFormErrors(context.form, list, context.now()), touched) };
    }),
    rememberFileError: assign(({ context }, params: { error: unknown }) => ({
      list: null,
      fieldErrors: { ...context.fieldErrors, Recipients: fileErrorKey(params.error) },
    })),
    showAllErrors: assign(({ context }) => ({
      touched: [...FIELDS, 'Recipients'],
      fieldErrors: waAgentFormErrors(context.form, context.list, context.now()),
    })),
    clearErrors: assign({ error: null }),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error),
      fieldErrors: serverFieldErrors(params.error, SERVER_FIELDS, CODE_FIELDS),
    })),
    storeTask: assign((_, taskId: string) => ({ taskId })),
  },
}).createMachine({
  id: 'waAgentCreate',
  context: ({ input }) => ({
    form: { Name: '', CountryCode: '', TimeZone: '', ExpectedSendTime: '', Content: '', MediaFileId: '' },
    touched: [],
    fieldErrors: {},
    list: null,
    source: null,
    progress: 0,
    error: null,
    idempotencyKey: newIdempotencyKey(),
    taskId: null,
    now: input.now ?? (() => Date.now()),
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'editing',
      on: {
        'field.change': [
          { guard: 'recheckForCountry', target: '.checking', actions: 'changeField', reenter: true },
          { actions: 'changeField' },
        ],
        'recipients.paste': { target: '.checking', actions: 'takeSource', reenter: true },
        'recipients.file': { target: '.checking', actions: 'takeSource', reenter: true },
      },
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: 'isFormValid', target: '#waAgentCreate.submitting', actions: 'clearErrors' },
              { actions: 'showAllErrors' },
            ],
          },
        },
        checking: {
          invoke: {
            id: 'parseRecipients',
            src: 'parseRecipients',
            input: ({ context }) => ({
              source: context.source ?? { text: '' },
              prefix: findCountry(context.form.CountryCode)?.PhonePrefix ?? '',
            }),
            onDone: { target: 'editing', actions: { type: 'storeList', params: ({ event }) => event.output } },
            onError: {
              target: 'editing',
              actions: { type: 'rememberFileError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitTask',
        src: 'submitTask',
        input: ({ context }) => ({ form: context.form, list: context.list!, idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'submitted', actions: { type: 'storeTask', params: ({ event }) => event.output } },
        onError: {
          target: 'form.editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitted: { type: 'final' },
  },
});
