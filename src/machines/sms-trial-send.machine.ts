import { assign, emit, fromPromise, setup } from 'xstate';
import { sendSmsTrialMutation } from '../gateway/client/mutations/sms';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { smsFailureText } from '../gateway/client/failures';

// The /experience page's free test send (spec 001 §1, §9): pick verified numbers of one country and the
// message (Herald's sample text, or one of the account's approved templates without variables: issue 18
// §11), send it to them through SendUSMSExperientialMessage. The numbers themselves are verified by
// smsExperienceMachine; this one only sends.

export interface TrialPick {
  Phone: string;
  CountryCode: string;
}

export interface SmsTrialSendContext {
  client: QueryClient | null;
  /** Picked numbers, all of one country (the first pick's). */
  picked: TrialPick[];
  /** The approved template to send, or "" for Herald's sample text. */
  templateId: string;
  /** The server's Message, or an `sms:` key when the gateway could not be reached. */
  error: string | null;
}

export type SmsTrialSendEvent =
  | { type: 'phone.pick'; phone: TrialPick }
  | { type: 'phone.unpick'; phone: string }
  | { type: 'message.choose'; templateId: string }
  | { type: 'trial.send' };

export type SmsTrialSendEmitted = { type: 'trial.sent'; sentCount: number; freeRemaining: number };

export const smsTrialSendMachine = setup({
  types: {
    context: {} as SmsTrialSendContext,
    events: {} as SmsTrialSendEvent,
    input: {} as { client?: QueryClient; templateId?: string },
    emitted: {} as SmsTrialSendEmitted,
  },
  actors: {
    sendTrial: fromPromise(
      ({ input }: { input: { client: QueryClient | null; picked: TrialPick[]; templateId: string } }) =>
        runMutation(input.client!, sendSmsTrialMutation(input.client!), {
          Phones: input.picked.map((p) => p.Phone),
          CountryCode: input.picked[0]!.CountryCode,
          ...(input.templateId ? { TemplateId: input.templateId } : {}),
        }),
    ),
  },
  guards: {
    hasPicks: ({ context }) => context.picked.length > 0,
    /** One country per send: a number of another country waits until the picks are cleared. */
    isSameCountry: ({ context }, params: { phone: TrialPick }) =>
      context.picked.length === 0 || context.picked[0]!.CountryCode === params.phone.CountryCode,
  },
  actions: {
    pick: assign(({ context }, params: { phone: TrialPick }) => ({
      picked: [...context.picked.filter((p) => p.Phone !== params.phone.Phone), params.phone],
    })),
    unpick: assign(({ context }, params: { phone: string }) => ({
      picked: context.picked.filter((p) => p.Phone !== params.phone),
    })),
    announceSent: emit((_, output: { SentCount: number; FreeRemaining: number }) => ({
      type: 'trial.sent' as const,
      sentCount: output.SentCount,
      freeRemaining: output.FreeRemaining,
    })),
    clearPicks: assign({ picked: [], error: null }),
    chooseMessage: assign((_, params: { templateId: string }) => ({ templateId: params.templateId, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: smsFailureText(params.error) })),
  },
}).createMachine({
  id: 'smsTrialSend',
  context: ({ input }) => ({
    client: input.client ?? null,
    picked: [],
    templateId: input.templateId ?? '',
    error: null,
  }),
  initial: 'picking',
  states: {
    picking: {
      on: {
        'phone.pick': {
          guard: { type: 'isSameCountry', params: ({ event }) => ({ phone: event.phone }) },
          actions: { type: 'pick', params: ({ event }) => ({ phone: event.phone }) },
        },
        'phone.unpick': { actions: { type: 'unpick', params: ({ event }) => ({ phone: event.phone }) } },
        'message.choose': {
          actions: { type: 'chooseMessage', params: ({ event }) => ({ templateId: event.templateId }) },
        },
        'trial.send': { guard: 'hasPicks', target: 'sending' },
      },
    },
    sending: {
      invoke: {
        id: 'sendTrial',
        src: 'sendTrial',
        input: ({ context }) => ({ client: context.client, picked: context.picked, templateId: context.templateId }),
        onDone: {
          target: 'picking',
          actions: [{ type: 'announceSent', params: ({ event }) => event.output }, 'clearPicks'],
        },
        onError: {
          target: 'picking',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
