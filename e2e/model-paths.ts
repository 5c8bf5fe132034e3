import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { explorePaths, stateName, type PathInfo, type PathStep } from '../src/statecharts/explore';
import { activeStateIds, describeMachine } from '../src/statecharts/statechart';

/**
 * Model-based e2e: a machine's generated paths (the same ones the inspector lists) run against the
 * real console. Each step's label ("session.logout", "always [hasAccessToken]", "done: logout") maps to
 * a driver: a function that clicks, or 'auto' when the console takes that step by itself. Paths with a
 * step that has no driver are skipped. After a step, when the machine cannot leave the expected state by
 * itself, the real actor's state (read from the inspection channel in the page) must contain it, and the
 * state's own UI check runs.
 */
export type StepDriver = ((page: Page) => Promise<void>) | 'auto';

export interface ModelPathsConfig {
  machine: AnyStateMachine;
  /** Opens the console so the machine starts (a fresh context per path); the path may choose the account. */
  start: (page: Page, path: PathInfo, request: APIRequestContext) => Promise<void>;
  drivers: Record<string, StepDriver>;
  /** UI checks keyed by state name below the machine id ('signedIn.user.ready'). */
  states?: Record<string, (page: Page) => Promise<void>>;
  /** At most this many paths (the longest run last); all by default. */
  maxPaths?: number;
  /**
   * Only the paths no other runnable path goes on from: each takes every step of the shorter paths it
   * extends, so fewer runs still take every step.
   */
  longestOnly?: boolean;
}

declare global {
  interface Window {
    __flowsProbe?: Record<string, unknown>;
  }
}

/** Records the latest state value of every machine actor in the page, from the inspection channel. */
async function installProbe(page: Page) {
  await page.addInitScript(() => {
    window.__flowsProbe = {};
    const channel = new BroadcastChannel('herald-flows');
    channel.onmessage = (message: MessageEvent<{ kind?: string; machineId?: string; value?: unknown }>) => {
      const record = message.data;
      if (record?.kind === 'snapshot' && record.machineId) window.__flowsProbe![record.machineId] = record.value;
    };
  });
}

const stepKey = (step: PathStep) => `${step.label}@${step.stateIds.join(',')}`;

/** Whether `longer` takes all of `shorter`'s steps, in order, and then more. */
function extendsPath(longer: PathInfo, shorter: PathInfo): boolean {
  return (
    longer.steps.length > shorter.steps.length &&
    shorter.steps.every((step, index) => stepKey(step) === stepKey(longer.steps[index]))
  );
}

export function runnablePaths(config: ModelPathsConfig): { run: PathInfo[]; skipped: PathInfo[] } {
  const explored = explorePaths(config.machine, { simple: false });
  const runnable = (path: PathInfo) => path.steps.slice(1).every((step) => step.label in config.drivers);
  const runnableSorted = explored.shortest.filter(runnable).sort((a, b) => a.steps.length - b.steps.length);
  const run = config.longestOnly
    ? runnableSorted.filter((path) => !runnableSorted.some((other) => extendsPath(other, path)))
    : runnableSorted;
  return {
    run: config.maxPaths ? run.slice(0, config.maxPaths) : run,
    skipped: explored.shortest.filter((path) => !runnable(path)),
  };
}

/** Transitions the console takes by itself (their steps are mapped to 'auto'). */
function autoTransitions(config: ModelPathsConfig): Set<string> {
  const steps = explorePaths(config.machine, { simple: false }).shortest.flatMap((path) => path.steps);
  return new Set(
    steps
      .filter((step) => step.transitionId && config.drivers[step.label] === 'auto')
      .map((step) => step.transitionId!),
  );
}

/** Leaves of a step the machine will not leave by itself: those are observable at rest. */
function stableLeaves(config: ModelPathsConfig, auto: Set<string>, step: PathStep): string[] {
  const structure = describeMachine(config.machine);
  const leaves = step.stateIds.filter((id) => !step.stateIds.some((other) => other.startsWith(`${id}.`)));
  return leaves.filter(
    (id) => !structure.transitions.some((transition) => transition.sourceId === id && auto.has(transition.id)),
  );
}

export function modelPathTests(name: string, config: ModelPathsConfig): void {
  const { run, skipped } = runnablePaths(config);
  const auto = autoTransitions(config);
  test.describe(`model paths: ${name}`, () => {
    test('has paths to run', () => {
      expect(
        run.length,
        `skipped (no driver): ${skipped.map((path) => path.steps.map((s) => s.label).join(' → ')).join('; ')}`,
      ).toBeGreaterThan(0);
    });
    // Two paths can share their labels (one event in two regions): number them to keep titles unique.
    for (const [index, path] of run.entries()) {
      const title = `${index + 1}. ${path.steps
        .slice(1)
        .map((step) => step.label)
        .join(' → ')}`;
      test(title, async ({ page, request }) => {
        await installProbe(page);
        await config.start(page, path, request);
        for (const step of path.steps.slice(1)) {
          const driver = config.drivers[step.label];
          if (driver !== 'auto') await driver(page);
          for (const leaf of stableLeaves(config, auto, step)) {
            await expect
              .poll(
                async () =>
                  activeStateIds(
                    config.machine,
                    await page.evaluate((id) => window.__flowsProbe?.[id], config.machine.id),
                  ),
                { message: `after ${step.label}: ${stateName(config.machine.id, leaf)}` },
              )
              .toContain(leaf);
            await config.states?.[stateName(config.machine.id, leaf)]?.(page);
          }
        }
      });
    }
  });
}
