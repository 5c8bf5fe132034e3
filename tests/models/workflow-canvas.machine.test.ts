import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  AUTOSAVE_MS,
  isDirty,
  workflowCanvasMachine,
  type WorkflowCanvasContext,
} from '../../src/machines/workflow-canvas.machine';
import { GatewayError } from '../../src/gateway/client/call';
import type { WorkflowData } from '../../src/gateway/contract/actions/workflows';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INVARIANT_CODES } from '../../src/gateway/contract/workflow/rules';
import { SAMPLE_JOURNEY } from '../fixtures/workflow-journey';
import { generatePaths, simulatedClock, testModel, type ModelConfig } from './harness';

const loaded: WorkflowData = {
  SeqId: 'SQ00000001',
  Name: 'Onboarding',
  Status: 0,
  Channels: ['sms'],
  Steps: 7,
  CreateTime: 1,
  UpdateTime: 1,
  Revision: 4,
  Document: SAMPLE_JOURNEY,
  Running: null,
};
/** The same workflow while it runs: version 3 is what new entrants take. */
const live: WorkflowData = { ...loaded, Status: 2, Running: { Version: 3, Document: SAMPLE_JOURNEY } };
const tidied = { n1: { x: 0, y: 0 }, n2: { x: 0, y: 144 } };
const rules = (count: number) => Array.from({ length: count }, () => ({ kind: 'received' as const, value: '' }));

// Each event sample below meets one rule of the document (comment: the reason it is refused with).
const events = {
  'node.add': [
    { kind: 'trigger', position: { x: 0, y: -120 } }, // tooManyTriggers (the sample has one)
    { kind: 'exit', position: { x: 200, y: 600 } },
  ],
  'node.move': [
    { id: 'n2', position: { x: 40, y: 120 } },
    { id: 'n99', position: { x: 0, y: 0 } }, // nodeMissing
  ],
  'node.configure': [
    { id: 'n4', config: { start: '18:00', end: '09:00' } }, // windowReversed
    { id: 'n3', config: { amount: -1, unit: 'day' } }, // delayNegative
    { id: 'n5', config: { audienceId: 'SG1', rules: rules(6) } }, // tooManyConditions
    { id: 'n4', config: { start: '25:00', end: '26:00' } }, // configInvalid
    { id: 'n2', config: { templateId: 'UT00000002' } },
  ],
  'edge.connect': [
    { source: 'n5', target: 'n4', branch: 'no' }, // cycleWithoutDelay
    { source: 'n4', target: 'n7' }, // branchTaken
    { source: 'n6', target: 'n1' }, // edgeInvalid
    { source: 'n5', target: 'n7', branch: 'no' },
  ],
  'edge.delete': [{ id: 'e5' }],
  'node.delete': [{ id: 'n7' }],
  'nodes.arrange': [{ positions: { n1: { x: 10, y: 0 } } }],
  'layout.request': [{}],
  'xstate.done.actor.layoutJourney': [{ output: tidied }],
  'xstate.error.actor.layoutJourney': [{ error: new Error('elk failed') }],
  'name.change': [{ name: 'Welcome journey' }, { name: '' }],
  'xstate.done.actor.loadWorkflow': [{ output: loaded }],
  'xstate.done.actor.saveWorkflow': [{ output: { SeqId: 'SQ00000001', Status: 0, UpdateTime: 2, Revision: 5 } }],
  'xstate.error.actor.saveWorkflow': [
    { error: new GatewayError('SaveSEQ2Workflow', RetCode.ValidationError, 'Name already in use') },
    { error: new GatewayError('SaveSEQ2Workflow', RetCode.WorkflowChangedElsewhere, 'Saved elsewhere') },
  ],
  'conflict.reload': [{}],
  'conflict.overwrite': [{}],
  'xstate.error.actor.loadWorkflow': [{ error: new GatewayError('GetSEQ2Workflow', RetCode.ValidationError, 'x') }],
};

const serializeState = (s: { value: unknown; context: WorkflowCanvasContext }) =>
  JSON.stringify([s.value, s.context.refusal?.code ?? null]);

const editConfig: ModelConfig<typeof workflowCanvasMachine> = {
  machine: workflowCanvasMachine,
  input: () => ({ mode: 'edit', seqId: 'SQ00000001' }),
  events,
  serializeState,
  states: {
    'ready.draft.unnamed': (s) => expect(s.context.name.trim()).toBe(''),
    'ready.draft.saving': (s) => expect(s.context.inFlight).not.toBeNull(),
    loadFailed: (s) => expect(s.context.error).toBeTruthy(),
  },
};

testModel('workflow-canvas.machine, edit a draft', editConfig, { requireAllStates: false });
testModel(
  'workflow-canvas.machine, edit a running journey',
  {
    ...editConfig,
    events: { ...events, 'xstate.done.actor.loadWorkflow': [{ output: live }] },
    states: {
      'ready.draft.held': (s) => expect(s.context.running).not.toBeNull(),
      'ready.editor.arranging': (s) => expect(s.context.layoutFailed).toBe(false),
    },
  },
  { requireAllStates: false },
);
testModel(
  'workflow-canvas.machine, new workflow',
  {
    machine: workflowCanvasMachine,
    input: () => ({ mode: 'create' }),
    events: { ...events, 'node.add': [{ kind: 'trigger', position: { x: 0, y: 0 } }] },
    serializeState,
  },
  { requireAllStates: false },
);
testModel(
  'workflow-canvas.machine, preview',
  { machine: workflowCanvasMachine, input: () => ({ mode: 'preview', seqId: 'SQ00000001' }), events },
  { requireAllStates: false },
);

describe('workflow-canvas.machine', () => {
  it('the paths meet every rule of the document as a refused edit', () => {
    const codes = new Set(
      generatePaths(editConfig).flatMap((path) =>
        path.steps.map((step) => (step.state as { context: WorkflowCanvasContext }).context.refusal?.code),
      ),
    );
    expect(INVARIANT_CODES.filter((code) => code !== 'duplicateId' && !codes.has(code))).toEqual([]);
  });

  const start = (mode: 'create' | 'edit' = 'create', workflow: WorkflowData = loaded) => {
    const clock = simulatedClock();
    const saved: unknown[] = [];
    const layouts: unknown[] = [];
    const machine = workflowCanvasMachine.provide({
      actors: {
        loadWorkflow: fromPromise(async () => workflow),
        saveWorkflow: fromPromise(async ({ input }) => {
          saved.push(input);
          return { SeqId: 'SQ00000009', Status: workflow.Status, UpdateTime: 3, Revision: workflow.Revision + 1 };
        }),
        layoutJourney: fromPromise(async ({ input }) => {
          layouts.push(input);
          return tidied;
        }),
      },
    });
    const actor = createActor(machine, { input: { mode, seqId: 'SQ00000001' }, clock }).start();
    const send = (event: { type: string; [key: string]: unknown }) => actor.send(event as never);
    return { actor, clock, saved, layouts, send };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('refuses a second trigger with its reason at the node, and undoes and redoes any edit', () => {
    const { actor, send } = start();
    send({ type: 'node.add', kind: 'trigger', position: { x: 0, y: 0 } });
    send({ type: 'node.add', kind: 'sms', position: { x: 0, y: 100 } });
    send({ type: 'edge.connect', source: 'n1', target: 'n2' });
    send({ type: 'node.add', kind: 'trigger', position: { x: 0, y: 200 } });
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'tooManyTriggers', nodeId: 'n4' });
    expect(actor.getSnapshot().context.document.nodes).toHaveLength(2);
    send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.document.edges).toEqual([]);
    expect(actor.getSnapshot().context.refusal).toBeNull();
    send({ type: 'history.redo' });
    expect(actor.getSnapshot().context.document.edges).toEqual([{ id: 'e3', source: 'n1', target: 'n2' }]);
    send({ type: 'history.undo' });
    send({ type: 'history.undo' });
    send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.document.nodes).toEqual([]);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('saves the draft once, a moment after the last edit, and is clean afterwards', async () => {
    const { actor, clock, saved, send } = start();
    send({ type: 'name.change', name: 'Welcome' });
    send({ type: 'node.add', kind: 'trigger', position: { x: 0, y: 0 } });
    clock.increment(AUTOSAVE_MS - 1);
    send({ type: 'node.add', kind: 'exit', position: { x: 0, y: 100 } });
    clock.increment(AUTOSAVE_MS - 1);
    expect(saved).toHaveLength(0);
    clock.increment(1);
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ seqId: null, name: 'Welcome' });
    expect(actor.getSnapshot().context.seqId).toBe('SQ00000009');
    expect(actor.getSnapshot().matches({ ready: { draft: 'saved' } })).toBe(true);
    expect(isDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('asks before leaving with unsaved changes, and leaves at once when clean', async () => {
    const { actor, send } = start('edit');
    await settle();
    send({ type: 'leave.request' });
    expect(actor.getSnapshot().status).toBe('done');

    const second = start('edit');
    await settle();
    second.send({ type: 'node.move', id: 'n2', position: { x: 5, y: 5 } });
    second.send({ type: 'leave.request' });
    expect(second.actor.getSnapshot().matches({ ready: { editor: 'confirmingLeave' } })).toBe(true);
    second.send({ type: 'leave.stay' });
    second.send({ type: 'leave.request' });
    second.send({ type: 'leave.confirm' });
    expect(second.actor.getSnapshot().status).toBe('done');
  });

  it('tidies up in one edit: a single undo restores the drawn positions, and the draft is dirty', async () => {
    const { actor, layouts, send } = start('edit');
    await settle();
    const drawn = actor.getSnapshot().context.document;
    send({ type: 'layout.request' });
    expect(actor.getSnapshot().matches({ ready: { editor: 'arranging' } })).toBe(true);
    send({ type: 'node.delete', id: 'n2' }); // no edit while elk works
    await settle();
    const { context } = actor.getSnapshot();
    expect(layouts).toEqual([{ document: drawn }]);
    expect(context.document.nodes.find((node) => node.id === 'n2')?.position).toEqual({ x: 0, y: 144 });
    expect(context.past).toHaveLength(1);
    expect(isDirty(context)).toBe(true);
    expect(actor.getSnapshot().matches({ ready: { editor: 'editing', draft: 'pending' } })).toBe(true);
    send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.document).toBe(drawn);
  });

  it('holds a running journey edits until Save, then diffs against the version it saved', async () => {
    const { actor, clock, saved, send } = start('edit', live);
    await settle();
    send({ type: 'node.configure', id: 'n3', config: { amount: 2, unit: 'day' } });
    clock.increment(AUTOSAVE_MS * 3);
    await settle();
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { draft: 'held' } })).toBe(true);
    send({ type: 'draft.save' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(saved).toHaveLength(1);
    expect(context.running).toEqual({ Version: 4, Document: context.document });
    expect(actor.getSnapshot().matches({ ready: { draft: 'saved' } })).toBe(true);
  });

  it('a save refused as changed elsewhere waits in conflict: overwrite saves without a revision, reload forgets the edits', async () => {
    const clock = simulatedClock();
    const saved: { revision: number | null }[] = [];
    const elsewhere = { ...loaded, Name: 'Onboarding (teammate)', Revision: 9 };
    let loads = 0;
    const machine = workflowCanvasMachine.provide({
      actors: {
        loadWorkflow: fromPromise(async () => (loads++ === 0 ? loaded : elsewhere)),
        saveWorkflow: fromPromise(async ({ input }) => {
          saved.push(input);
          if (input.revision === loaded.Revision)
            throw new GatewayError('SaveSEQ2Workflow', RetCode.WorkflowChangedElsewhere, 'saved elsewhere');
          return { SeqId: loaded.SeqId, Status: 0, UpdateTime: 5, Revision: 10 };
        }),
      },
    });
    const open = () => {
      const actor = createActor(machine, { input: { mode: 'edit', seqId: loaded.SeqId }, clock }).start();
      return { actor, send: (event: { type: string; [key: string]: unknown }) => actor.send(event as never) };
    };
    const edit = async ({ actor, send }: ReturnType<typeof open>) => {
      await settle();
      send({ type: 'node.add', kind: 'exit', position: { x: 200, y: 600 } });
      clock.increment(AUTOSAVE_MS);
      await settle();
      expect(actor.getSnapshot().matches({ ready: { draft: 'conflict' } })).toBe(true);
      // nothing more is saved while the user chooses, whatever they edit
      send({ type: 'name.change', name: 'Mine' });
      clock.increment(AUTOSAVE_MS * 3);
      await settle();
      expect(actor.getSnapshot().matches({ ready: { draft: 'conflict' } })).toBe(true);
    };

    const mine = open();
    await edit(mine);
    expect(saved.map((input) => input.revision)).toEqual([loaded.Revision]);
    mine.send({ type: 'conflict.overwrite' });
    await settle();
    expect(saved.map((input) => input.revision)).toEqual([loaded.Revision, null]);
    expect(mine.actor.getSnapshot().matches({ ready: { draft: 'saved' } })).toBe(true);
    expect(mine.actor.getSnapshot().context.revision).toBe(10);

    loads = 0;
    saved.length = 0;
    const theirs = open();
    await edit(theirs);
    theirs.send({ type: 'conflict.reload' });
    await settle();
    const { context } = theirs.actor.getSnapshot();
    expect(theirs.actor.getSnapshot().matches({ ready: { draft: 'saved' } })).toBe(true);
    expect(context).toMatchObject({ name: 'Onboarding (teammate)', revision: 9, past: [], future: [] });
    expect(isDirty(context)).toBe(false);
  });

  it('a copy is a new unsaved draft named after its source', async () => {
    const { actor } = start();
    actor.stop();
    const copy = createActor(
      workflowCanvasMachine.provide({ actors: { loadWorkflow: fromPromise(async () => loaded) } }),
      { input: { mode: 'copy', seqId: 'SQ00000001' } },
    ).start();
    await settle();
    const { context } = copy.getSnapshot();
    expect(context).toMatchObject({ seqId: null, name: 'Onboarding (copy)', nextId: 8 });
    expect(isDirty(context)).toBe(true);
  });
});
