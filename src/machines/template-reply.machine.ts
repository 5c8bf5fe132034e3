import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText } from '../gateway/client/failures';
import type { ActionInput } from '../gateway/contract/actions/registry';
import { newIdempotencyKey } from '../gateway/contract/idempotency-key';

// "Send a template" on a WhatsApp message of the smart inbox (docs/decisions.md "WhatsApp settings and
// template replies", "Inbox assignment"): closed -> choosing a template -> filling its {{n}} -> sending ->
// sent | failed. A retry after a failure sends the same IdempotencyKey, so a reply the gateway did take
// (the answer was lost) is not sent twice; changing the template or a value makes it a new request.

export interface ChosenTemplate {
  templateId: string;
  /** distinct {{n}} of its body */
  variableCount: number;
}

export interface TemplateReplyInput {
  messageId: string;
}

export interface TemplateReplyContext {
  messageId: string;
  template: ChosenTemplate | null;
  values: string[];
  /** the request's IdempotencyKey: made when first sent, kept through retries */
  key: string | null;
  error: string | null;
}

export type TemplateReplyEvent =
  | { type: 'form.open' }
  | { type: 'template.choose'; template: ChosenTemplate }
  | { type: 'field.change'; index: number; value: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | { type: 'form.cancel' }
  | { type: 'form.close' };

/** The values to send: one per variable, trimmed. */
export const filledValues = (context: Pick<TemplateReplyContext, 'template' | 'values'>): string[] =>
  Array.from({ length: context.template?.variableCount ?? 0 }, (_, i) => context.values[i]?.trim() ?? '');

export const isTemplateReplyComplete = (context: Pick<TemplateReplyContext, 'template' | 'values'>) =>
  context.template !== null && filledValues(context).every(Boolean);

export const templateReplyMachine = setup({
  types: {
    context: {} as TemplateReplyContext,
    events: {} as TemplateReplyEvent,
    input: {} as TemplateReplyInput,
  },
  actors: {
    sendTemplateReply: fromPromise(async ({ input }: { input: ActionInput<'SendInboxTemplateReply'> }) =>
      call('SendInboxTemplateReply', input, { silent: true }),
    ),
  },
  guards: {
    isComplete: ({ context }) => isTemplateReplyComplete(context),
  },
  actions: {
    chooseTemplate: assign((_, template: ChosenTemplate) => ({ template, values: [], key: null, error: null })),
    setValue: assign(({ context }, params: { index: number; value: string }) => ({
      values: Object.assign([...context.values], { [params.index]: params.value }),
      key: null,
    })),
    keepKey: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey(), error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    reset: assign({ template: null, values: [], key: null, error: null }),
  },
}).createMachine({
  id: 'templateReply',
  context: ({ input }) => ({ messageId: input.messageId, template: null, values: [], key: null, error: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'form.open': 'choosing' } },
    choosing: {
      on: {
        'template.choose': {
          target: 'filling',
          actions: { type: 'chooseTemplate', params: ({ event }) => event.template },
        },
        'form.cancel': { target: 'closed', actions: 'reset' },
      },
    },
    filling: {
      on: {
        'template.choose': { actions: { type: 'chooseTemplate', params: ({ event }) => event.template } },
        'field.change': { actions: { type: 'setValue', params: ({ event }) => event } },
        'form.submit': { guard: 'isComplete', target: 'sending', actions: 'keepKey' },
        'form.cancel': { target: 'closed', actions: 'reset' },
      },
    },
    sending: {
      invoke: {
        id: 'sendTemplateReply',
        src: 'sendTemplateReply',
        input: ({ context }) => ({
          MessageId: context.messageId,
          TemplateId: context.template!.templateId,
          Values: filledValues(context),
          IdempotencyKey: context.key!,
        }),
        onDone: 'sent',
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'form.retry': { target: 'sending', actions: 'keepKey' },
        'template.choose': {
          target: 'filling',
          actions: { type: 'chooseTemplate', params: ({ event }) => event.template },
        },
        'field.change': { target: 'filling', actions: { type: 'setValue', params: ({ event }) => event } },
        'form.cancel': { target: 'closed', actions: 'reset' },
      },
    },
    sent: { on: { 'form.close': { target: 'closed', actions: 'reset' } } },
  },
});
