import { SimulatedClock, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getStateNodes, TestModel, type TestPath } from 'xstate/graph';

/**
 * Path generation from a machine, shared by tests/models (vitest), the flows inspector (browser) and
 * `npm run paths` (Node): no vitest, no DOM. Transition coverage: the shortest path to every state,
 * then each transition out of it; optionally every simple path. Invoke results and `after` delays are
 * events like any other; guards decide as written.
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

export type MachinePath<M extends AnyStateMachine = AnyStateMachine> = TestPath<SnapshotFrom<M>, EventObject>;

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
export function delayOf(machine: AnyStateMachine, eventType: string, snapshot: { context: unknown }): number {
  const name = eventType.slice('xstate.after.'.length).split('.')[0];
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function')
    return (delay as (args: { context: unknown }) => number)({ context: snapshot.context });
  throw new Error(`unknown delay ${name}`);
}

const defaultSerialize = (snapshot: unknown) =>
  `${(snapshot as { status: string }).status}:${JSON.stringify((snapshot as { value: unknown }).value)}`;

function modelOf<M extends AnyStateMachine>(config: ModelConfig<M>, events: EventObject[]) {
  const serializeState = (snapshot: unknown) =>
    config.serializeState ? config.serializeState(snapshot as SnapshotFrom<M>) : defaultSerialize(snapshot);
  const model = new TestModel(config.machine as AnyStateMachine, {
    events,
    input: config.input?.(simulatedClock()),
    // Only events the state takes: an unhandled actor error would fail the machine itself.
    filterEvents: (snapshot, event) => (snapshot as { can: (e: EventObject) => boolean }).can(event),
    serializeState,
    limit: config.limit ?? 2_000,
  });
  return { model, serializeState };
}

type AnyModel = ReturnType<typeof modelOf>['model'];

/** Transition coverage: the shortest path to every state, then each transition out of it. */
function coveragePaths(model: AnyModel, serializeState: (snapshot: unknown) => string): MachinePath[] {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const paths: MachinePath[] = [];
  for (const [key, vertex] of Object.entries(model.getAdjacencyMap())) {
    const head = toState.get(key);
    if (!head) continue;
    const edges = Object.values(vertex.transitions) as { event: EventObject; state: unknown }[];
    if (edges.length === 0) paths.push(head as never);
    for (const edge of edges) {
      paths.push({
        ...head,
        state: edge.state,
        steps: [...head.steps, { event: edge.event, state: edge.state }],
        weight: head.weight + 1,
      } as never);
    }
  }
  return paths;
}

const pathKey = (path: MachinePath) =>
  path.steps.map((s) => JSON.stringify(s.event, (k, v) => (k === 'error' ? String(v) : v))).join('>');

function unique(paths: MachinePath[]): MachinePath[] {
  return [...new Map(paths.map((p) => [pathKey(p), p])).values()];
}

export function generatePaths<M extends AnyStateMachine>(config: ModelConfig<M>): MachinePath<M>[] {
  const { model, serializeState } = modelOf(
    config,
    sampleEvents(config.machine, config as ModelConfig<AnyStateMachine>),
  );
  const paths = coveragePaths(model, serializeState);
  if (config.simple) paths.push(...(model.getSimplePaths() as never[]));
  return unique(paths) as MachinePath<M>[];
}

/** Every simple path (no state visited twice) from the initial state: small machines only. */
export function generateSimplePaths<M extends AnyStateMachine>(config: ModelConfig<M>): MachinePath<M>[] {
  const { model } = modelOf(config, sampleEvents(config.machine, config as ModelConfig<AnyStateMachine>));
  return unique(model.getSimplePaths() as never[]) as MachinePath<M>[];
}

export function describePath(path: TestPath<never, EventObject>): string {
  const events = path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => s.event.type);
  return `${events.length ? events.join(' → ') : '(initial)'} ⇒ ${JSON.stringify((path.state as { value: unknown }).value)}`;
}
