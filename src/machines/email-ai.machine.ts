import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText, hasRetCode } from '../gateway/client/failures';
import { RetCode } from '../gateway/contract/retcodes';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import {
  aiTextActions,
  type AiLanguage,
  type AiTone,
  type AiUsage,
  type EmailDraft,
} from '../gateway/contract/actions/ai-text';
import { EMAIL_TEMPLATE_STATUS, EMAIL_TYPE } from '../gateway/contract/email/template-rules';

// AI e-mail of /email/message/email-ai (issue 13 item 8): a brief, language and tone -> generating (the
// spec's "about 30 seconds", cancellable) -> generated (subject, preview text and HTML editable;
// regenerate) | failed | quotaExhausted. A draft is saved as a template to use it: `use` waits for the
// template's review so the send page can take it, `save` only stores it (docs/decisions.md "AI text").

export type DraftField = 'Subject' | 'PreviewText' | 'Html';
export type SaveIntent = 'use' | 'save';

export interface EmailAiInput {
  language: AiLanguage;
}

export interface SavedDraft {
  intent: SaveIntent;
  templateId: string;
  /** EMAIL_TEMPLATE_STATUS when saving ended: passed (ready to send), still in review, or rejected. */
  status: number;
}

export interface EmailAiContext {
  brief: string;
  language: AiLanguage;
  tone: AiTone;
  fieldErrors: FieldErrors;
  draft: EmailDraft | null;
  usage: AiUsage | null;
  error: string | null;
  saved: SavedDraft | null;
  /** What the save in progress (or the last one) was for. */
  intent: SaveIntent;
}

export type EmailAiEvent =
  | { type: 'brief.change'; value: string }
  | { type: 'language.change'; language: AiLanguage }
  | { type: 'tone.change'; tone: AiTone }
  | { type: 'draft.generate' }
  | { type: 'draft.regenerate' }
  | { type: 'draft.cancel' }
  | { type: 'draft.edit'; field: DraftField; value: string }
  | { type: 'draft.use' }
  | { type: 'draft.save' };

type GenerateInput = { Brief: string; Language: AiLanguage; Tone: AiTone };
type SaveInput = { intent: SaveIntent; draft: EmailDraft; name: string };

const generateSchema = aiTextActions.GenerateEmailContent.input;
export const validateBrief = (context: Pick<EmailAiContext, 'brief' | 'language' | 'tone'>): FieldErrors =>
  fieldErrorsOf(
    generateSchema,
    { Brief: context.brief, Language: context.language, Tone: context.tone },
    {
      Brief: 'brief',
    },
  );

/** How long `use` waits for the template review before leaving the template in review (ms). */
export const REVIEW_WAIT_MS = 60_000;
const REVIEW_POLL_MS = 1_500;
const reviewing = (status: number) =>
  status === EMAIL_TEMPLATE_STATUS.PendingReview || status === EMAIL_TEMPLATE_STATUS.InReview;

/** A template name from the subject (template names are at most 64 characters). */
export const templateNameOf = (subject: string) => `AI: ${subject}`.slice(0, 64);

async function saveDraft({ input, signal }: { input: SaveInput; signal: AbortSignal }): Promise<SavedDraft> {
  const created = await call(
    'CreateEmailTemplate',
    {
      TemplateName: input.name,
      Subject: input.draft.Subject,
      PreviewText: input.draft.PreviewText,
      Kind: 'batch',
      EmailType: EMAIL_TYPE.Market,
      Editor: 'richText',
      Design: '',
      Html: input.draft.Html,
    },
    { signal },
  );
  let status = created.Status;
  const until = Date.now() + REVIEW_WAIT_MS;
  while (input.intent === 'use' && reviewing(status) && Date.now() < until && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS));
    status = (await call('GetEmailTemplate', { TemplateId: created.TemplateId }, { signal, silent: true })).Status;
  }
  return { intent: input.intent, templateId: created.TemplateId, status };
}

const setupEmailAi = setup({
  types: {
    context: {} as EmailAiContext,
    events: {} as EmailAiEvent,
    input: {} as EmailAiInput,
  },
  actors: {
    generateDraft: fromPromise(async ({ input, signal }: { input: GenerateInput; signal: AbortSignal }) =>
      call('GenerateEmailContent', input, { signal, silent: true, timeoutMs: 120_000 }),
    ),
    saveDraft: fromPromise(saveDraft),
  },
  guards: {
    isBriefValid: ({ context }) => Object.keys(validateBrief(context)).length === 0,
    hasDraft: ({ context }) => context.draft !== null,
    isQuotaUsedUp: (_, params: { error: unknown }) => hasRetCode(params.error, RetCode.AiQuotaUsedUp),
  },
  actions: {
    setBrief: assign((_, params: { value: string }) => ({ brief: params.value, fieldErrors: {} })),
    setLanguage: assign((_, params: { language: AiLanguage }) => ({ language: params.language })),
    setTone: assign((_, params: { tone: AiTone }) => ({ tone: params.tone })),
    showErrors: assign(({ context }) => ({ fieldErrors: validateBrief(context) })),
    startWork: assign({ error: null, saved: null }),
    storeDraft: assign((_, output: { Draft: EmailDraft; Usage: AiUsage }) => ({
      draft: output.Draft,
      usage: output.Usage,
    })),
    editDraft: assign(({ context }, params: { field: DraftField; value: string }) => ({
      draft: context.draft ? { ...context.draft, [params.field]: params.value } : null,
      saved: null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    storeSaved: assign((_, saved: SavedDraft) => ({ saved })),
    setIntent: assign((_, params: { intent: SaveIntent }) => ({ intent: params.intent })),
  },
});

/** The form stays editable while nothing is in flight. */
const formEvents = {
  'brief.change': {
    actions: {
      type: 'setBrief',
      params: ({ event }: { event: Extract<EmailAiEvent, { type: 'brief.change' }> }) => ({ value: event.value }),
    },
  },
  'language.change': {
    actions: {
      type: 'setLanguage',
      params: ({ event }: { event: Extract<EmailAiEvent, { type: 'language.change' }> }) => ({
        language: event.language,
      }),
    },
  },
  'tone.change': {
    actions: {
      type: 'setTone',
      params: ({ event }: { event: Extract<EmailAiEvent, { type: 'tone.change' }> }) => ({ tone: event.tone }),
    },
  },
} as const;

export const emailAiMachine = setupEmailAi.createMachine({
  id: 'emailAi',
  context: ({ input }) => ({
    brief: '',
    language: input.language,
    tone: 'friendly',
    fieldErrors: {},
    draft: null,
    usage: null,
    error: null,
    saved: null,
    intent: 'use',
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ...formEvents,
        'draft.generate': [
          { guard: 'isBriefValid', target: 'generating', actions: 'startWork' },
          { actions: 'showErrors' },
        ],
      },
    },
    generating: {
      invoke: {
        id: 'generateDraft',
        src: 'generateDraft',
        input: ({ context }) => ({ Brief: context.brief, Language: context.language, Tone: context.tone }),
        onDone: { target: 'generated', actions: { type: 'storeDraft', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isQuotaUsedUp', params: ({ event }) => ({ error: event.error }) },
            target: 'quotaExhausted',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: {
        'draft.cancel': [{ guard: 'hasDraft', target: 'generated' }, { target: 'idle' }],
      },
    },
    generated: {
      on: {
        ...formEvents,
        'draft.edit': { actions: { type: 'editDraft', params: ({ event }) => event } },
        'draft.regenerate': [
          { guard: 'isBriefValid', target: 'generating', actions: 'startWork' },
          { actions: 'showErrors' },
        ],
        'draft.use': { target: 'saving', actions: ['startWork', { type: 'setIntent', params: { intent: 'use' } }] },
        'draft.save': { target: 'saving', actions: ['startWork', { type: 'setIntent', params: { intent: 'save' } }] },
      },
    },
    saving: {
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({
          intent: context.intent,
          draft: context.draft!,
          name: templateNameOf(context.draft!.Subject),
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'generated',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The draft is a template now: the view goes on to the send page when `use` found it passed. */
    saved: {
      on: {
        ...formEvents,
        'draft.edit': { target: 'generated', actions: { type: 'editDraft', params: ({ event }) => event } },
        'draft.regenerate': { guard: 'isBriefValid', target: 'generating', actions: 'startWork' },
      },
    },
    failed: {
      on: {
        ...formEvents,
        'draft.generate': [
          { guard: 'isBriefValid', target: 'generating', actions: 'startWork' },
          { actions: 'showErrors' },
        ],
      },
    },
    quotaExhausted: {},
  },
});
