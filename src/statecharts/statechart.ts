import type { AnyStateMachine, StateValue } from 'xstate';

/**
 * A machine's structure as plain data: every state node and every transition, with stable ids. The
 * flows inspector draws it, and path generation (src/statecharts/paths.ts) walks it, so a step of a path
 * names the very edge it takes on the diagram. Browser- and Node-safe: no DOM, no React, no vitest.
 */
export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'stateDone';

export interface StateInfo {
  id: string;
  key: string;
  parentId: string | null;
  type: StateType;
  /** this state is its parent's initial state */
  isInitial: boolean;
  /** for compound states: the initial child's id */
  initialId?: string;
  history?: 'shallow' | 'deep';
  /** a history state's default targets */
  historyTargetIds: string[];
  invokes: { id: string; src: string }[];
  entry: string[];
  exit: string[];
  depth: number;
}

export interface TransitionInfo {
  /** `${sourceId}|${eventType or 'always'}|${index among the source's transitions for that event}` */
  id: string;
  sourceId: string;
  /** empty for a targetless transition (actions only) */
  targetIds: string[];
  eventType: string;
  kind: TransitionKind;
  guard?: string;
  /** resolved delay in ms (numbers and named numeric delays) */
  delayMs?: number;
  /** the delay's name when it is computed from context */
  delayName?: string;
  /** the invoked actor's id for done/error events */
  actorId?: string;
  actions: string[];
  reenter: boolean;
}

export interface MachineStructure {
  machineId: string;
  states: StateInfo[];
  transitions: TransitionInfo[];
}

type Fn = ((...args: never[]) => unknown) & { type?: string; guards?: unknown[]; stateValue?: unknown };
interface NodeLike {
  id: string;
  key: string;
  type: StateType;
  parent?: NodeLike;
  states: Record<string, NodeLike>;
  initial?: { target?: NodeLike[] };
  history?: false | 'shallow' | 'deep';
  config: { target?: unknown };
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: (TransitionLike & { delay: unknown })[];
  invoke: { id: string; src: unknown }[];
  entry: unknown[];
  exit: unknown[];
  machine: AnyStateMachine;
}
interface TransitionLike {
  eventType: string;
  target?: NodeLike[];
  guard?: unknown;
  actions: unknown[];
  reenter?: boolean;
  delay?: unknown;
}

export function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as Fn;
    const inner = (fn.guards ?? []).map((g) => guardName(g) ?? 'guard');
    if (fn.name === 'not' && inner.length) return `!${inner[0]}`;
    if (fn.name === 'and' && inner.length) return inner.join(' && ');
    if (fn.name === 'or' && inner.length) return inner.join(' || ');
    if (fn.name === 'stateIn') return `in(${JSON.stringify(fn.stateValue)})`;
    return fn.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as Fn).type;
    if (type) return type.startsWith('xstate.') ? type.slice('xstate.'.length) : type;
    return action.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return undefined;
}

const names = (actions: unknown[]) => actions.map(actionName).filter((name): name is string => Boolean(name));

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'stateDone';
  return 'event';
}

function resolveDelay(machine: AnyStateMachine, delay: unknown): { delayMs?: number; delayName?: string } {
  if (typeof delay === 'number') return { delayMs: delay };
  if (typeof delay === 'string') {
    if (/^\d+$/.test(delay)) return { delayMs: Number(delay) };
    const named = (machine.implementations.delays as Record<string, unknown>)[delay];
    return typeof named === 'number' ? { delayMs: named, delayName: delay } : { delayName: delay };
  }
  return { delayName: 'delay' };
}

function describeTransition(node: NodeLike, transition: TransitionLike, index: number): TransitionInfo {
  const eventType = transition.eventType;
  const kind = kindOf(eventType);
  const info: TransitionInfo = {
    id: `${node.id}|${eventType || 'always'}|${index}`,
    sourceId: node.id,
    targetIds: (transition.target ?? []).map((target) => target.id),
    eventType,
    kind,
    guard: guardName(transition.guard),
    actions: names(transition.actions),
    reenter: Boolean(transition.reenter),
  };
  if (kind === 'done' || kind === 'error') info.actorId = eventType.split('.').slice(3).join('.');
  if (kind === 'after') {
    const after = node.after.find((candidate) => candidate.eventType === eventType);
    Object.assign(info, resolveDelay(node.machine, after?.delay ?? eventType.split('.')[2]));
  }
  return info;
}

/** Every state node (depth first, parents before children) and every transition of a machine. */
export function describeMachine(machine: AnyStateMachine): MachineStructure {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const visit = (node: NodeLike, depth: number) => {
    const parent = node.parent && node.parent !== (machine.root as unknown as NodeLike) ? node.parent : undefined;
    const initialOfParent = node.parent?.initial?.target?.some((target) => target.id === node.id) ?? false;
    const hasTimers = node.after.length > 0;
    // `after` is built from an entry raise and an exit cancel: internal, not the author's actions.
    const ownActions = (actions: unknown[]) =>
      names(actions).filter((name) => !(hasTimers && (name === 'raise' || name === 'cancel')));
    const historyTargets = node.type === 'history' ? [node.config.target].flat().filter(Boolean) : [];
    states.push({
      id: node.id,
      key: node.key,
      parentId: parent ? parent.id : null,
      type: node.type,
      isInitial: node.parent?.type === 'compound' && initialOfParent,
      initialId: node.type === 'compound' ? node.initial?.target?.[0]?.id : undefined,
      history: node.type === 'history' && node.history ? node.history : undefined,
      historyTargetIds: historyTargets.map((target) => resolveTargetId(node, target)),
      invokes: node.invoke.map((invoke) => ({
        id: invoke.id,
        src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
      })),
      entry: ownActions(node.entry),
      exit: ownActions(node.exit),
      depth,
    });
    for (const [, list] of node.transitions)
      list.forEach((transition, index) => transitions.push(describeTransition(node, transition, index)));
    (node.always ?? []).forEach((transition, index) => transitions.push(describeTransition(node, transition, index)));
    for (const child of Object.values(node.states)) visit(child, depth + 1);
  };
  for (const child of Object.values((machine.root as unknown as NodeLike).states)) visit(child, 0);
  return { machineId: machine.id, states, transitions };
}

function resolveTargetId(node: NodeLike, target: unknown): string {
  if (target && typeof target === 'object' && 'id' in target) return String((target as { id: unknown }).id);
  const text = String(target);
  if (text.startsWith('#')) return text.slice(1);
  return node.parent ? `${node.parent.id}.${text}` : text;
}

/** The ids of the states active in a state value (the value a snapshot or an inspection record holds). */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | unknown): string[] {
  const ids: string[] = [];
  const walk = (node: NodeLike, inner: unknown) => {
    if (typeof inner === 'string') {
      const child = node.states[inner];
      if (child) ids.push(child.id, ...initialDescendants(child));
      return;
    }
    if (inner && typeof inner === 'object') {
      for (const [key, nested] of Object.entries(inner)) {
        const child = node.states[key];
        if (!child) continue;
        ids.push(child.id);
        walk(child, nested);
      }
    }
  };
  walk(machine.root as unknown as NodeLike, value);
  return ids;
}

/** A state value names atomic leaves only; a compound leaf (`{}`) never appears, but be safe. */
function initialDescendants(node: NodeLike): string[] {
  if (node.type === 'compound') {
    const first = node.initial?.target?.[0];
    return first ? [first.id, ...initialDescendants(first)] : [];
  }
  return [];
}

/** Describe a delay for people: 500 ms, 3 s, 1 min, 4 h. */
export function formatDelay(ms: number): { amount: number; unit: 'ms' | 's' | 'min' | 'h' } {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return { amount: ms / 3_600_000, unit: 'h' };
  if (ms >= 60_000 && ms % 60_000 === 0) return { amount: ms / 60_000, unit: 'min' };
  if (ms >= 1_000 && ms % 1_000 === 0) return { amount: ms / 1_000, unit: 's' };
  if (ms >= 1_000) return { amount: Math.round(ms / 100) / 10, unit: 's' };
  return { amount: ms, unit: 'ms' };
}

export interface LabelWords {
  always: string;
  done: (actor: string) => string;
  error: (actor: string) => string;
  stateDone: string;
  after: (amount: number, unit: 'ms' | 's' | 'min' | 'h') => string;
  afterNamed: (name: string) => string;
}

export const ENGLISH_WORDS: LabelWords = {
  always: 'always',
  done: (actor) => `done: ${actor}`,
  error: (actor) => `error: ${actor}`,
  stateDone: 'done',
  after: (amount, unit) => `after ${amount} ${unit}`,
  afterNamed: (name) => `after ${name}`,
};

/** The event part of a transition's label: `session.signIn`, `after 3 s`, `done: login`, `always`. */
export function eventLabel(transition: TransitionInfo, words: LabelWords = ENGLISH_WORDS): string {
  switch (transition.kind) {
    case 'always':
      return words.always;
    case 'done':
      return words.done(transition.actorId ?? '');
    case 'error':
      return words.error(transition.actorId ?? '');
    case 'stateDone':
      return words.stateDone;
    case 'after': {
      if (transition.delayMs === undefined) return words.afterNamed(transition.delayName ?? '');
      const { amount, unit } = formatDelay(transition.delayMs);
      return words.after(amount, unit);
    }
    default:
      return transition.eventType;
  }
}

/** The full label: event, then the guard in brackets. */
export function transitionLabel(transition: TransitionInfo, words: LabelWords = ENGLISH_WORDS): string {
  const event = eventLabel(transition, words);
  return transition.guard ? `${event} [${transition.guard}]` : event;
}
