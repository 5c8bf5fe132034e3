import { assign, fromPromise, setup } from 'xstate';
import { createAigcTaskMutation } from '../gateway/client/mutations/aigc';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { aigcResultQuery } from '../gateway/client/queries/aigc';
import { failureText } from '../gateway/client/failures';
import { AIGC_STATUS, type AigcCreateInput, type AigcDesign } from '../gateway/contract/actions/aigc';

// One AI image on /tool/creative-material (issue 16 item 7; docs/decisions.md "Creative material and AI images"):
// submitting starts the task (one AIGCRequestLimit use), then the machine asks for its result every 2 s until it
// succeeded or failed — about 30 s with the sandbox. A refusal (quota, one running already, a bad reference) or a
// lost connection shows its message; retry asks again for the same task, or submits again when none started. A
// reload finds the running task in the list and resumes waiting for it (`generate.resume`).

export interface AigcGenerationContext {
  client: QueryClient | null;
  request: AigcCreateInput | null;
  taskId: string | null;
  design: AigcDesign | null;
  /** The server's Message, or a `library:` key when the gateway could not be reached. */
  error: string | null;
}

export type AigcGenerationEvent =
  | { type: 'generate.start'; request: AigcCreateInput }
  | { type: 'generate.resume'; taskId: string }
  | { type: 'generate.retry' };

export const AIGC_NETWORK_FAILURE_KEY = 'library:creative.networkFailed';
export const AIGC_POLL_MS = 2000;

export const aigcGenerationMachine = setup({
  types: {
    context: {} as AigcGenerationContext,
    events: {} as AigcGenerationEvent,
    input: {} as { client?: QueryClient },
  },
  actors: {
    createTask: fromPromise(({ input }: { input: { client: QueryClient | null; request: AigcCreateInput } }) =>
      runMutation(input.client!, createAigcTaskMutation(input.client!), input.request),
    ),
    getResult: fromPromise(({ input }: { input: { client: QueryClient | null; taskId: string } }) =>
      input.client!.fetchQuery(aigcResultQuery(input.taskId)),
    ),
  },
  delays: { pollInterval: AIGC_POLL_MS },
  guards: {
    succeeded: (_, params: { design: AigcDesign }) => params.design.Status === AIGC_STATUS.Succeeded,
    failed: (_, params: { design: AigcDesign }) => params.design.Status === AIGC_STATUS.Failed,
    hasTask: ({ context }) => context.taskId !== null,
  },
  actions: {
    startNew: assign((_, params: { request: AigcCreateInput }) => ({
      request: params.request,
      taskId: null,
      design: null,
      error: null,
    })),
    keepTask: assign((_, params: { taskId: string }) => ({ taskId: params.taskId, error: null })),
    keepDesign: assign((_, params: { design: AigcDesign }) => ({ design: params.design, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, AIGC_NETWORK_FAILURE_KEY),
    })),
  },
}).createMachine({
  id: 'aigcGeneration',
  context: ({ input }) => ({ client: input.client ?? null, request: null, taskId: null, design: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'generate.resume': {
          target: 'waiting',
          actions: { type: 'keepTask', params: ({ event }) => ({ taskId: event.taskId }) },
        },
        'generate.start': {
          target: 'submitting',
          actions: { type: 'startNew', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'createTask',
        src: 'createTask',
        input: ({ context }) => ({ client: context.client, request: context.request! }),
        onDone: {
          target: 'waiting',
          actions: { type: 'keepTask', params: ({ event }) => ({ taskId: event.output.TaskId }) },
        },
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: { after: { pollInterval: 'checking' } },
    checking: {
      invoke: {
        id: 'getResult',
        src: 'getResult',
        input: ({ context }) => ({ client: context.client, taskId: context.taskId! }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ design: event.output }) },
            target: 'done',
            actions: { type: 'keepDesign', params: ({ event }) => ({ design: event.output }) },
          },
          {
            guard: { type: 'failed', params: ({ event }) => ({ design: event.output }) },
            target: 'failed',
            actions: { type: 'keepDesign', params: ({ event }) => ({ design: event.output }) },
          },
          { target: 'waiting', actions: { type: 'keepDesign', params: ({ event }) => ({ design: event.output }) } },
        ],
        onError: {
          target: 'lost',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The task could not start: nothing was generated or counted. */
    refused: {
      on: {
        'generate.start': {
          target: 'submitting',
          actions: { type: 'startNew', params: ({ event }) => ({ request: event.request }) },
        },
        'generate.retry': 'submitting',
      },
    },
    /** Asking for the result failed: the task goes on on the server; retry asks again. */
    lost: { on: { 'generate.retry': { guard: 'hasTask', target: 'checking' } } },
    done: {
      on: {
        'generate.start': {
          target: 'submitting',
          actions: { type: 'startNew', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    failed: {
      on: {
        'generate.start': {
          target: 'submitting',
          actions: { type: 'startNew', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
  },
});
