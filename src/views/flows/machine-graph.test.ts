import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { fromPromise, setup } from 'xstate';
import { machineToGraph, toElkGraph, applyLayout } from './machine-graph';
import { graphToSvg } from './svg-export';
import { describeMachine, activeStateIds } from '../../statecharts/statechart';
import { explorePaths } from '../../statecharts/explore';

// Every kind of state node and transition the inspector has to draw.
const kitchenSink = setup({
  actors: { load: fromPromise(async () => 1) },
  guards: { isReady: () => true, isLate: () => false },
  delays: { retryDelay: 3_000, computed: () => 10 },
  actions: { track: () => undefined },
}).createMachine({
  id: 'sink',
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isReady', target: 'work' }, { target: 'failed' }] },
    work: {
      type: 'parallel',
      on: { 'work.cancel': '#sink.failed' },
      states: {
        fetch: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'retrying' } },
            retrying: { after: { retryDelay: 'loading', 500: { target: 'loaded', guard: 'isLate' } } },
            loaded: { type: 'final' },
          },
        },
        edit: {
          initial: 'idle',
          states: {
            idle: { entry: 'track', on: { 'edit.start': 'editing', 'edit.note': { actions: 'track' } } },
            editing: { after: { computed: 'idle' }, on: { 'edit.pause': 'paused' } },
            paused: { on: { 'edit.resume': 'resume' } },
            resume: { type: 'history', history: 'deep', target: 'editing' },
          },
        },
      },
    },
    failed: { on: { 'work.retry': 'work' } },
  },
});

describe('machineToGraph', () => {
  const graph = machineToGraph(kitchenSink);
  const structure = describeMachine(kitchenSink);

  it('makes every state a node, nested under its parent', () => {
    const states = graph.nodes.filter((node) => node.kind === 'state');
    expect(states.map((node) => node.id).sort()).toEqual(structure.states.map((state) => state.id).sort());
    expect(states).toHaveLength(12);
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    expect(byId.get('sink.work')).toMatchObject({ type: 'parallel', hasChildren: true, parentId: null });
    expect(byId.get('sink.work.fetch.loading')).toMatchObject({ parentId: 'sink.work.fetch', isInitial: true });
    expect(byId.get('sink.work.fetch.loaded')).toMatchObject({ isFinal: true });
    expect(byId.get('sink.work.edit.resume')).toMatchObject({ type: 'history', history: 'deep', label: 'H*' });
    expect(byId.get('sink.work.fetch.loading')!.details).toEqual([{ kind: 'invoke', text: 'load' }]);
    expect(byId.get('sink.work.edit.idle')!.details).toEqual([{ kind: 'entry', text: 'track' }]);
    // parents come before children (React Flow's rule)
    const index = new Map(graph.nodes.map((node, i) => [node.id, i]));
    for (const node of graph.nodes)
      if (node.parentId) expect(index.get(node.parentId)!).toBeLessThan(index.get(node.id)!);
  });

  it('marks the initial state of the machine and of every compound state', () => {
    const markers = graph.edges
      .filter((edge) => edge.kind === 'initial')
      .map((edge) => edge.target)
      .sort();
    expect(markers).toEqual(['sink.boot', 'sink.work.edit.idle', 'sink.work.fetch.loading']);
  });

  it('makes every transition an edge, labelled with event, guard and delay', () => {
    const transitionEdges = graph.edges.filter((edge) => edge.transitionId);
    expect(new Set(transitionEdges.map((edge) => edge.transitionId))).toEqual(
      new Set(structure.transitions.map((t) => t.id)),
    );
    expect(structure.transitions).toHaveLength(13);
    const labels = transitionEdges.map((edge) => `${edge.source} -> ${edge.target}: ${edge.label}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'sink.boot -> sink.work: always [isReady]',
        'sink.boot -> sink.failed: always',
        'sink.work -> sink.failed: work.cancel',
        'sink.work.fetch.loading -> sink.work.fetch.loaded: done: load',
        'sink.work.fetch.loading -> sink.work.fetch.retrying: error: load',
        'sink.work.fetch.retrying -> sink.work.fetch.loading: after 3 s',
        'sink.work.fetch.retrying -> sink.work.fetch.loaded: after 500 ms [isLate]',
        'sink.work.edit.editing -> sink.work.edit.idle: after computed',
        'sink.work.edit.idle -> sink.work.edit.idle: edit.note',
        'sink.work.edit.paused -> sink.work.edit.resume: edit.resume',
        'sink.failed -> sink.work: work.retry',
      ]),
    );
    expect(transitionEdges.find((edge) => edge.eventType === 'edit.note')).toMatchObject({
      internal: true,
      actions: ['track'],
    });
    expect(graph.edges.find((edge) => edge.kind === 'history')).toMatchObject({
      source: 'sink.work.edit.resume',
      target: 'sink.work.edit.editing',
    });
  });

  it('lays out with elk (hierarchy included) and exports an SVG naming every state', async () => {
    const layout = await new ELK().layout(toElkGraph(graph));
    const laidOut = applyLayout(graph, layout);
    expect(laidOut.width).toBeGreaterThan(0);
    for (const edge of laidOut.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    const svg = graphToSvg(laidOut, { title: 'Kitchen sink' });
    for (const state of structure.states) expect(svg).toContain(`>${state.type === 'history' ? 'H*' : state.key}<`);
    expect(svg).toContain('after 3 s');
  });

  it('reads active states from a state value', () => {
    expect(activeStateIds(kitchenSink, { work: { fetch: 'loading', edit: 'idle' } }).sort()).toEqual(
      ['sink.work', 'sink.work.edit', 'sink.work.edit.idle', 'sink.work.fetch', 'sink.work.fetch.loading'].sort(),
    );
  });

  it('explores every transition as a path step', () => {
    const explored = explorePaths(kitchenSink);
    const taken = new Set(
      explored.shortest.flatMap((path) => path.steps.map((step) => step.transitionId).filter(Boolean)),
    );
    expect([...taken].sort()).toEqual(structure.transitions.map((t) => t.id).sort());
    expect(explored.shortest[0].steps[0]).toMatchObject({ transitionId: null, stateIds: ['sink.boot'] });
  });
});
