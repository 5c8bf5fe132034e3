import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { failureText } from '../gateway/client/failures';
import type { WorkflowSimulation } from '../gateway/contract/actions/workflows';
import type { WorkflowDocument } from '../gateway/contract/workflow/document';

// Pre-launch simulation on the workflow canvas (issue 14 item 3): "Simulate" sends the document drawn
// now to SimulateSEQ2Workflow, which runs it over the entry list or segment without sending. The result
// belongs to that document: an edit afterwards marks it out of date until the next run.

export interface WorkflowSimulationContext {
  /** The document of the result shown (or being computed). */
  document: WorkflowDocument | null;
  result: WorkflowSimulation | null;
  /** The drawing changed since the result was computed. */
  stale: boolean;
  /** The server's Message, or an i18n key when the gateway could not be reached. */
  error: string | null;
}

export type WorkflowSimulationEvent =
  { type: 'simulate'; document: WorkflowDocument } | { type: 'document.changed' } | { type: 'close' };

export const workflowSimulationMachine = setup({
  types: {
    context: {} as WorkflowSimulationContext,
    events: {} as WorkflowSimulationEvent,
  },
  actors: {
    simulate: fromPromise(({ input }: { input: { document: WorkflowDocument } }) =>
      call('SimulateSEQ2Workflow', { Document: input.document }),
    ),
  },
  actions: {
    start: assign((_, params: { document: WorkflowDocument }) => ({ document: params.document, error: null })),
    keep: assign((_, params: { result: WorkflowSimulation }) => ({ result: params.result, stale: false })),
    markStale: assign({ stale: true }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    clear: assign({ document: null, result: null, stale: false, error: null }),
  },
}).createMachine({
  id: 'workflowSimulation',
  context: { document: null, result: null, stale: false, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        simulate: {
          target: 'simulating',
          actions: { type: 'start', params: ({ event }) => ({ document: event.document }) },
        },
      },
    },
    simulating: {
      invoke: {
        id: 'simulate',
        src: 'simulate',
        input: ({ context }) => ({ document: context.document! }),
        onDone: { target: 'shown', actions: { type: 'keep', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { close: { target: 'closed', actions: 'clear' } },
    },
    shown: {
      on: {
        'document.changed': { actions: 'markStale' },
        simulate: {
          target: 'simulating',
          actions: { type: 'start', params: ({ event }) => ({ document: event.document }) },
        },
        close: { target: 'closed', actions: 'clear' },
      },
    },
    failed: {
      on: {
        simulate: {
          target: 'simulating',
          actions: { type: 'start', params: ({ event }) => ({ document: event.document }) },
        },
        close: { target: 'closed', actions: 'clear' },
      },
    },
  },
});
