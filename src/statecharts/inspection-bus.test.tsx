// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { LiveStore } from '../views/flows/live-store';
import { inspectActor, runningActors } from './inspection-bus';

const pageMachine = createMachine({ id: 'page', initial: 'idle', states: { idle: { on: { go: 'busy' } }, busy: {} } });

function Page() {
  useActorRef(pageMachine, { inspect: inspectActor });
  return null;
}

const pageActors = () => runningActors().filter((actor) => actor.record.machineId === 'page');

describe('the inspection bus lists exactly the actors that run (issue 18 §3)', () => {
  let store: LiveStore;
  let stop: () => void = () => {};
  const listed = () => store.getSnapshot().filter((actor) => actor.machineId === 'page');
  afterEach(() => stop());

  it('leaves out an actor that was created and never started', () => {
    store = new LiveStore();
    stop = store.start();
    const created = createActor(pageMachine, { inspect: inspectActor });
    expect(pageActors()).toHaveLength(0);
    expect(listed()).toHaveLength(0);
    created.start();
    expect(pageActors()).toHaveLength(1);
    expect(listed()).toHaveLength(1);
    created.stop();
    expect(pageActors()).toHaveLength(0);
    expect(listed()).toHaveLength(0);
  });

  it('drops a component’s actor when it unmounts, through StrictMode’s double start, three visits over', () => {
    store = new LiveStore();
    stop = store.start();
    for (let visit = 0; visit < 3; visit += 1) {
      const view = render(
        <StrictMode>
          <Page />
        </StrictMode>,
      );
      expect(pageActors()).toHaveLength(1);
      expect(listed()).toHaveLength(1);
      expect(listed()[0].value).toBe('idle');
      act(() => view.unmount());
      expect(pageActors()).toHaveLength(0);
      expect(listed()).toHaveLength(0);
    }
  });

  it('lists the actors of a tab that opened earlier, and only the running ones', () => {
    const running = createActor(pageMachine, { inspect: inspectActor }).start();
    createActor(pageMachine, { inspect: inspectActor });
    store = new LiveStore();
    stop = store.start();
    expect(listed().map((actor) => actor.sessionId)).toEqual([running.sessionId]);
    running.send({ type: 'go' });
    expect(listed()[0].value).toBe('busy');
    running.stop();
    expect(listed()).toHaveLength(0);
  });
});
