import { assign, fromPromise, setup } from 'xstate';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { failureText, retCodeOf } from '../gateway/client/failures';

// "Apply" of something saved that is applied once (a campaign makes its send task, a plan its workflow):
// ready -> applying -> applied, or failed with the reason and Retry. Whether the thing may be applied is
// its lifecycle's answer for the status it was loaded with; the server re-checks it, and applying again
// after a lost answer is safe on the server (a campaign's key; a plan's lifecycle). Each use is its own
// machine id (campaignApply, planApply), so the inspector and the model tests see each.

export interface ApplyInput {
  client?: QueryClient;
  /** The id of what is applied (a CampaignId, a PlanId). */
  id: string;
  /** Its status as loaded. */
  status: number;
}

export interface ApplyContext<R> {
  client: QueryClient | null;
  id: string;
  status: number;
  result: R | null;
  /** The server's Message, or an i18n key when the gateway could not be reached. */
  error: string | null;
  errorCode: number | null;
}

export type ApplyEvent = { type: 'apply.confirm' } | { type: 'apply.retry' };

export interface ApplyWork<R extends { Status: number }> {
  /** The apply Action as a mutation (it invalidates what it changes). */
  mutation: (client: QueryClient) => Parameters<typeof runMutation<R, string>>[1];
  /** The lifecycle's answer: may a thing of this status be applied? */
  applicable: (status: number) => boolean;
}

export function applyOnceMachine<R extends { Status: number }>(id: string, work: ApplyWork<R>) {
  return setup({
    types: {
      context: {} as ApplyContext<R>,
      events: {} as ApplyEvent,
      input: {} as ApplyInput,
    },
    actors: {
      apply: fromPromise(({ input }: { input: { client: QueryClient | null; id: string } }) =>
        runMutation(input.client!, work.mutation(input.client!), input.id),
      ),
    },
    guards: {
      applicable: ({ context }) => work.applicable(context.status),
    },
    actions: {
      storeResult: assign((_, result: R) => ({ result, status: result.Status, error: null, errorCode: null })),
      rememberError: assign((_, params: { error: unknown }) => ({
        error: failureText(params.error),
        errorCode: retCodeOf(params.error) ?? null,
      })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      client: input.client ?? null,
      id: input.id,
      status: input.status,
      result: null,
      error: null,
      errorCode: null,
    }),
    initial: 'ready',
    states: {
      ready: {
        on: { 'apply.confirm': { guard: 'applicable', target: 'applying' } },
      },
      applying: {
        invoke: {
          id: 'apply',
          src: 'apply',
          input: ({ context }) => ({ client: context.client, id: context.id }),
          onDone: { target: 'applied', actions: { type: 'storeResult', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** Not applied; the reason stays shown with Retry. */
      failed: {
        on: { 'apply.retry': 'applying' },
      },
      applied: { type: 'final' },
    },
  });
}
