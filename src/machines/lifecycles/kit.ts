import {
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';

// One set of status helpers for every lifecycle machine (issue 11 item 1). A lifecycle stores as a
// status code per top-level state, and optionally a secondary code per sub-state (the SMS task's
// result state inside processing). The server puts `statusesAllowing` in its WHERE clauses and moves
// rows with `next`; the console asks `can` which row actions to show. No channel names here.

/** Where a stored row is: its status code and, for lifecycles that have one, its secondary code. */
export interface LifecyclePosition<S> {
  status: S;
  sub: number;
}

export interface LifecycleOptions {
  /** Secondary code by state path ('processing.submitted') or top state name ('complete'). */
  subStatuses?: Record<string, number>;
  /** The secondary code of a state the map does not name. */
  noSub?: number;
}

export interface Lifecycle<M extends AnyStateMachine, S extends string | number> {
  machine: M;
  /** Every status code, in the order of the map. */
  statuses: readonly S[];
  snapshotOf(status: S | number | string, sub?: number): SnapshotFrom<M> | null;
  statusOf(snapshot: SnapshotFrom<M>): LifecyclePosition<S>;
  can(status: S | number | string, event: LifecycleEvent<M>, sub?: number): boolean;
  /** The position after an event, or null when the lifecycle does not allow it. */
  next(status: S | number | string, event: LifecycleEvent<M>, sub?: number): LifecyclePosition<S> | null;
  /** Every status from which an event is allowed (in any of its sub-states). */
  statusesAllowing(event: LifecycleEvent<M>): S[];
}

/** An event object of the machine, or just its type. */
export type LifecycleEvent<M extends AnyStateMachine> = EventFromLogic<M> | EventFromLogic<M>['type'];

interface StateNodeLike {
  initial?: { target: { key: string }[] };
  states: Record<string, StateNodeLike>;
}

export function defineLifecycle<M extends AnyStateMachine, const Map extends Record<string, string | number>>(
  machine: M,
  stateStatus: Map,
  options: LifecycleOptions = {},
): Lifecycle<M, Map[keyof Map]> {
  type S = Map[keyof Map];
  const noSub = options.noSub ?? 0;
  const subStatuses = options.subStatuses ?? {};
  const names = Object.keys(stateStatus);
  const root = machine.root as unknown as StateNodeLike;
  const childrenOf = (name: string) => Object.keys(root.states[name]?.states ?? {});
  const eventOf = (event: LifecycleEvent<M>) =>
    (typeof event === 'string' ? { type: event } : event) as EventFromLogic<M>;

  const resolve = (value: string | Record<string, string>) =>
    machine.resolveState({ value, context: {} }) as AnyMachineSnapshot;

  function resolveStored(status: S | number | string, sub: number = noSub): AnyMachineSnapshot | null {
    const name = names.find((key) => stateStatus[key] === status);
    if (!name) return null;
    const children = childrenOf(name);
    if (children.length === 0) return resolve(name);
    const child =
      children.find((key) => subStatuses[`${name}.${key}`] === sub) ?? root.states[name].initial?.target[0]?.key;
    return resolve({ [name]: child ?? children[0] });
  }

  function snapshotOf(status: S | number | string, sub?: number): SnapshotFrom<M> | null {
    return resolveStored(status, sub) as SnapshotFrom<M> | null;
  }

  function statusOf(snapshot: SnapshotFrom<M> | AnyMachineSnapshot): LifecyclePosition<S> {
    const value = (snapshot as AnyMachineSnapshot).value as string | Record<string, string>;
    const top = typeof value === 'string' ? value : Object.keys(value)[0];
    const path = typeof value === 'string' ? value : `${top}.${value[top]}`;
    return { status: stateStatus[top] as S, sub: subStatuses[path] ?? subStatuses[top] ?? noSub };
  }

  function can(status: S | number | string, event: LifecycleEvent<M>, sub?: number): boolean {
    return resolveStored(status, sub)?.can(eventOf(event)) ?? false;
  }

  function next(status: S | number | string, event: LifecycleEvent<M>, sub?: number): LifecyclePosition<S> | null {
    const snapshot = resolveStored(status, sub);
    if (!snapshot || !snapshot.can(eventOf(event))) return null;
    const [after] = transition(machine, snapshot as SnapshotFrom<M>, eventOf(event));
    return statusOf(after as AnyMachineSnapshot);
  }

  function statusesAllowing(event: LifecycleEvent<M>): S[] {
    return names
      .filter((name) => {
        const children = childrenOf(name);
        const paths = children.length ? children.map((child) => ({ [name]: child })) : [name];
        return paths.some((value) => resolve(value).can(eventOf(event)));
      })
      .map((name) => stateStatus[name] as S);
  }

  return {
    machine,
    statuses: names.map((name) => stateStatus[name] as S),
    snapshotOf,
    statusOf,
    can,
    next,
    statusesAllowing,
  };
}
