import { assign, fromPromise, setup } from 'xstate';
import { failureText, hasRetCode } from '../gateway/client/failures';
import { RetCode } from '../gateway/contract/retcodes';
import type { FieldErrors } from '../gateway/contract/field-errors';
import type { AiLanguage, AiTone, AiUsage } from '../gateway/contract/actions/ai-text';

// The AI writing workflow every channel shares (docs/decisions.md "AI text", "Campaigns from AI"): a brief,
// language and tone -> generating (the spec's "about 30 seconds", cancellable) -> generated (every part
// editable; regenerate) | failed | quotaExhausted. A draft is saved as a template to use it: `use` waits
// for the template's review so the send page can take it, `save` only stores it. A channel gives the
// draft's shape and its three calls (generate, save, check the brief); emailAi and smsAi are two of them.

export type SaveIntent = 'use' | 'save';

/** What a draft is written for when a campaign asks (/campaign/create/{channel}-ai/{name}/{aim}). */
export interface AiCampaign {
  name: string;
  /** PLAN_AIM: 1 acquisition, 2 activation. */
  aim: 1 | 2;
}

export interface AiDraftInput {
  language: AiLanguage;
  campaign?: AiCampaign;
}

export interface SavedDraft {
  intent: SaveIntent;
  templateId: string;
  /** The channel's template status when saving ended: passed (ready to send), still in review, or rejected. */
  status: number;
}

export interface AiDraftContext<Draft> {
  brief: string;
  language: AiLanguage;
  tone: AiTone;
  campaign: AiCampaign | null;
  fieldErrors: FieldErrors;
  draft: Draft | null;
  usage: AiUsage | null;
  error: string | null;
  saved: SavedDraft | null;
  /** What the save in progress (or the last one) was for. */
  intent: SaveIntent;
}

export type AiDraftEvent<Field extends string> =
  | { type: 'brief.change'; value: string }
  | { type: 'language.change'; language: AiLanguage }
  | { type: 'tone.change'; tone: AiTone }
  | { type: 'draft.generate' }
  | { type: 'draft.regenerate' }
  | { type: 'draft.cancel' }
  | { type: 'draft.edit'; field: Field; value: string }
  | { type: 'draft.use' }
  | { type: 'draft.save' };

export interface GenerateRequest {
  Brief: string;
  Language: AiLanguage;
  Tone: AiTone;
  campaign: AiCampaign | null;
}
export interface SaveRequest<Draft> {
  intent: SaveIntent;
  draft: Draft;
  language: AiLanguage;
  campaign: AiCampaign | null;
}

export interface AiDraftChannel<Draft> {
  id: string;
  /** The brief's field errors by the shared schema (empty when it may be sent). */
  validate: (context: Pick<AiDraftContext<Draft>, 'brief' | 'language' | 'tone'>) => FieldErrors;
  generate: (args: { input: GenerateRequest; signal: AbortSignal }) => Promise<{ Draft: Draft; Usage: AiUsage }>;
  save: (args: { input: SaveRequest<Draft>; signal: AbortSignal }) => Promise<SavedDraft>;
}

/** How long `use` waits for the template review before leaving the template in review (ms). */
export const REVIEW_WAIT_MS = 60_000;
const REVIEW_POLL_MS = 1_500;

/**
 * A template's status once `use` stops waiting: polls while `reviewing(status)`, at most REVIEW_WAIT_MS;
 * `save` does not wait.
 */
export async function statusAfterReview(
  intent: SaveIntent,
  first: number,
  reviewing: (status: number) => boolean,
  poll: () => Promise<number>,
  signal: AbortSignal,
): Promise<number> {
  let status = first;
  const until = Date.now() + REVIEW_WAIT_MS;
  while (intent === 'use' && reviewing(status) && Date.now() < until && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS));
    status = await poll();
  }
  return status;
}

export function createAiDraftMachine<Draft extends Record<string, string>>(channel: AiDraftChannel<Draft>) {
  type Context = AiDraftContext<Draft>;
  type Event = AiDraftEvent<Extract<keyof Draft, string>>;
  const machineSetup = setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      input: {} as AiDraftInput,
    },
    actors: {
      generateDraft: fromPromise(channel.generate),
      saveDraft: fromPromise(channel.save),
    },
    guards: {
      isBriefValid: ({ context }) => Object.keys(channel.validate(context)).length === 0,
      hasDraft: ({ context }) => context.draft !== null,
      isQuotaUsedUp: (_, params: { error: unknown }) => hasRetCode(params.error, RetCode.AiQuotaUsedUp),
    },
    actions: {
      setBrief: assign((_, params: { value: string }) => ({ brief: params.value, fieldErrors: {} })),
      setLanguage: assign((_, params: { language: AiLanguage }) => ({ language: params.language })),
      setTone: assign((_, params: { tone: AiTone }) => ({ tone: params.tone })),
      showErrors: assign(({ context }) => ({ fieldErrors: channel.validate(context) })),
      startWork: assign({ error: null, saved: null }),
      storeDraft: assign((_, output: { Draft: Draft; Usage: AiUsage }) => ({
        draft: output.Draft,
        usage: output.Usage,
      })),
      editDraft: assign(({ context }, params: { field: string; value: string }) => ({
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
        params: ({ event }: { event: Extract<Event, { type: 'brief.change' }> }) => ({ value: event.value }),
      },
    },
    'language.change': {
      actions: {
        type: 'setLanguage',
        params: ({ event }: { event: Extract<Event, { type: 'language.change' }> }) => ({
          language: event.language,
        }),
      },
    },
    'tone.change': {
      actions: {
        type: 'setTone',
        params: ({ event }: { event: Extract<Event, { type: 'tone.change' }> }) => ({ tone: event.tone }),
      },
    },
  } as const;

  return machineSetup.createMachine({
    id: channel.id,
    context: ({ input }) => ({
      brief: '',
      language: input.language,
      tone: 'friendly',
      campaign: input.campaign ?? null,
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
          input: ({ context }) => ({
            Brief: context.brief,
            Language: context.language,
            Tone: context.tone,
            campaign: context.campaign,
          }),
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
          'draft.save': {
            target: 'saving',
            actions: ['startWork', { type: 'setIntent', params: { intent: 'save' } }],
          },
        },
      },
      saving: {
        invoke: {
          id: 'saveDraft',
          src: 'saveDraft',
          input: ({ context }) => ({
            intent: context.intent,
            draft: context.draft!,
            language: context.language,
            campaign: context.campaign,
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
}
