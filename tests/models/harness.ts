import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';

/**
 * Model-based tests from a machine, in a few lines per machine:
 * 1. paths are generated from the machine itself (TestModel; events drawn from its transitions, so
 *    invoke results and `after` delays are explored like any other event; guards decide as written);
 * 2. each path is replayed on a real actor with a SimulatedClock: an `after` step advances the clock
 *    by the real delay, every other step is sent; after each step the actor must be where the model is.
 */
export interface ModelConfig<M extends AnyStateMachine> {
  machine: M;
  /** Input for both the model and the replay; receives the replay's clock (time-based guards). */
  input?: (clock: SimulatedClock) => unknown;
  /** Payload samples per event type; an event type without samples is sent bare. */
  events?: Record<string, Omit<EventObject, 'type'>[]>;
  /** Event types never to explore. */
  skipEvents?: string[];
  /** Assertions keyed by a state value path ('signedIn.user.ready'), run whenever the actor matches. */
  states?: Record<string, (snapshot: SnapshotFrom<M>) => void>;
  /** Defaults to the state value: context is dropped so counters cannot make the graph infinite. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Generate simple paths too (small machines only). */
  simple?: boolean;
  limit?: number;
}

const START = Date.UTC(2026, 10, 22, 9, 0, 0);

export function simulatedClock(at = START): SimulatedClock {
  const clock = new SimulatedClock();
  clock.set(at);
  return clock;
}

/** Every event type the machine reacts to anywhere, including invoke results and delays. */
export function machineEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of getStateNodes(machine.root)) {
    for (const type of node.transitions.keys()) if (type !== '*' && !type.endsWith('.*')) types.add(type);
  }
  return [...types].sort();
}

function sampleEvents(machine: AnyStateMachine, config: ModelConfig<AnyStateMachine>): EventObject[] {
  return machineEventTypes(machine)
    .filter((type) => !config.skipEvents?.includes(type))
    .flatMap((type) => {
      const samples = config.events?.[type];
      if (samples?.length) return samples.map((payload) => ({ ...payload, type }));
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('simulated failure') }];
      return [{ type }];
    });
}

/** The real delay of an `xstate.after.<delay>.<stateId>` event in the given snapshot. */
function delayOf(machine: AnyStateMachine, eventType: string, snapshot: { context: unknown }): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0];
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (args: { context: unknown }) => number)({ context: snapshot.context });
  throw new Error(`unknown delay ${name}`);
}

/** Invoked actors are replaced by ones that never settle: the path says when they finish. */
function withPendingActors(machine: AnyStateMachine): AnyStateMachine {
  const pending = fromPromise(() => new Promise<never>(() => undefined));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pending]));
  return machine.provide({ actors });
}

function matchesPath(snapshot: { matches: (value: never) => boolean }, path: string): boolean {
  const value = path.split('.').reduceRight<unknown>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined);
  return snapshot.matches(value as never);
}

export function generatePaths<M extends AnyStateMachine>(config: ModelConfig<M>): TestPath<SnapshotFrom<M>, EventObject>[] {
  const { machine } = config;
  const serializeState = (snapshot: unknown) =>
    config.serializeState ? config.serializeState(snapshot as SnapshotFrom<M>) : `${(snapshot as { status: string }).status}:${JSON.stringify((snapshot as { value: unknown }).value)}`;
  const model = new TestModel(machine as AnyStateMachine, {
    events: sampleEvents(machine, config as ModelConfig<AnyStateMachine>),
    input: config.input?.(simulatedClock()),
    // Only events the state takes: an unhandled actor error would fail the machine itself.
    filterEvents: (snapshot, event) => (snapshot as { can: (e: EventObject) => boolean }).can(event),
    serializeState,
    limit: config.limit ?? 2_000,
  });
  // Transition coverage: the shortest path to every state, then each transition out of it.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const paths: TestPath<SnapshotFrom<M>, EventObject>[] = [];
  for (const [key, vertex] of Object.entries(model.getAdjacencyMap())) {
    const head = toState.get(key);
    if (!head) continue;
    const edges = Object.values(vertex.transitions) as { event: EventObject; state: unknown }[];
    if (edges.length === 0) paths.push(head as never);
    for (const edge of edges) {
      paths.push({ ...head, state: edge.state, steps: [...head.steps, { event: edge.event, state: edge.state }], weight: head.weight + 1 } as never);
    }
  }
  if (config.simple) paths.push(...(model.getSimplePaths() as never[]));
  const unique = new Map(paths.map((p) => [p.steps.map((s) => JSON.stringify(s.event, (k, v) => (k === 'error' ? String(v) : v))).join('>'), p]));
  return [...unique.values()];
}

/** A state left at once by an unguarded `always` is never observed at rest. */
function isTransient(node: { always?: { guard?: unknown }[] }): boolean {
  return Boolean(node.always?.some((transition) => !transition.guard));
}

export async function replayPath<M extends AnyStateMachine>(config: ModelConfig<M>, path: TestPath<SnapshotFrom<M>, EventObject>): Promise<void> {
  const clock = simulatedClock();
  const machine = withPendingActors(config.machine);
  const actor = createActor(machine, { input: config.input?.(clock), clock });
  actor.start();
  const check = (expected: { value: unknown }) => {
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(expected.value);
    for (const [statePath, assertion] of Object.entries(config.states ?? {})) {
      if (matchesPath(snapshot, statePath)) assertion(snapshot as SnapshotFrom<M>);
    }
  };
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') {
      check(step.state as { value: unknown });
      continue;
    }
    if (step.event.type.startsWith('xstate.after.')) clock.increment(delayOf(config.machine, step.event.type, actor.getSnapshot()));
    else actor.send(step.event);
    check(step.state as { value: unknown });
  }
  actor.stop();
}

export function describePath(path: TestPath<never, EventObject>): string {
  const events = path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => s.event.type);
  return `${events.length ? events.join(' → ') : '(initial)'} ⇒ ${JSON.stringify((path.state as { value: unknown }).value)}`;
}

/** One vitest test per generated path; also checks that every state of the machine is reached. */
export function testModel<M extends AnyStateMachine>(name: string, config: ModelConfig<M>, { requireAllStates = true } = {}): void {
  describe(`model: ${name}`, () => {
    const paths = generatePaths(config);
    it('generates paths', () => expect(paths.length).toBeGreaterThan(0));
    for (const path of paths) {
      it(describePath(path as TestPath<never, EventObject>), () => replayPath(config, path));
    }
    if (requireAllStates) {
      it('reaches every state', () => {
        const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => (s.state as { _nodes: { id: string }[] })._nodes.map((n) => n.id))));
        const all = getStateNodes(config.machine.root)
          .filter((n) => !isTransient(n as never))
          .map((n) => n.id);
        expect(all.filter((id) => !reached.has(id))).toEqual([]);
      });
    }
  });
}
