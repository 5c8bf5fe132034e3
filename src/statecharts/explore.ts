import { createMachine, type AnyStateMachine, type EventObject } from 'xstate';
import { generatePaths, generateSimplePaths, type MachinePath } from './paths';
import {
  describeMachine,
  ENGLISH_WORDS,
  transitionLabel,
  type LabelWords,
  type MachineStructure,
  type StateInfo,
  type TransitionInfo,
} from './statechart';

/**
 * Paths QA can read without inputs or payloads. The machine is rebuilt as its bare structure: no
 * actions (nothing touches storage or the network), no timers, no invoked actors; every transition
 * becomes an event `{type, via: transitionId}` whose guard only asks "was I chosen?", so each guarded
 * branch is explored as a choice and every step names the diagram edge it takes. `always`
 * transitions become the event ALWAYS_EVENT, so a transient state shows as one step.
 */
export const ALWAYS_EVENT = 'flows.always';

export interface PathStep {
  /** the transition taken (null for the initial state) */
  transitionId: string | null;
  eventType: string;
  label: string;
  /** ids of the states active after the step */
  stateIds: string[];
  value: unknown;
}

export interface PathInfo {
  id: string;
  kind: 'shortest' | 'simple';
  steps: PathStep[];
}

export interface ExploredPaths {
  machineId: string;
  shortest: PathInfo[];
  /** null when the machine is too large for every simple path */
  simple: PathInfo[] | null;
}

/** "Small enough" for simple paths: their number grows exponentially with states and edges. */
export const SIMPLE_PATH_LIMITS = { states: 14, transitions: 40 };
export const TRAVERSAL_LIMIT = 200_000;

interface StateConfig {
  id: string;
  type?: 'compound' | 'parallel' | 'final' | 'history' | 'atomic';
  initial?: string;
  history?: 'shallow' | 'deep';
  target?: string[];
  states?: Record<string, StateConfig>;
  on?: Record<
    string,
    {
      target?: string[];
      actions?: (() => void)[];
      reenter?: boolean;
      guard: (args: { event: EventObject }) => boolean;
    }[]
  >;
}

const stayAction = () => undefined;

function abstractEventType(transition: TransitionInfo): string {
  return transition.kind === 'always' ? ALWAYS_EVENT : transition.eventType;
}

export function abstractMachine(
  machine: AnyStateMachine,
  structure: MachineStructure = describeMachine(machine),
): { machine: AnyStateMachine; events: (EventObject & { via: string })[] } {
  const byParent = new Map<string | null, StateInfo[]>();
  for (const state of structure.states) byParent.set(state.parentId, [...(byParent.get(state.parentId) ?? []), state]);
  const bySource = new Map<string, TransitionInfo[]>();
  for (const transition of structure.transitions)
    bySource.set(transition.sourceId, [...(bySource.get(transition.sourceId) ?? []), transition]);

  const build = (state: StateInfo): StateConfig => {
    const config: StateConfig = { id: state.id, type: state.type };
    const children = byParent.get(state.id) ?? [];
    if (children.length) config.states = Object.fromEntries(children.map((child) => [child.key, build(child)]));
    if (state.type === 'compound' && state.initialId)
      config.initial = children.find((child) => child.id === state.initialId)?.key;
    if (state.type === 'history') {
      config.history = state.history ?? 'shallow';
      if (state.historyTargetIds.length) config.target = state.historyTargetIds.map((id) => `#${id}`);
    }
    const on: NonNullable<StateConfig['on']> = {};
    for (const transition of bySource.get(state.id) ?? []) {
      const type = abstractEventType(transition);
      (on[type] ??= []).push({
        // A targetless transition needs an action, or `snapshot.can` says it does nothing.
        ...(transition.targetIds.length
          ? { target: transition.targetIds.map((id) => `#${id}`) }
          : { actions: [stayAction] }),
        reenter: transition.reenter,
        guard: ({ event }) => (event as { via?: string }).via === transition.id,
      });
    }
    if (Object.keys(on).length) config.on = on;
    return config;
  };

  const top = byParent.get(null) ?? [];
  const rootInitial = machine.root.initial?.target?.[0]?.key;
  const abstract = createMachine({
    id: structure.machineId,
    ...(machine.root.type === 'parallel' ? { type: 'parallel' as const } : { initial: rootInitial ?? top[0]?.key }),
    states: Object.fromEntries(top.map((state) => [state.key, build(state)])),
  } as never);
  const events = structure.transitions.map((transition) => ({
    type: abstractEventType(transition),
    via: transition.id,
  }));
  return { machine: abstract as AnyStateMachine, events };
}

function toPathInfo(
  path: MachinePath,
  kind: PathInfo['kind'],
  index: number,
  transitions: Map<string, TransitionInfo>,
  order: Map<string, number>,
  words: LabelWords,
): PathInfo {
  const steps = path.steps.map((step): PathStep => {
    const snapshot = step.state as unknown as { value: unknown; _nodes: { id: string; parent?: unknown }[] };
    const via = (step.event as { via?: string }).via;
    const transition = via ? transitions.get(via) : undefined;
    return {
      transitionId: transition?.id ?? null,
      eventType: transition ? transition.eventType : step.event.type,
      label: transition ? transitionLabel(transition, words) : 'start',
      stateIds: snapshot._nodes
        .filter((node) => node.parent)
        .map((node) => node.id)
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
      value: snapshot.value,
    };
  });
  return { id: `${kind}-${index + 1}`, kind, steps };
}

export function explorePaths(
  machine: AnyStateMachine,
  { simple = true, words = ENGLISH_WORDS }: { simple?: boolean; words?: LabelWords } = {},
): ExploredPaths {
  const structure = describeMachine(machine);
  const abstract = abstractMachine(machine, structure);
  const transitions = new Map(structure.transitions.map((transition) => [transition.id, transition]));
  const order = new Map(structure.states.map((state, index) => [state.id, index]));
  // Parallel regions multiply: the traversal visits every combination, so allow more than the tests do.
  const config = { machine: abstract.machine, events: {} as Record<string, { via: string }[]>, limit: TRAVERSAL_LIMIT };
  for (const event of abstract.events) (config.events[event.type] ??= []).push({ via: event.via });
  const shortest = coverTransitions(
    generatePaths(config).map((path, index) => toPathInfo(path, 'shortest', index, transitions, order, words)),
  );
  const small =
    structure.states.length <= SIMPLE_PATH_LIMITS.states &&
    structure.transitions.length <= SIMPLE_PATH_LIMITS.transitions;
  const simplePaths =
    simple && small
      ? generateSimplePaths(config).map((path, index) => toPathInfo(path, 'simple', index, transitions, order, words))
      : null;
  return { machineId: structure.machineId, shortest, simple: simplePaths };
}

/**
 * Parallel regions make one abstract state per combination, so "each edge out of each state" repeats a
 * transition many times. People need each transition once: keep the shortest path ending in each
 * transition, then the shortest path to any state node not yet shown, and number them again.
 */
function coverTransitions(paths: PathInfo[]): PathInfo[] {
  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  const chosen: PathInfo[] = [];
  const takenTransitions = new Set<string>();
  const shownStates = new Set<string>();
  for (const path of byLength) {
    const last = path.steps[path.steps.length - 1];
    const key = last.transitionId ?? 'start';
    if (takenTransitions.has(key)) continue;
    takenTransitions.add(key);
    chosen.push(path);
    for (const id of last.stateIds) shownStates.add(id);
  }
  for (const path of byLength) {
    const last = path.steps[path.steps.length - 1];
    if (last.stateIds.every((id) => shownStates.has(id))) continue;
    chosen.push(path);
    for (const id of last.stateIds) shownStates.add(id);
  }
  return chosen.map((path, index) => ({ ...path, id: `shortest-${index + 1}` }));
}

/** `a.b.c` state ids as people read them: the path below the machine id. */
export function stateName(machineId: string, stateId: string): string {
  return stateId.startsWith(`${machineId}.`) ? stateId.slice(machineId.length + 1) : stateId;
}

function leafNames(machineId: string, step: PathStep): string {
  const leaves = step.stateIds.filter((id) => !step.stateIds.some((other) => other.startsWith(`${id}.`)));
  return leaves.map((id) => stateName(machineId, id)).join(', ');
}

export function pathsToMarkdown(explored: ExploredPaths, title = explored.machineId): string {
  const lines = [`# ${title}`, ''];
  const section = (heading: string, paths: PathInfo[]) => {
    lines.push(`## ${heading} (${paths.length})`, '');
    for (const path of paths) {
      lines.push(`### ${path.id}`, '');
      path.steps.forEach((step, index) =>
        lines.push(
          `${index + 1}. ${index === 0 ? 'start' : `\`${step.label}\``} → ${leafNames(explored.machineId, step)}`,
        ),
      );
      lines.push('');
    }
  };
  section('Shortest paths (transition coverage)', explored.shortest);
  if (explored.simple) section('Simple paths', explored.simple);
  else lines.push('_Simple paths are not generated for a machine this large._', '');
  return lines.join('\n');
}

export function pathsToJson(explored: ExploredPaths): string {
  const shape = (paths: PathInfo[]) =>
    paths.map((path) => ({
      id: path.id,
      steps: path.steps.map((step) => ({
        transition: step.transitionId,
        event: step.eventType,
        label: step.label,
        states: step.stateIds,
        value: step.value,
      })),
    }));
  return JSON.stringify(
    {
      machine: explored.machineId,
      shortest: shape(explored.shortest),
      simple: explored.simple ? shape(explored.simple) : null,
    },
    null,
    2,
  );
}
