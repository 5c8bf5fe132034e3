import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  workflowSimulationMachine,
  type WorkflowSimulationContext,
} from '../../src/machines/workflow-simulation.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { WorkflowSimulation } from '../../src/gateway/contract/actions/workflows';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { testModel } from './harness';

const document: WorkflowDocument = {
  nodes: [
    {
      id: 't',
      kind: 'trigger',
      position: { x: 0, y: 0 },
      config: { source: 'list', audienceId: 'L1', attribute: '', event: '' },
    },
    { id: 'x', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
  ],
  edges: [{ id: 'e1', source: 't', target: 'x' }],
};
const result: WorkflowSimulation = {
  Entered: 4,
  Nodes: [
    { NodeId: 't', Reached: 4 },
    { NodeId: 'x', Reached: 4 },
  ],
  Channels: [],
  Cost: 0,
  Paths: [{ Nodes: ['t', 'x'], Contacts: 4, Days: 0, Loops: false }],
  PathsTruncated: false,
};

testModel('workflow-simulation.machine', {
  machine: workflowSimulationMachine,
  events: {
    simulate: [{ document }],
    'xstate.done.actor.simulate': [{ output: result }],
    'xstate.error.actor.simulate': [
      { error: new GatewayError('SimulateSEQ2Workflow', RetCode.NotFound, 'The list was deleted') },
    ],
  },
  serializeState: (s: { value: unknown; context: WorkflowSimulationContext }) =>
    JSON.stringify([s.value, s.context.stale, Boolean(s.context.error)]),
  states: {
    closed: (s) => expect(s.context.result).toBeNull(),
    shown: (s) => expect(s.context.result?.Entered).toBe(4),
    failed: (s) => expect(s.context.error).toBe('The list was deleted'),
  },
});

describe('simulate a workflow', () => {
  it('keeps the result for its document and marks it out of date after an edit', async () => {
    const machine = workflowSimulationMachine.provide({
      actors: { simulate: fromPromise(async () => result) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'document.changed' });
    actor.send({ type: 'simulate', document });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context).toMatchObject({ document, stale: false });
    actor.send({ type: 'document.changed' });
    expect(actor.getSnapshot().context.stale).toBe(true);
    actor.send({ type: 'simulate', document });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.stale).toBe(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().context).toMatchObject({ result: null, document: null });
  });
});
