import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { getStateNodes, type TestPath } from 'xstate/graph';
import { delayOf, describePath, generatePaths, simulatedClock, type ModelConfig } from '../../src/statecharts/paths';

// The generator is shared with the flows inspector and `npm run paths`; re-exported for model tests.
export {
  delayOf,
  describePath,
  generatePaths,
  machineEventTypes,
  simulatedClock,
  type ModelConfig,
} from '../../src/statecharts/paths';

/**
 * Model-based tests from a machine, in a few lines per machine:
 * 1. paths are generated from the machine itself (TestModel; events drawn from its transitions, so
 *    invoke results and `after` delays are explored like any other event; guards decide as written);
 * 2. each path is replayed on a real actor with a SimulatedClock: an `after` step advances the clock
 *    by the real delay, every other step is sent; after each step the actor must be where the model is.
 */

/** Invoked actors are replaced by ones that never settle: the path says when they finish. */
function withPendingActors(machine: AnyStateMachine): AnyStateMachine {
  const pending = fromPromise(() => new Promise<never>(() => undefined));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pending]));
  return machine.provide({ actors });
}

function matchesPath(snapshot: { matches: (value: never) => boolean }, path: string): boolean {
  const value = path
    .split('.')
    .reduceRight<unknown>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined);
  return snapshot.matches(value as never);
}

/** A state left at once by an unguarded `always` is never observed at rest. */
function isTransient(node: { always?: { guard?: unknown }[] }): boolean {
  return Boolean(node.always?.some((transition) => !transition.guard));
}

export async function replayPath<M extends AnyStateMachine>(
  config: ModelConfig<M>,
  path: TestPath<SnapshotFrom<M>, EventObject>,
): Promise<void> {
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
    if (step.event.type.startsWith('xstate.after.'))
      clock.increment(delayOf(config.machine, step.event.type, actor.getSnapshot()));
    else actor.send(step.event);
    check(step.state as { value: unknown });
  }
  actor.stop();
}

/** One vitest test per generated path; also checks that every state of the machine is reached. */
export function testModel<M extends AnyStateMachine>(
  name: string,
  config: ModelConfig<M>,
  { requireAllStates = true } = {},
): void {
  describe(`model: ${name}`, () => {
    const paths = generatePaths(config);
    it('generates paths', () => expect(paths.length).toBeGreaterThan(0));
    for (const path of paths) {
      it(describePath(path as TestPath<never, EventObject>), () => replayPath(config, path));
    }
    if (requireAllStates) {
      it('reaches every state', () => {
        const reached = new Set(
          paths.flatMap((p) =>
            p.steps.flatMap((s) => (s.state as { _nodes: { id: string }[] })._nodes.map((n) => n.id)),
          ),
        );
        const all = getStateNodes(config.machine.root)
          .filter((n) => !isTransient(n as never))
          .map((n) => n.id);
        expect(all.filter((id) => !reached.has(id))).toEqual([]);
      });
    }
  });
}
